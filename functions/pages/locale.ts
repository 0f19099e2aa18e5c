// Which language and currency a page request gets, and how a USD price reads in that currency (pure, unit-tested).
export { DEFAULT_LANGUAGE, resolveLanguage } from '../../src/shared/i18n/language';
import { LANGUAGES } from '../../src/shared/i18n/types';
import { BASE_CURRENCY, formatMoney, toMinor, type Rates } from '../../src/shared/rules/money';

const priced = (code: string, rates: Rates) => /^[A-Z]{3}$/.test(code) && (code === BASE_CURRENCY || (typeof rates[code] === 'number' && rates[code]! > 0));

/**
 * The visitor's own choice (the `currency_code` cookie) when it is a currency with a rate, else the org's default
 * currency (a fresh visitor sees what the console set), else USD.
 */
export function resolveCurrency(cookie: string | undefined, rates: Rates, orgDefault?: string): string {
  const code = (cookie ?? '').trim().toUpperCase();
  if (priced(code, rates)) return code;
  const fallback = (orgDefault ?? '').trim().toUpperCase();
  return priced(fallback, rates) ? fallback : BASE_CURRENCY;
}

/** A USD amount shown in `currency` for `language`; `wholeUnits` drops the cents (for "from …" teasers). */
export function formatUsdPrice(usd: number, currency: string, rates: Rates, language: string, wholeUnits = false): string {
  const rate = currency === BASE_CURRENCY ? 1 : rates[currency];
  if (!Number.isFinite(usd) || !rate) return formatMoney(toMinor(usd, BASE_CURRENCY), BASE_CURRENCY, language);
  const amount = usd * rate;
  if (!wholeUnits) return formatMoney(toMinor(amount, currency), currency, language);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(amount));
  } catch {
    return `${Math.round(amount)} ${currency}`;
  }
}
