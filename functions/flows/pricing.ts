// Prices on the server: a product's summary in the asked currency, an agent's net and sell price, and a booking's
// amounts after the wallet, recomputed from the product, the dates and the caller's own cards (docs/contract.md#wallet).
import { freeCancellationDeadline } from '../../src/shared/rules/cancellation';
import type { OrgRow } from '../db/orgs';
import { imagesOf, type ProductRow } from '../db/products';
import { cardsOfUser, ownCard, walletCardOf, type CardRow } from '../db/cards';
import { ApiError, conflict, refuse } from '../errors';
import { bookableStay, currencyFor, priceStay, soldOut, type BookableStay, type PricedStay, type Supply } from './stay';
import { offersOfProducts } from './rates';
import type { BookedRooms } from '../db/bookings';
import type { QuoteRow } from '../db/quotes';
import { guestsOf, occupancyStrings, storedParty, type RoomParty } from '../../src/shared/rules/occupancy';
import type { Offer } from '../../src/shared/rules/stay-rates';
import { convertMinor, fromMinor, spreadOver, type Rates } from '../../src/shared/rules/money';
import {
  cardProblem, computeAmounts, stayPrice, nightsBetween, parseWalletOptions, pickCashCard, type CardKind, type WalletAmounts,
} from '../../src/shared/rules/wallet';
import { percentOfBps, quotePrice, quotePriceIn, quotePriceOfNet, sellPrice, type QuotePrice } from '../../src/shared/rules/quote-price';
import type { AgentPricing, PreviewRequest } from '../../src/shared/contract/booking';
import { scoreOf } from '../../src/shared/rules/review-score';
import { supplierNetIn } from '../../src/shared/rules/supplier-price';

type StayDates = { checkIn?: string; checkOut?: string | null; guests?: number };

const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

export function productSummary(row: ProductRow, currency: string, rates: Rates, stay: StayDates) {
  const nights = stay.checkIn ? nightsBetween(stay.checkIn, stay.checkOut) : 1;
  const guests = stay.guests ?? 1;
  const { unitMinor: unit, priceMinor: total } = stayPrice(row.price_usd_minor, row.type, nights, guests, currency, rates);
  const images = imagesOf(row);
  return {
    product_id: row.id,
    type: row.type,
    name: row.name,
    city: row.city,
    country: row.country,
    price: fromMinor(unit, currency),
    currency,
    price_unit: row.price_unit,
    total_price: fromMinor(total, currency),
    nights: row.price_unit === 'night' ? nights : null,
    guests,
    image: images[0] ?? '',
    rating: row.rating,
    latitude: row.latitude,
    longitude: row.longitude,
    summary: plain(row.description).slice(0, 160),
    time_zone: row.time_zone,
    free_cancellation_deadline: stay.checkIn ? freeCancellationDeadline(row.type, stay.checkIn, row.time_zone) : null,
    review_count: row.review_count ?? 0,
    review_score: scoreOf(row.review_count ?? 0, row.review_score_total ?? 0),
    source: row.source ?? 'own',
    ...(row.supplier_code ? { supplier_code: row.supplier_code } : {}),
  };
}

/**
 * A hotel, resort or stay as a search lists it (docs/contract.md#rooms-rates-and-availability): `price` (and
 * `total_price`, the same) the lowest total for the whole stay and every room in the asked currency, with its nights,
 * rooms and share of one night (`price_per_night`, rounded to the minor unit) that the price filters and sort read.
 */
export function stayItem(row: ProductRow, totalMinor: number, nights: number, currency: string, rates: Rates, stay: { checkIn: string; checkOut: string; rooms: readonly RoomParty[] }) {
  const price = fromMinor(totalMinor, currency);
  return {
    ...productSummary(row, currency, rates, { checkIn: stay.checkIn, checkOut: stay.checkOut }),
    price,
    total_price: price,
    nights,
    rooms: stay.rooms.length,
    price_per_night: fromMinor(Math.round(totalMinor / Math.max(1, nights)), currency),
    guests: guestsOf(stay.rooms),
  };
}

/** An agent's net (a stay's whole total, in minor units of `currency`) and sell price, by the quote's own markup rule. */
export function totalAgentPricing(totalMinor: number, currency: string, markupBps: number): AgentPricing {
  return {
    net_price: fromMinor(totalMinor, currency),
    sell_price: fromMinor(sellPrice(totalMinor, markupBps), currency),
    markup_percent: percentOfBps(markupBps),
    currency,
  };
}

/** Net (the stay's price) and the agent's sell price with the default markup, by the quote's own rule. */
export function agentPricing(row: ProductRow, currency: string, rates: Rates, stay: StayDates, markupBps: number): AgentPricing {
  const nights = stay.checkIn ? nightsBetween(stay.checkIn, stay.checkOut) : 1;
  const price = quotePriceIn(row.price_usd_minor, { product: row.type, nights, guests: stay.guests ?? 1 }, currency, rates, markupBps);
  return {
    net_price: fromMinor(price.netMinor, currency),
    sell_price: fromMinor(price.totalMinor, currency),
    markup_percent: percentOfBps(markupBps),
    currency,
  };
}

export interface Quote {
  product: ProductRow;
  checkOut: string | null;
  nights: number;
  amounts: WalletAmounts;
  rates: Rates;
  cards: { certificate: CardRow | null; discount: CardRow | null; cash: CardRow | null };
  /** The stay as checked (its party, the rate chosen) and what it sells for now (the offer, each night's price). */
  stay: BookableStay;
  priced: PricedStay;
}

/**
 * Recomputes a booking's amounts from the product's rates and availability, the stay and the caller's own cards;
 * trusts no amount sent. A rate_id is booked as chosen or refused (400 expired, 409 PRICE_CHANGED or SOLD_OUT).
 */
export async function quote(db: D1Database, org: OrgRow, body: PreviewRequest, userId: number | null, rateKey: string, supply?: Supply): Promise<Quote> {
  const stay = await bookableStay(db, org, body, rateKey);
  const { product, checkOut, nights } = stay;
  const { currency, rates } = await currencyFor(db, org, body.currency);
  const priced = await priceStay(db, stay, { currency, rates }, rateKey, supply);
  const { priceMinor } = priced;

  const options = parseWalletOptions(org.wallet_options);
  const wanted: { path: string; kind: CardKind; id: number; enabled: boolean }[] = [];
  if (body.certificate_id) wanted.push({ path: 'certificate_id', kind: 'certificate', id: body.certificate_id, enabled: options.certificates });
  if (body.discount_card_id) wanted.push({ path: 'discount_card_id', kind: 'discount', id: body.discount_card_id, enabled: options.discountCards });
  if (body.cash_card_id || body.use_cash) wanted.push({ path: body.cash_card_id ? 'cash_card_id' : 'use_cash', kind: 'cash', id: body.cash_card_id ?? 0, enabled: options.cashCard });

  const cards: Quote['cards'] = { certificate: null, discount: null, cash: null };
  for (const w of wanted) {
    if (!w.enabled) throw refuse(w.path, 'This wallet option is not offered on this site');
    if (userId === null) throw refuse(w.path, 'Sign in to pay with your wallet');
    let row: CardRow | null;
    if (w.id) {
      row = await ownCard(db, org.id, userId, w.id);
    } else {
      const mine = await cardsOfUser(db, org.id, userId);
      const best = pickCashCard(mine.map(walletCardOf), rates);
      row = best ? mine.find((r) => r.id === best.id) ?? null : null;
      if (!row) throw refuse(w.path, 'You have no cash card with a balance');
    }
    if (!row) throw refuse(w.path, 'No such card in your wallet');
    const problem = cardProblem(walletCardOf(row), w.kind, product.type);
    if (problem?.reason === 'spent') throw conflict(problem.message);
    if (problem) throw refuse(w.path, problem.message);
    cards[w.kind === 'discount' ? 'discount' : w.kind] = row;
  }
  for (const row of Object.values(cards)) {
    if (row) currencyKnown(rates, row.payment_card_currency);
  }
  const amounts = computeAmounts({
    priceMinor,
    product: product.type,
    currency,
    rates,
    certificate: cards.certificate ? walletCardOf(cards.certificate) : null,
    discountCard: cards.discount ? walletCardOf(cards.discount) : null,
    cashCard: cards.cash ? walletCardOf(cards.cash) : null,
  });
  return { product, checkOut, nights, amounts, rates, cards, stay, priced };
}

/** The rooms a booking of the stay takes, as the row keeps them; none for an activity. */
export function bookedRooms(stay: Pick<BookableStay, 'rooms'>, priced: PricedStay): BookedRooms | undefined {
  if (priced.supplier) return priced.supplier.rooms;
  return priced.offer ? roomsOfOffer(priced.offer, stay.rooms, priced.nights.map((n) => ({ date: n.date, price: n.minor }))) : undefined;
}

function roomsOfOffer(offer: Offer, party: readonly RoomParty[], nights: BookedRooms['nights']): BookedRooms {
  const { room, plan } = offer;
  return {
    room: { room_id: room.room_id, name: room.name },
    rate: {
      rate_plan_id: plan.rate_plan_id, name: plan.name, board: plan.board, refundable: plan.refundable,
      free_cancellation_days: plan.free_cancellation_days, cancellation_fee_percent: plan.cancellation_fee_percent,
    },
    occupancy: occupancyStrings(party),
    nights,
  };
}

/**
 * The rooms booking an agent's quote takes: its room type and rate plan (the stay's cheapest for a quote made before
 * rooms were sold), still sellable for its stay and party, else 409 SOLD_OUT; each night's price is the quote's
 * `totalMinor` shared out as the nights' rates are. None for an activity.
 */
export async function quoteRooms(db: D1Database, quote: QuoteRow, totalMinor: number): Promise<BookedRooms | undefined> {
  if (!quote.check_out) return undefined;
  const party = storedParty(quote.occupancy) ?? [{ adults: quote.guests, children: [] }];
  const offers = (await offersOfProducts(db, [quote.product_id], { checkIn: quote.check_in, checkOut: quote.check_out, rooms: party })).get(quote.product_id) ?? [];
  const offer = quote.room_id === null ? offers[0] : offers.find((o) => o.room.room_id === quote.room_id && o.plan.rate_plan_id === quote.rate_plan_id);
  if (!offer) throw soldOut();
  const prices = spreadOver(totalMinor, offer.nights.map((n) => n.usdMinor));
  return roomsOfOffer(offer, party, offer.nights.map((n, i) => ({ date: n.date, price: prices[i]! })));
}

/**
 * An agent's quote of a checked stay: the net is the stay's price (the offer's total, converted night by night, or an
 * activity's per-person price), the markup on it and the sell price, in the quote's currency and in USD, each by the
 * quote's one rule (src/shared/rules/quote-price.ts).
 */
export function agentQuotePrice(stay: BookableStay, priced: PricedStay, currency: string, rates: Rates, markupBps: number) {
  let usd: QuotePrice;
  let inCurrency: QuotePrice;
  if (priced.supplier) {
    // A bed bank's rate: the agent's net is the supplier's, converted, without the org's markup (supplier-price.ts).
    const { netMinor, netCurrency, netInCurrency } = priced.supplier;
    usd = quotePriceOfNet(supplierNetIn(netMinor, netCurrency, 'USD', rates), markupBps);
    inCurrency = quotePriceOfNet(netInCurrency, markupBps);
  } else if (priced.offer) {
    usd = quotePriceOfNet(priced.offer.totalUsdMinor, markupBps);
    inCurrency = quotePriceOfNet(priced.priceMinor, markupBps);
  } else {
    const q = { product: stay.product.type, nights: stay.nights, guests: stay.guests };
    usd = quotePrice({ ...q, unitMinor: stay.product.price_usd_minor }, markupBps);
    inCurrency = quotePriceIn(stay.product.price_usd_minor, q, currency, rates, markupBps);
  }
  return { netUsdMinor: usd.netMinor, totalUsdMinor: usd.totalMinor, netMinor: inCurrency.netMinor, totalMinor: inCurrency.totalMinor };
}

function currencyKnown(rates: Rates, code: string) {
  try {
    convertMinor(1, code, 'USD', rates);
  } catch {
    throw new ApiError(409, 'CONFLICT', `This card's currency ${code} cannot be converted right now`);
  }
}
