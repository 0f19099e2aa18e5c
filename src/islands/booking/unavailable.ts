// A 503's words on the traveller's booking pages: the server's own when its message is keyed (the database unavailable
// for a moment, docs/decisions/0010-outside-failures-and-d1-retries.md: src/shared/i18n/message-keys.ts keys it), said in
// the page's language; else the hotel's supplier that could not price or take the room.
import type { ApiFailure } from '../../shared/contract/api-client';

export function unavailableText(t: (key: string) => string, err: ApiFailure): string {
  const key = err.body?.error?.key;
  return (key ? t(key) : '') || t('bk_supplier_unavailable');
}
