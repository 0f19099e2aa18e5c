// Money in integer minor units, conversion through USD (from USD multiply, to USD divide) and formatting.

/** Exchange rates as units of each currency per 1 USD (docs/contract.md#catalogues). */
export type Rates = Readonly<Record<string, number>>;

export const BASE_CURRENCY = 'USD';

// ISO 4217 exponents that are not 2; kept here rather than read from Intl so every runtime agrees.
const ZERO_DIGIT = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'XAF', 'XOF', 'XPF', 'BIF', 'DJF', 'GNF', 'KMF', 'RWF', 'VUV']);
const THREE_DIGIT = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

export class UnknownCurrencyError extends Error {
  readonly currency: string;
  constructor(currency: string) {
    super(`No exchange rate for ${currency}`);
    this.currency = currency;
  }
}

/**
 * `total` shared out in proportion to `weights`, in whole minor units that add up to it exactly (the largest
 * remainders get the units left over). Weights that already add up to the total come back as they are.
 */
export function spreadOver(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === total) return [...weights];
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => Math.floor(total / weights.length) + (i < total % weights.length ? 1 : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** How many decimal places one major unit has (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DIGIT.has(code)) return 0;
  if (THREE_DIGIT.has(code)) return 3;
  return 2;
}

const scale = (currency: string) => 10 ** minorDigits(currency);

/** Rounds half away from zero after trimming float noise (0.1 + 0.2 style errors). */
export function roundHalfUp(x: number): number {
  const clean = Number(x.toFixed(6));
  return Math.sign(clean) * Math.round(Math.abs(clean));
}

/** A decimal amount of `currency` (as sent on the wire) to integer minor units. */
export function toMinor(amount: number, currency: string): number {
  return roundHalfUp(amount * scale(currency));
}

/** Integer minor units to the wire's decimal number (at most 2 places for 2-digit currencies). */
export function fromMinor(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Units of `currency` per 1 USD; USD is always 1. */
export function rateOf(rates: Rates, currency: string): number {
  const code = currency.toUpperCase();
  if (code === BASE_CURRENCY) return 1;
  const rate = rates[code];
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) throw new UnknownCurrencyError(code);
  return rate;
}

export const knowsCurrency = (rates: Rates, currency: string) => {
  try {
    rateOf(rates, currency);
    return true;
  } catch {
    return false;
  }
};

/** Converts minor units of `from` into minor units of `to`: divide by `from`'s rate to reach USD, multiply by `to`'s. */
export function convertMinor(minor: number, from: string, to: string, rates: Rates): number {
  if (from.toUpperCase() === to.toUpperCase()) return minor;
  const usd = minor / scale(from) / rateOf(rates, from);
  return roundHalfUp(usd * rateOf(rates, to) * scale(to));
}

/** Like convertMinor but never rounds up: used where the result must not exceed what a card holds. */
export function convertMinorDown(minor: number, from: string, to: string, rates: Rates): number {
  if (from.toUpperCase() === to.toUpperCase()) return minor;
  const exact = (minor / scale(from) / rateOf(rates, from)) * rateOf(rates, to) * scale(to);
  return Math.floor(Number(exact.toFixed(6)));
}

/** A price for people: "€1,234.50", "1 234,50 €", "¥12,345". */
/** Intl.NumberFormat is slow to create (a results page formats dozens of prices): one per locale and currency. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, format);
  }
  return format;
}

export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = minorDigits(currency);
  try {
    return moneyFormat(locale, currency.toUpperCase(), digits).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/**
 * Whether prices are shown: guests always see them (docs/product.md#roles); signed-in users follow the org's displayPrice
 * (or their own display_price flag when the login result carries one).
 */
export function pricesVisible(input: { signedIn: boolean; orgDisplayPrice: number; userDisplayPrice?: number | null }): boolean {
  if (!input.signedIn) return true;
  if (input.userDisplayPrice === 0 || input.userDisplayPrice === 1) return input.userDisplayPrice === 1;
  return input.orgDisplayPrice === 1;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A plain number in `language` with exactly `digits` decimals ("4.5", "4,5"); `percent` reads 0.125 as "12.5 %". */
export function formatNumber(n: number, language: string, digits = 0, style: 'decimal' | 'percent' = 'decimal'): string {
  const key = `${language}|${digits}|${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { style, minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      format = new Intl.NumberFormat('en-US', { style, minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    numberFormats.set(key, format);
  }
  return format.format(n);
}
