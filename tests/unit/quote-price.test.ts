// The quote's price rule (src/shared/rules/quote-price.ts): the net is the unit price times the nights or the guests,
// the markup is taken on that net and rounded half up once, the total is their sum; the server's saved quote, the
// products' agent pricing and the quote builder's estimate all come from it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '../../src/shared/rules/money';
import { stayPrice } from '../../src/shared/rules/wallet';
import { bpsOfPercent, DEFAULT_MARKUP_BPS, markupOf, percentOfBps, quotePrice, quotePriceIn, quotePriceOfNet, sellPrice } from '../../src/shared/rules/quote-price';

const RATES = { EUR: 0.92, GBP: 0.5, JPY: 151.2, KWD: 0.3071 };

/** Half up to the minor unit in integer arithmetic: the rule's rounding, stated without floating point. */
const halfUp = (netMinor: number, bps: number) => Number((BigInt(netMinor) * BigInt(bps) + 5000n) / 10000n);

describe('the quote price rule', () => {
  it('prices a hotel per night and takes the default 10 % markup on that net', () => {
    // 3 nights at 123.45: 370.35 net, 37.035 → 37.04 markup, 407.39 to pay.
    expect(quotePrice({ unitMinor: 12_345, product: 'HLT', nights: 3, guests: 2 }, DEFAULT_MARKUP_BPS)).toEqual({ netMinor: 37_035, markupMinor: 3_704, totalMinor: 40_739 });
  });

  it('prices an activity per person, whatever the nights', () => {
    // 3 persons at 25.00 with 12.5 %: 75.00 net, 9.375 → 9.38 markup.
    expect(quotePrice({ unitMinor: 2_500, product: 'ACT', nights: 5, guests: 3 }, 1250)).toEqual({ netMinor: 7_500, markupMinor: 938, totalMinor: 8_438 });
  });

  it('rounds the markup half up to the minor unit: 100.5 is 101, 100.4 is 100', () => {
    // Banker's rounding or truncation would make the first 100; rounding up would make the second 101.
    expect(quotePrice({ unitMinor: 335, product: 'HLT', nights: 3, guests: 1 }, 1000)).toEqual({ netMinor: 1005, markupMinor: 101, totalMinor: 1106 });
    expect(quotePrice({ unitMinor: 502, product: 'RST', nights: 2, guests: 1 }, 1000)).toEqual({ netMinor: 1004, markupMinor: 100, totalMinor: 1104 });
    expect(markupOf(1005, 1000)).toBe(101);
    expect(markupOf(1004, 1000)).toBe(100);
  });

  it('a stay priced night by night (its net a whole total) gets the same rule as a unit price times the nights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 10_000 }), (netMinor, bps) => {
        const p = quotePriceOfNet(netMinor, bps);
        expect(p).toEqual({ netMinor, markupMinor: halfUp(netMinor, bps), totalMinor: netMinor + halfUp(netMinor, bps) });
        expect(sellPrice(netMinor, bps)).toBe(p.totalMinor);
        expect(quotePrice({ unitMinor: netMinor, product: 'HLT', nights: 1, guests: 2 }, bps)).toEqual(p);
      }),
    );
  });

  it('always rounds as integer half-up does, and the parts add up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom('HLT', 'ACT', 'RST', 'STY'),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 10_000 }),
        (unitMinor, product, nights, guests, bps) => {
          const p = quotePrice({ unitMinor, product, nights, guests }, bps);
          expect(p.netMinor).toBe(unitMinor * (product === 'ACT' ? guests : nights));
          expect(p.markupMinor).toBe(halfUp(p.netMinor, bps));
          expect(p.totalMinor).toBe(p.netMinor + p.markupMinor);
          expect(Number.isInteger(p.totalMinor)).toBe(true);
        },
      ),
    );
  });

  it('converts the unit price once and then multiplies, as the product pages show it', () => {
    // 10.05 USD a night is 5.025 → 5.03 GBP; three nights are 15.09 (converting the 30.15 total would give 15.08).
    expect(quotePriceIn(1005, { product: 'HLT', nights: 3, guests: 2 }, 'GBP', RATES, 0)).toEqual({ netMinor: 1509, markupMinor: 0, totalMinor: 1509 });
    // In yen, whole units: 80.00 USD is 12,096 JPY a night; 2 nights 24,192; 10 % is 2,419.2 → 2,419.
    expect(quotePriceIn(8000, { product: 'STY', nights: 2, guests: 4 }, 'JPY', RATES, 1000)).toEqual({ netMinor: 24_192, markupMinor: 2_419, totalMinor: 26_611 });
  });

  it('gives the quote builder, which starts from the unit price a page shows, the server’s own figures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.constantFrom('HLT', 'ACT', 'RST', 'STY'),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 18 }),
        fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'KWD'),
        fc.integer({ min: 0, max: 10_000 }),
        (unitUsdMinor, product, nights, guests, currency, bps) => {
          const stay = { product, nights, guests };
          const shownUnit = fromMinor(stayPrice(unitUsdMinor, product, nights, guests, currency, RATES).unitMinor, currency);
          const island = quotePrice({ ...stay, unitMinor: toMinor(shownUnit, currency) }, bps);
          expect(island).toEqual(quotePriceIn(unitUsdMinor, stay, currency, RATES, bps));
        },
      ),
    );
  });

  it('reads a markup percentage to the basis point and back', () => {
    expect(bpsOfPercent(25.5)).toBe(2550);
    expect(bpsOfPercent(0.1 + 0.2)).toBe(30);
    expect(percentOfBps(2550)).toBe(25.5);
    expect(percentOfBps(DEFAULT_MARKUP_BPS)).toBe(10);
  });
});
