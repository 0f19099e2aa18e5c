// A 503 on the traveller's booking pages (src/islands/booking/unavailable.ts): the database's moment of unavailability
// is said as the service's, not blamed on the hotel's supplier; the supplier's own 503 keeps its words.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/shared/contract/api-client';
import { unavailableText } from '../../src/islands/booking/unavailable';
import { LABELS } from '../../src/shared/i18n';
import { translate } from '../../src/shared/i18n/translate';

const t = (language: 'en-US' | 'fr-FR') => {
  const labels = Object.fromEntries(Object.entries(LABELS).map(([key, texts]) => [key, texts[language]]));
  return (key: string) => translate(labels, false, language, key);
};

describe('a 503 on the booking pages', () => {
  it('says the service is unavailable for the database, and the supplier for the supplier', () => {
    const database = new ApiFailure(503, { status: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'Service temporarily unavailable, please try again', key: 'auth_msg_serviceUnavailable' } });
    const supplier = new ApiFailure(503, { status: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'This hotel’s rooms cannot be priced right now: try again in a moment' } });
    expect(unavailableText(t('en-US'), database)).toBe('Service temporarily unavailable, please try again');
    expect(unavailableText(t('fr-FR'), database)).toBe('Service temporairement indisponible, veuillez réessayer');
    expect(unavailableText(t('en-US'), supplier)).toBe('This hotel’s prices are not available right now. Please try again in a moment.');
    expect(unavailableText(t('fr-FR'), supplier)).not.toMatch(/hotel’s|prices/);
  });
});
