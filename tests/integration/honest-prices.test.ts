// The price shown is the price paid: every total on a page is the sum of the lines it shows, to the cent, in every
// currency (decision 0026): an activity's price is its per-person price times the guests, in the search, on the product
// and in the booking preview; a hotel's is the whole stay's (docs/contract.md#rooms-rates-and-availability), the
// preview's price for the same stay and party; a wallet total is the sum of its cards' values as listed.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { day, issue, signIn, walletOf } from './booking-helpers';
import { convertMinorDown, toMinor } from '../../src/shared/rules/money';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'MXN', 'CAD', 'AUD'];
let demo: Client;

beforeAll(async () => {
  demo = await signIn();
});

describe('a stay costs its unit price times its nights or guests', () => {
  for (const currency of CURRENCIES) {
    it(`in ${currency}, on every result, on the product and in the preview`, async () => {
      for (const type of ['HLT', 'ACT'] as const) {
        const stay = type === 'HLT' ? { check_in: day(20), check_out: day(23), guests: 2 } : { check_in: day(20), check_out: null, guests: 3 };
        const query = new URLSearchParams({ type, currency, per_page: '50', check_in: stay.check_in, ...(stay.check_out ? { check_out: stay.check_out } : {}), guests: String(stay.guests) });
        const found = await call(`/api/products/search?${query}`);
        expect(found.status, found.text).toBe(200);
        const units = 3;
        // What the stay costs: three nights (a hotel's price is already theirs), or three guests.
        const stayMinor = (p: { price: number }) => toMinor(p.price, currency) * (type === 'HLT' ? 1 : units);
        for (const p of found.json.data as { product_id: number; price: number; total_price: number; nights: number; price_per_night?: number }[]) {
          expect(toMinor(p.total_price, currency), `${type} ${p.product_id} in ${currency}`).toBe(stayMinor(p));
          if (type === 'HLT') {
            expect(p.nights).toBe(units);
            // Its share of a night, to the minor unit.
            expect(toMinor(p.price_per_night!, currency)).toBe(Math.round(toMinor(p.price, currency) / units));
          }
        }
        const sample = (found.json.data as { product_id: number; price: number }[]).slice(0, 4);
        for (const p of sample) {
          const preview = await call('/api/booking/preview', { body: { product_id: p.product_id, currency, ...stay } });
          expect(preview.status, preview.text).toBe(200);
          expect(toMinor(preview.json.data.price, currency), `preview of ${p.product_id} in ${currency}`).toBe(stayMinor(p));
          expect(preview.json.data.total).toBe(preview.json.data.price);
        }
      }
    });
  }
});

it("the wallet's certificate total is the sum of its certificates as the wallet lists them", async () => {
  const rate = (await call('/api/general/getCurrencyRate', { body: { fromCurrency: 'USD', toCurrency: 'EUR' } })).json.roeRate as number;
  // Amounts whose euro value lies in the upper half of a cent: rounding them and rounding them down part by a cent.
  const amounts: number[] = [];
  for (let cents = 2_001; amounts.length < 3; cents += 1) {
    const exact = cents * rate;
    if (exact - Math.floor(exact) > 0.55 && exact - Math.floor(exact) < 0.95) amounts.push(cents / 100);
  }
  for (const amount of amounts) await issue({ kind: 'certificate', services: ['HLT'], amount, currency: 'USD' });
  const wallet = await walletOf(demo, 'EUR');
  const rates = wallet.exchange_rates as Record<string, number>;
  const lines = (wallet.certidata as { status: string; payment_card_redemption_price: number; payment_card_currency: string }[])
    .filter((c) => c.status === 'ACTIVE')
    .map((c) => convertMinorDown(toMinor(c.payment_card_redemption_price, c.payment_card_currency), c.payment_card_currency, 'EUR', rates));
  expect(toMinor(wallet.certificate_details.total_value, 'EUR')).toBe(lines.reduce((a, b) => a + b, 0));
});
