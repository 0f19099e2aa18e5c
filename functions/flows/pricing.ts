// Prices on the server: a product's summary in the asked currency, an agent's net and sell price, and a booking's
// amounts after the wallet, recomputed from the product, the dates and the caller's own cards (docs/contract.md#wallet).
import { freeCancellationDeadline } from '../../src/shared/rules/cancellation';
import type { OrgRow } from '../db/orgs';
import { imagesOf, type ProductRow } from '../db/products';
import { cardsOfUser, ownCard, walletCardOf, type CardRow } from '../db/cards';
import { ApiError, conflict, refuse } from '../errors';
import { bookableStay, currencyFor } from './stay';
import { convertMinor, fromMinor, type Rates } from '../../src/shared/rules/money';
import {
  cardProblem, computeAmounts, stayPrice, nightsBetween, parseWalletOptions, pickCashCard, type CardKind, type WalletAmounts,
} from '../../src/shared/rules/wallet';
import { percentOfBps, quotePriceIn } from '../../src/shared/rules/quote-price';
import type { AgentPricing, PreviewRequest } from '../../src/shared/contract/booking';

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
}

/** Recomputes a booking's amounts from the product, the dates and the caller's own cards; trusts no amount sent. */
export async function quote(db: D1Database, org: OrgRow, body: PreviewRequest, userId: number | null): Promise<Quote> {
  const { product, checkOut, nights } = await bookableStay(db, org, body);
  const { currency, rates } = await currencyFor(db, org, body.currency);
  const { priceMinor } = stayPrice(product.price_usd_minor, product.type, nights, body.guests, currency, rates);

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
  return { product, checkOut, nights, amounts, rates, cards };
}

function currencyKnown(rates: Rates, code: string) {
  try {
    convertMinor(1, code, 'USD', rates);
  } catch {
    throw new ApiError(409, 'CONFLICT', `This card's currency ${code} cannot be converted right now`);
  }
}
