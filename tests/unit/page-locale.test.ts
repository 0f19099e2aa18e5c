// How the edge picks a page's language and currency and shows USD prices in it.
import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../functions/lib/cookies';
import { formatUsdPrice, resolveCurrency, resolveLanguage } from '../../functions/pages/locale';

const rates = { USD: 1, EUR: 0.92, JPY: 151.3 };

describe('page language', () => {
  it('the query wins over the cookie, the cookie over the org default, then en-US', () => {
    expect(resolveLanguage('fr-FR', 'es-ES', 'en-US')).toBe('fr-FR');
    expect(resolveLanguage(null, 'es-ES', 'fr-FR')).toBe('es-ES');
    expect(resolveLanguage(null, undefined, 'fr-FR')).toBe('fr-FR');
    expect(resolveLanguage(null, undefined, undefined)).toBe('en-US');
  });

  it('unsupported languages are skipped', () => {
    expect(resolveLanguage('de-DE', 'xx', 'es-ES')).toBe('es-ES');
    expect(resolveLanguage('<script>', 'nope', 'zz')).toBe('en-US');
  });
});

describe('page currency', () => {
  it('takes the cookie when it names a currency with a rate', () => {
    expect(resolveCurrency('EUR', rates)).toBe('EUR');
    expect(resolveCurrency('eur', rates)).toBe('EUR');
  });

  it('falls back to USD when missing or unknown', () => {
    expect(resolveCurrency(undefined, rates)).toBe('USD');
    expect(resolveCurrency('XYZ', rates)).toBe('USD');
    expect(resolveCurrency('EURO', rates)).toBe('USD');
  });

  it("a fresh visitor (no cookie, or one without a rate) gets the org's default currency; the visitor's own choice wins", () => {
    expect(resolveCurrency(undefined, rates, 'EUR')).toBe('EUR');
    expect(resolveCurrency('XYZ', rates, 'JPY')).toBe('JPY');
    expect(resolveCurrency('USD', rates, 'EUR')).toBe('USD');
    expect(resolveCurrency(undefined, rates, 'GBP')).toBe('USD');
  });
});

describe('prices', () => {
  it('converts from USD by multiplying by the rate', () => {
    expect(formatUsdPrice(100, 'EUR', rates, 'en-US')).toBe('€92.00');
    expect(formatUsdPrice(129, 'USD', rates, 'en-US', true)).toBe('$129');
    expect(formatUsdPrice(129, 'EUR', rates, 'en-US', true)).toBe('€119');
    expect(formatUsdPrice(10, 'JPY', rates, 'en-US')).toBe('¥1,513');
  });

  it('formats for the language', () => {
    expect(formatUsdPrice(129, 'EUR', rates, 'fr-FR', true).replace(/\s/g, ' ')).toBe('119 €');
  });
});

describe('cookies', () => {
  it('parses and decodes; the first of a repeated name wins', () => {
    expect(parseCookies('a=1; lan_code=es-ES; a=2; bad; x=%E2%82%AC')).toEqual({ a: '1', lan_code: 'es-ES', x: '€' });
    expect(parseCookies(null)).toEqual({});
  });
});
