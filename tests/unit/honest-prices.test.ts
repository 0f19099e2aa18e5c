// One rounding rule (decision 0026), held over random currencies, rates, prices and cards: each line is converted and
// rounded once, and every total is the sum of the lines shown with it, to the minor unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, fromMinor, toMinor } from '../../src/shared/rules/money';
import { cardValueMinor, computeAmounts, discountCapMinor, stayPrice, type WalletCard } from '../../src/shared/rules/wallet';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KWD', 'INR', 'MXN', 'BHD', 'CAD'];
const currency = fc.constantFrom(...CURRENCIES);
const rates = fc.record(Object.fromEntries(CURRENCIES.filter((c) => c !== 'USD').map((c) => [c, fc.double({ min: 0.05, max: 2_000, noNaN: true, noDefaultInfinity: true })])));
const type = fc.constantFrom('HLT', 'ACT', 'RST', 'STY');

const card = (kind: WalletCard['kind']) =>
  fc.record({ minor: fc.integer({ min: 1, max: 5_000_000 }), currency }).map(
    ({ minor, currency: cur }): WalletCard => ({
      id: 1, code: 'X', kind, status: 'ACTIVE', services: ['HLT', 'ACT', 'RST', 'STY'], proCode: 'HLTACTRSTSTY', amountMinor: minor, redemptionMinor: minor, currency: cur, productCode: '', owner: 'user',
    }),
  );

describe('honest prices', () => {
  it('a stay costs the unit price shown times the nights or guests shown, in every currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), type, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 12 }), currency, rates, (unitUsd, t, nights, guests, cur, r) => {
        const stay = stayPrice(unitUsd, t, nights, guests, cur, r);
        expect(stay.unitMinor).toBe(convertMinor(unitUsd, 'USD', cur, r));
        expect(stay.units).toBe(t === 'ACT' ? guests : nights);
        // What the page shows: the unit price and the stay's price, each as a wire amount read back.
        expect(toMinor(fromMinor(stay.priceMinor, cur), cur)).toBe(toMinor(fromMinor(stay.unitMinor, cur), cur) * stay.units);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the wallet parts and the amount to pay add up to the price, and no card pays more than it is worth', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }), type, currency, rates,
        fc.option(card('certificate')), fc.option(card('discount')), fc.option(card('cash')),
        (priceMinor, t, cur, r, certificate, discountCard, cashCard) => {
          const a = computeAmounts({ priceMinor, product: t, currency: cur, rates: r, certificate, discountCard, cashCard });
          expect(a.certificateMinor + a.discountMinor + a.cashMinor + a.totalMinor).toBe(priceMinor);
          for (const part of [a.certificateMinor, a.discountMinor, a.cashMinor, a.totalMinor]) expect(part).toBeGreaterThanOrEqual(0);
          if (certificate) expect(a.certificateMinor).toBeLessThanOrEqual(cardValueMinor(certificate, cur, r));
          if (discountCard) expect(a.discountMinor).toBeLessThanOrEqual(Math.min(cardValueMinor(discountCard, cur, r), discountCapMinor(priceMinor, t)));
          if (cashCard) expect(a.cashMinor).toBeLessThanOrEqual(cardValueMinor(cashCard, cur, r));
          for (const spend of a.spends) {
            const used = [certificate, discountCard, cashCard].find((c) => c?.kind === spend.kind)!;
            expect(spend.cardMinor).toBeLessThanOrEqual(spend.kind === 'certificate' ? used.redemptionMinor : used.amountMinor);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("a card's value is never more than it holds, converted at the rate", () => {
    fc.assert(
      fc.property(card('cash'), currency, rates, (c, cur, r) => {
        const value = cardValueMinor(c, cur, r);
        const exact = convertMinor(c.amountMinor, c.currency, cur, r);
        expect(value === exact || value === exact - 1).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
