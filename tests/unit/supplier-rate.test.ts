// A bed bank's rate in section 17's terms (src/shared/rules/supplier-rate.ts): its cancellation charges as a plan's
// terms, its name in every language, and its total shared out over the nights.
import { describe, expect, it } from 'vitest';
import { evenNights, supplierRateName, supplierTerms } from '../../src/shared/rules/supplier-rate';
import { rateCancellationDeadline } from '../../src/shared/rules/cancellation';

describe('a supplier rate’s cancellation terms', () => {
  it('are free until the day of the first charge, then that charge as a percent of the net, rounded up', () => {
    const terms = supplierTerms({ refundable: true, netMinor: 30_000, charges: [{ amountMinor: 10_001, from: '2027-03-07T23:59:00+00:00' }] }, '2027-03-10');
    expect(terms).toEqual({ refundable: true, free_cancellation_days: 3, cancellation_fee_percent: 34 });
    // The deadline the pages show (18:00 that day, hotel time) is never later than the supplier's own.
    expect(Date.parse(rateCancellationDeadline('HLT', terms, '2027-03-10', 'UTC')!)).toBeLessThanOrEqual(Date.parse('2027-03-07T23:59:00Z'));
  });

  it('read a charge with an offset on its UTC day, and cap the fee at the whole net', () => {
    expect(supplierTerms({ refundable: true, netMinor: 100, charges: [{ amountMinor: 500, from: '2027-03-08T01:00:00+02:00' }] }, '2027-03-10')).toEqual({
      refundable: true, free_cancellation_days: 3, cancellation_fee_percent: 100,
    });
  });

  it('are non-refundable for a non-refundable rate, a rate without charges, or a charge from the day of arrival', () => {
    const none = { refundable: false, free_cancellation_days: null, cancellation_fee_percent: null };
    expect(supplierTerms({ refundable: false, netMinor: 100, charges: [{ amountMinor: 100, from: '2027-03-01T00:00:00Z' }] }, '2027-03-10')).toEqual(none);
    expect(supplierTerms({ refundable: true, netMinor: 100, charges: [] }, '2027-03-10')).toEqual(none);
    expect(supplierTerms({ refundable: true, netMinor: 100, charges: [{ amountMinor: 50, from: '2027-03-10T10:00:00Z' }] }, '2027-03-10')).toEqual(none);
    expect(supplierTerms({ refundable: true, netMinor: 100, charges: [{ amountMinor: 50, from: 'soon' }] }, '2027-03-10')).toEqual(none);
  });
});

describe('a supplier rate’s name and nights', () => {
  it('is named in every language by whether it refunds', () => {
    expect(supplierRateName(true)).toEqual({ 'en-US': 'Flexible rate', 'fr-FR': 'Tarif flexible', 'es-ES': 'Tarifa flexible' });
    expect(supplierRateName(false)['fr-FR']).toBe('Tarif non remboursable');
  });

  it('shares the total over the nights in whole minor units adding up to it', () => {
    expect(evenNights(1000, ['a', 'b', 'c'])).toEqual([{ date: 'a', minor: 334 }, { date: 'b', minor: 333 }, { date: 'c', minor: 333 }]);
    expect(evenNights(900, ['a', 'b', 'c']).map((n) => n.minor)).toEqual([300, 300, 300]);
  });
});
