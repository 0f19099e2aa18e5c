// Money in integer minor units and conversion through USD (docs/contract.md#conventions, docs/contract.md#catalogues).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, convertMinorDown, formatMoney, fromMinor, minorDigits, pricesVisible, rateOf, spreadOver, toMinor, UnknownCurrencyError } from '../../src/shared/rules/money';

const RATES = { EUR: 0.92, GBP: 0.79, CAD: 1.36, AUD: 1.52, JPY: 151.2, INR: 83.3, MXN: 17.1 };

describe('money', () => {
  it('keeps amounts in whole minor units of each currency', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('jpy')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(fromMinor(1999, 'USD')).toBe(19.99);
    expect(fromMinor(1235, 'JPY')).toBe(1235);
  });

  it('converts from USD by multiplying and to USD by dividing', () => {
    expect(convertMinor(10_000, 'USD', 'EUR', RATES)).toBe(9_200);
    expect(convertMinor(9_200, 'EUR', 'USD', RATES)).toBe(10_000);
    expect(convertMinor(10_000, 'USD', 'JPY', RATES)).toBe(15_120);
    expect(convertMinor(7_900, 'GBP', 'EUR', RATES)).toBe(9_200);
    expect(convertMinor(500, 'EUR', 'EUR', RATES)).toBe(500);
  });

  it('never rounds up when asked to stay within what a card holds', () => {
    expect(convertMinorDown(1, 'USD', 'EUR', RATES)).toBe(0);
    expect(convertMinor(1, 'USD', 'EUR', RATES)).toBe(1);
  });

  it('refuses a currency it has no rate for', () => {
    expect(() => rateOf(RATES, 'XYZ')).toThrow(UnknownCurrencyError);
    expect(rateOf({}, 'usd')).toBe(1);
  });

  it('formats prices for people in their language', () => {
    expect(formatMoney(123_450, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(123_450, 'EUR', 'fr-FR')).toMatch(/1\s?234,50\s?€/);
    expect(formatMoney(12_345, 'JPY', 'en-US')).toBe('¥12,345');
  });

  it('shows prices to guests always and to members as the org says', () => {
    expect(pricesVisible({ signedIn: false, orgDisplayPrice: 0 })).toBe(true);
    expect(pricesVisible({ signedIn: true, orgDisplayPrice: 0 })).toBe(false);
    expect(pricesVisible({ signedIn: true, orgDisplayPrice: 1 })).toBe(true);
    expect(pricesVisible({ signedIn: true, orgDisplayPrice: 1, userDisplayPrice: 0 })).toBe(false);
  });

  it('a conversion there and back lands within a cent (property)', () => {
    const codes = Object.keys(RATES);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(...codes), (usdMinor, code) => {
        const back = convertMinor(convertMinor(usdMinor, 'USD', code, RATES), code, 'USD', RATES);
        // JPY has no cents: one yen is worth under a cent, so its round trip also stays within one cent.
        expect(Math.abs(back - usdMinor)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a conversion there and back lands within a cent for any positive rates (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.double({ min: 0.05, max: 50, noNaN: true }),
        (usdMinor, rate) => {
          const rates = { EUR: rate };
          const back = convertMinor(convertMinor(usdMinor, 'USD', 'EUR', rates), 'EUR', 'USD', rates);
          // Rounding in EUR costs at most half a euro cent, i.e. 0.5/rate US cents, plus the final half cent.
          expect(Math.abs(back - usdMinor)).toBeLessThanOrEqual(Math.max(1, Math.ceil(0.5 / rate + 0.5)));
        },
      ),
    );
  });
});

describe('spreadOver', () => {
  it('shares a total in proportion to the weights, in whole units adding up to it, the largest remainders first', () => {
    expect(spreadOver(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(spreadOver(100, [30, 70])).toEqual([30, 70]);
    expect(spreadOver(101, [1, 2])).toEqual([34, 67]);
    expect(spreadOver(7, [0, 0])).toEqual([4, 3]);
    expect(spreadOver(5, [])).toEqual([]);
  });
  it('always adds up to the total, never below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }), (total, weights) => {
        const out = spreadOver(total, weights);
        expect(out.reduce((a, b) => a + b, 0)).toBe(total);
        expect(out.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
      }),
    );
  });
});
