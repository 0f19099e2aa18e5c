// What a bed bank's rate sells for (docs/decisions/0069-supplier-rates-and-bookings.md, CONTRACT section 18): the
// supplier's net, in its own currency (EUR for Hotelbeds), converted at the day's rate into the asked currency, and the
// org's markup taken on that once, as an agent's markup is (quote-price.ts). One rule for the search's cards, a hotel's
// rooms and rates, the booking's price and the agent's net and sell prices. Pure: no DOM, no Workers API, no zod.
import { convertMinor, type Rates } from './money';
import { quotePriceOfNet, type QuotePrice } from './quote-price';

/** The supplier's net in the asked currency (what an agent sees as net), rounded half up once. */
export const supplierNetIn = (netMinor: number, netCurrency: string, currency: string, rates: Rates): number =>
  convertMinor(netMinor, netCurrency, currency, rates);

/** The net in the asked currency, the org's markup on it and the sell price (net + markup), to the minor unit. */
export const supplierPriceIn = (netMinor: number, netCurrency: string, markupBps: number, currency: string, rates: Rates): QuotePrice =>
  quotePriceOfNet(supplierNetIn(netMinor, netCurrency, currency, rates), markupBps);

/** What the traveller pays for a supplier's rate, in the asked currency. */
export const supplierSellMinor = (netMinor: number, netCurrency: string, markupBps: number, currency: string, rates: Rates): number =>
  supplierPriceIn(netMinor, netCurrency, markupBps, currency, rates).totalMinor;
