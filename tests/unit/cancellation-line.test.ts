// A deadline that has passed is never shown as a promise: the one sentence pages and mails use (cancellationLine)
// says "Free cancellation until …" only before the deadline on the hotel's clock, and what cancelling costs after it.
import { describe, expect, it } from 'vitest';
import { bookingTranslator, cancellationLine } from '../../src/shared/i18n/cancellation-line';
import { cancellationStanding, freeCancellationDeadline } from '../../src/shared/rules/cancellation';

const en = bookingTranslator('en-US');
const fr = bookingTranslator('fr-FR');
const second = 1000;

describe('the cancellation line at the deadline, on the hotel’s clock', () => {
  // Tokyo is 9 hours ahead of UTC: 18:00 there on 12 Dec is 09:00 UTC.
  const tokyo = freeCancellationDeadline('HLT', '2026-12-14', 'Asia/Tokyo')!;
  // Honolulu is 10 hours behind: 18:00 there on 12 Dec is 04:00 UTC on the 13th.
  const honolulu = freeCancellationDeadline('HLT', '2026-12-14', 'Pacific/Honolulu')!;

  it('promises free cancellation just before the deadline, in a zone ahead of UTC (English and French)', () => {
    const now = Date.parse(tokyo) - second;
    const terms = { deadline: tokyo, percentAfter: 100, timeZone: 'Asia/Tokyo', productType: 'HLT' };
    expect(cancellationLine(en, 'en-US', terms, now)).toBe('Free cancellation until Dec 12, 2026, 18:00 (hotel time); after that the booking can no longer be cancelled and is not refunded');
    expect(cancellationLine(fr, 'fr-FR', terms, now)).toMatch(/^Annulation gratuite jusqu’au 12 déc\. 2026,? 18:00 \(heure de l’hôtel\)/);
  });

  it('says what cancelling costs just after the deadline, in a zone ahead of UTC (English and French)', () => {
    const now = Date.parse(tokyo) + second;
    const full = { deadline: tokyo, percentAfter: 100, timeZone: 'Asia/Tokyo', productType: 'HLT' };
    expect(cancellationLine(en, 'en-US', full, now)).toBe('Free cancellation ended on Dec 12, 2026, 18:00 (hotel time). Cancelling now costs the full price: nothing is refunded.');
    expect(cancellationLine(fr, 'fr-FR', full, now)).toMatch(/^L’annulation gratuite a pris fin le 12 déc\. 2026,? 18:00 \(heure de l’hôtel\)\. Annuler maintenant coûte le prix total/);
    const fee = { ...full, percentAfter: 20, priceMinor: 50_000, currency: 'EUR' };
    expect(cancellationLine(en, 'en-US', fee, now)).toBe('Free cancellation ended on Dec 12, 2026, 18:00 (hotel time). Cancelling now costs €100.00.');
    expect(cancellationLine(fr, 'fr-FR', fee, now)).toMatch(/Annuler maintenant coûte 100,00\s€\.$/);
    expect(cancellationLine(fr, 'fr-FR', fee, now)).not.toContain('gratuite jusqu’au');
  });

  it('turns at 18:00 hotel time in a zone behind UTC, whatever the UTC date says', () => {
    const terms = { deadline: honolulu, percentAfter: 100, timeZone: 'Pacific/Honolulu', productType: 'HLT' };
    // 03:59:59 UTC on the 13th is still 17:59:59 on the 12th in Honolulu: free.
    expect(cancellationStanding(honolulu, 100, Date.parse(honolulu) - second).kind).toBe('free');
    expect(cancellationLine(en, 'en-US', terms, Date.parse(honolulu) - second)).toContain('Free cancellation until Dec 12, 2026, 18:00 (hotel time)');
    expect(cancellationLine(fr, 'fr-FR', terms, Date.parse(honolulu) - second)).toContain('Annulation gratuite jusqu’au 12 déc.');
    expect(cancellationStanding(honolulu, 100, Date.parse(honolulu)).kind).toBe('closed');
    expect(cancellationLine(en, 'en-US', terms, Date.parse(honolulu) + second)).toMatch(/^Free cancellation ended on Dec 12, 2026, 18:00 \(hotel time\)\. Cancelling now costs/);
    expect(cancellationLine(fr, 'fr-FR', terms, Date.parse(honolulu) + second)).toMatch(/^L’annulation gratuite a pris fin le 12 déc\./);
  });

  it('states a plan’s fee after the deadline while it is still free, and a percent when the price is not known', () => {
    const terms = { deadline: tokyo, percentAfter: 30, timeZone: 'Asia/Tokyo', productType: 'HLT' };
    expect(cancellationLine(en, 'en-US', terms, Date.parse(tokyo) - second)).toBe('Free cancellation until Dec 12, 2026, 18:00 (hotel time); after that cancelling costs 30% of the price');
    expect(cancellationLine(en, 'en-US', terms, Date.parse(tokyo) + second)).toBe('Free cancellation ended on Dec 12, 2026, 18:00 (hotel time). Cancelling now costs 30% of the price.');
  });

  it('an activity keeps the place’s local time, and a stay never free says it is non-refundable', () => {
    const act = freeCancellationDeadline('ACT', '2026-12-14', 'Europe/Paris')!;
    expect(cancellationLine(fr, 'fr-FR', { deadline: act, percentAfter: 100, timeZone: 'Europe/Paris', productType: 'ACT' }, Date.parse(act) + second)).toContain('(heure locale)');
    expect(cancellationLine(en, 'en-US', { deadline: null, percentAfter: 100, timeZone: 'Europe/Paris', productType: 'RST' }, 0)).toBe('Non-refundable: the booking cannot be cancelled');
  });
});
