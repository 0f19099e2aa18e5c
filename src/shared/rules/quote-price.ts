// The price of an agent's quote (docs/contract.md#agents), in integer minor units of one currency: the net price of the
// stay, the agent's markup on it and what the client pays. One rule for the quote the server saves, the agent pricing
// the product pages show and the quote builder's estimate. Pure: no DOM, no Workers API, no zod.
import type { Rates } from './money';
import { bookingPriceUsdMinor, stayPrice } from './wallet';

/** 10 % unless the agent's details say otherwise. */
export const DEFAULT_MARKUP_BPS = 1000;

/** The markup in minor units of a net price: half up to the minor unit (124.875 → 125, 100.5 → 101). */
export const markupOf = (netMinor: number, markupBps: number) => Math.round((netMinor * markupBps) / 10_000);
/** What the client pays: the net price plus the agent's markup. */
export const sellPrice = (netMinor: number, markupBps: number) => quotePriceOfNet(netMinor, markupBps).totalMinor;
/** A markup typed as a percentage (12.5) in basis points (1250), rounded to the basis point. */
export const bpsOfPercent = (percent: number) => Math.round(percent * 100);
export const percentOfBps = (bps: number) => bps / 100;

/** The stay a quote prices: the unit price (one night, or one person) already in the quote's currency. */
export interface QuoteStay {
  unitMinor: number;
  /** The product type: activities are priced per person, the others per night. */
  product: string;
  nights: number;
  guests: number;
}

export interface QuotePrice {
  netMinor: number;
  markupMinor: number;
  totalMinor: number;
}

/**
 * The quote's rule on a net price (a stay's whole total, however it was priced): the markup is taken on the net and
 * rounded once, and the total is their sum, so net + markup = total to the minor unit on every page.
 */
export function quotePriceOfNet(netMinor: number, markupBps: number): QuotePrice {
  const markupMinor = markupOf(netMinor, markupBps);
  return { netMinor, markupMinor, totalMinor: netMinor + markupMinor };
}

/** A quote's price from a unit price: the net is the unit price times the nights (or the guests), then the quote's rule. */
export function quotePrice(stay: QuoteStay, markupBps: number): QuotePrice {
  return quotePriceOfNet(bookingPriceUsdMinor(stay.unitMinor, stay.product, stay.nights, stay.guests), markupBps);
}

/**
 * A quote's price in `currency` from the product's USD unit price: the unit converted and rounded once, as every page
 * shows it (stayPrice, decision 0026), then the quote's rule. The quote builder gets the same unit from the product's
 * `price` and so the same figures.
 */
export function quotePriceIn(unitUsdMinor: number, stay: Omit<QuoteStay, 'unitMinor'>, currency: string, rates: Rates, markupBps: number): QuotePrice {
  const { unitMinor } = stayPrice(unitUsdMinor, stay.product, stay.nights, stay.guests, currency, rates);
  return quotePrice({ ...stay, unitMinor }, markupBps);
}
