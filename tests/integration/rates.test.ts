// Exchange rates (docs/contract.md#catalogues): conversions through USD from D1, bad input, and the scheduled refresh from the provider.
import { afterAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape } from './helpers';

const rate = async (fromCurrency: string, toCurrency: string) =>
  (await call('/api/general/getCurrencyRate', { body: { fromCurrency, toCurrency } })).json.roeRate as number | null;

const allRates = async (fromCurrency = 'USD') =>
  Object.fromEntries(
    ((await call('/api/general/getCurrencyRates', { body: { fromCurrency, all: true } })).json.roes as { currency: string; rate: number }[]).map((r) => [r.currency, r.rate]),
  );

const setProvider = (mode: 'ok' | 'steady' | 'fail' | 'slow' | 'malformed') => call('/_sim/rates/mode', { body: { mode } });
const providerServed = async () => (await call('/_sim/rates/mode')).json.served as number;

// Miniflare runs the Worker's scheduled handler on this address (the test host turns its trigger handlers on:
// scripts/lib/worker-host.mjs).
const runCron = () => call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*');

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Runs the cron and waits until the provider has been asked, and then a moment for a save to land. */
async function refreshAndSettle(settleMs = 600) {
  const before = await providerServed();
  expect((await runCron()).status).toBe(200);
  await until(providerServed, (n) => n > before);
  await new Promise((r) => setTimeout(r, settleMs));
}

describe('currency conversion', () => {
  it('the development seed has rates for the contract currencies, USD being 1', async () => {
    const rates = await allRates();
    for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'INR', 'MXN']) expect(rates[code], code).toBeGreaterThan(0);
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeGreaterThan(0.5);
    expect(rates.EUR).toBeLessThan(1.5);
    expect(rates.JPY).toBeGreaterThan(50);
  });

  it('from USD multiplies by the rate, to USD divides by it, and cross rates go through USD', async () => {
    const rates = await allRates();
    expect(await rate('USD', 'EUR')).toBe(rates.EUR);
    expect(await rate('EUR', 'USD')).toBeCloseTo(1 / rates.EUR!, 6);
    expect(await rate('GBP', 'JPY')).toBeCloseTo(rates.JPY! / rates.GBP!, 3);
    expect(await rate('usd', 'usd')).toBe(1);
  });

  it('all rates from another currency are relative to it', async () => {
    const fromUsd = await allRates('USD');
    const fromEur = await allRates('EUR');
    expect(fromEur.EUR).toBe(1);
    expect(fromEur.USD).toBeCloseTo(1 / fromUsd.EUR!, 6);
    expect(Object.keys(fromEur).sort()).toEqual(Object.keys(fromUsd).sort());
  });

  it('an unknown currency has a null rate and an empty rates list', async () => {
    expect(await rate('USD', 'XYZ')).toBeNull();
    expect(await rate('QQQ', 'EUR')).toBeNull();
    const r = await call('/api/general/getCurrencyRates', { body: { fromCurrency: 'XYZ', all: true } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ roes: [] });
  });

  it('malformed rate requests get 400, never 500', async () => {
    const bad = [
      { fromCurrency: 'USD' },
      { fromCurrency: 5, toCurrency: 'EUR' },
      { fromCurrency: 'US', toCurrency: 'EUR' },
      { fromCurrency: 'USD', toCurrency: 'EUR', all: 'yes' },
      { fromCurrency: 'USD', toCurrency: "EUR'; DROP TABLE exchange_rates;--" },
      [],
    ];
    for (const body of bad) {
      const r = await call('/api/general/getCurrencyRate', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    const malformed = await call('/api/general/getCurrencyRate', { rawBody: '{"fromCurrency":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const wrongType = await call('/api/general/getCurrencyRates', { body: { fromCurrency: ['USD'], all: true } });
    expect(wrongType.status).toBe(400);
    const oversized = await call('/api/general/getCurrencyRates', { body: { fromCurrency: 'USD', pad: 'x'.repeat(70 * 1024) } });
    expect(oversized.status).toBe(413);
  });
});

describe('scheduled refresh', () => {
  afterAll(async () => {
    // Leave the development seed's rates behind for the other test files.
    await setProvider('steady');
    await refreshAndSettle();
    await setProvider('ok');
  });

  it('the cron replaces the rates with the provider answer', async () => {
    await setProvider('ok');
    const before = await allRates();
    await refreshAndSettle(0);
    const after = await until(allRates, (r) => r.EUR !== before.EUR);
    expect(after.EUR).not.toBe(before.EUR);
    expect(after.EUR).toBeGreaterThan(before.EUR! * 0.98);
    expect(after.EUR).toBeLessThan(before.EUR! * 1.02);
    expect(after.USD).toBe(1);
    // The provider also quotes currencies the seed did not have.
    expect(after.NOK).toBeGreaterThan(0);
  });

  for (const mode of ['fail', 'malformed'] as const) {
    it(`a provider that answers ${mode === 'fail' ? '500' : 'malformed data'} leaves the rates untouched`, async () => {
      const before = await allRates();
      await setProvider(mode);
      await refreshAndSettle();
      expect(await allRates()).toEqual(before);
      await setProvider('ok');
    });
  }

  it('a provider slower than 5 s is given up on and the rates stay', async () => {
    const before = await allRates();
    await setProvider('slow');
    await refreshAndSettle(5_500);
    expect(await allRates()).toEqual(before);
    await setProvider('ok');
  });

  it('a steady provider puts back the development seed rates', async () => {
    await setProvider('steady');
    await refreshAndSettle(0);
    const after = await until(allRates, (r) => r.EUR === 0.9215);
    expect(after.EUR).toBe(0.9215);
    expect(after.JPY).toBe(150.42);
  });

  it('the provider simulator refuses an unknown mode', async () => {
    const r = await setProvider('broken' as 'ok');
    expect(r.status).toBe(400);
  });
});
