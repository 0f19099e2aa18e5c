// A 503 on the traveller's booking pages (src/islands/booking/unavailable.ts): the database's moment of unavailability
// is said as the service's (its message keyed by the server), not blamed on the hotel's supplier; the supplier's own 503
// keeps its words.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/shared/contract/api-client';
import { unavailableText } from '../../src/islands/booking/unavailable';
import { LABELS } from '../../src/shared/i18n';
import { translate } from '../../src/shared/i18n/translate';
import { errorBody } from '../../functions/errors';
import { MSG } from '../../src/shared/contract/auth';
import { BOOKING_MSG } from '../../src/shared/contract/booking';

const t = (language: 'en-US' | 'fr-FR') => {
  const labels = Object.fromEntries(Object.entries(LABELS).map(([key, texts]) => [key, texts[language]]));
  return (key: string) => translate(labels, false, language, key);
};

describe('a 503 on the booking pages', () => {
  it('says the service is unavailable for the database, and the supplier for the supplier', () => {
    // The bodies as the server writes them (functions/errors.ts errorBody keys the messages it knows).
    const database = new ApiFailure(503, errorBody('UPSTREAM_FAILED', MSG.serviceUnavailable));
    const supplier = new ApiFailure(503, errorBody('UPSTREAM_FAILED', BOOKING_MSG.supplierDown));
    expect(unavailableText(t('en-US'), database)).toBe('Service temporarily unavailable, please try again');
    expect(unavailableText(t('fr-FR'), database)).toBe('Service temporairement indisponible, veuillez réessayer');
    expect(unavailableText(t('en-US'), supplier)).toBe('This hotel’s prices are not available right now. Please try again in a moment.');
    expect(unavailableText(t('fr-FR'), supplier)).toBe(t('fr-FR')('bk_supplier_unavailable'));
    expect(unavailableText(t('fr-FR'), supplier)).not.toMatch(/^$|hotel’s|prices/);
  });
});
