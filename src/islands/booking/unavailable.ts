// A 503's words on the traveller's booking pages: the service's own when the database was unavailable for a moment
// (its message is keyed, docs/decisions/0010-outside-failures-and-d1-retries.md), else the hotel's supplier that could
// not price or take the room.
import type { ApiFailure } from '../../shared/contract/api-client';

export const unavailableText = (t: (key: string) => string, err: ApiFailure) =>
  err.body?.error?.key === 'auth_msg_serviceUnavailable' ? t('auth_msg_serviceUnavailable') : t('bk_supplier_unavailable');
