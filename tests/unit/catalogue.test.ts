// Pure catalogue rules: cross rates through USD, the caller's IP, the location fallback, the request schemas.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crossRate } from '../../functions/outside/rates';
import { clientIp, locationFromCf } from '../../functions/flows/location';
import { CurrencyRateRequestSchema, LabelsQuerySchema, ProviderRatesSchema } from '../../src/shared/contract/catalogue';

const RATES = { USD: 1, EUR: 0.92, GBP: 0.8, JPY: 150 };

describe('cross rates', () => {
  it('from USD multiplies by the rate and to USD divides by it', () => {
    expect(crossRate(RATES, 'USD', 'EUR')).toBe(0.92);
    expect(crossRate(RATES, 'EUR', 'USD')).toBeCloseTo(1 / 0.92, 7);
    expect(crossRate(RATES, 'USD', 'USD')).toBe(1);
  });

  it('a cross rate goes through USD', () => {
    expect(crossRate(RATES, 'GBP', 'JPY')).toBeCloseTo(150 / 0.8, 5);
  });

  it('an unknown currency has no rate', () => {
    expect(crossRate(RATES, 'USD', 'XYZ')).toBeNull();
    expect(crossRate(RATES, 'XYZ', 'USD')).toBeNull();
  });

  it('converting there and back returns the amount (to 8 significant digits)', () => {
    const codes = Object.keys(RATES);
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.constantFrom(...codes), fc.double({ min: 0.01, max: 1e6, noNaN: true }), (a, b, amount) => {
        const there = amount * crossRate(RATES, a, b)!;
        expect(Math.abs(there * crossRate(RATES, b, a)! - amount) / amount).toBeLessThan(1e-7);
      }),
    );
  });
});

describe('client ip', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('prefers CF-Connecting-IP, then the first X-Forwarded-For, then loopback', () => {
    expect(clientIp(headers({ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.7');
    expect(clientIp(headers({ 'x-forwarded-for': ' 198.51.100.1 , 10.0.0.1' }))).toBe('198.51.100.1');
    expect(clientIp(headers({}))).toBe('127.0.0.1');
  });
  it('ignores a header that is not an address', () => {
    expect(clientIp(headers({ 'cf-connecting-ip': '<script>', 'x-forwarded-for': '2001:db8::1' }))).toBe('2001:db8::1');
    expect(clientIp(headers({ 'x-forwarded-for': 'evil' }))).toBe('127.0.0.1');
  });
});

describe('location', () => {
  it('uses the edge country and coordinates', () => {
    expect(locationFromCf({ country: 'FR', latitude: '48.85', longitude: '2.35' })).toEqual({ countryCode: 'FR', latitude: 48.85, longitude: 2.35 });
  });
  it('falls back to the United States when the country is unknown', () => {
    for (const cf of [undefined, {}, { country: 'XX' }, { country: 'T1', latitude: '1', longitude: '2' }]) {
      const loc = locationFromCf(cf);
      expect(loc.countryCode).toBe('US');
      expect(loc.latitude).toBeGreaterThan(24);
      expect(loc.longitude).toBeLessThan(-66);
    }
  });
  it('drops coordinates that are out of range', () => {
    expect(locationFromCf({ country: 'GB', latitude: '95', longitude: 'x' })).toEqual({ countryCode: 'GB', latitude: null, longitude: null });
  });
});

describe('request schemas', () => {
  it('currency codes are three letters, upper-cased', () => {
    expect(CurrencyRateRequestSchema.parse({ fromCurrency: 'usd', toCurrency: 'EUR' })).toEqual({ fromCurrency: 'USD', toCurrency: 'EUR' });
    for (const bad of [{ fromCurrency: 'US', toCurrency: 'EUR' }, { fromCurrency: 5, toCurrency: 'EUR' }, { fromCurrency: 'USD' }, { fromCurrency: 'USDX', toCurrency: 'EUR' }]) {
      expect(CurrencyRateRequestSchema.safeParse(bad).success).toBe(false);
    }
  });
  it('only the supported languages are accepted', () => {
    expect(LabelsQuerySchema.parse({ lang: 'es-ES' }).lang).toBe('es-ES');
    expect(LabelsQuerySchema.parse({}).lang).toBe('en-US');
    for (const lang of ['de-DE', 'es', 'ES-es', '']) expect(LabelsQuerySchema.safeParse({ lang }).success).toBe(false);
  });
  it('a provider answer needs positive numeric rates against USD', () => {
    expect(ProviderRatesSchema.safeParse({ base: 'USD', rates: { EUR: 0.9 } }).success).toBe(true);
    expect(ProviderRatesSchema.safeParse({ base: 'EUR', rates: { USD: 1.1 } }).success).toBe(false);
    expect(ProviderRatesSchema.safeParse({ base: 'USD', rates: { EUR: 'a lot' } }).success).toBe(false);
    expect(ProviderRatesSchema.safeParse({ base: 'USD', rates: { GBP: -1 } }).success).toBe(false);
    expect(ProviderRatesSchema.safeParse({ base: 'USD', rates: {} }).success).toBe(false);
  });
});
