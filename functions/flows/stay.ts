// What may be booked: the org's offered product types, the dates it allows, the currency asked for, and the stay a
// booking or an agent's quote names, checked against the product (docs/contract.md#booking).
import type { OrgRow } from '../db/orgs';
import { lastReadRates, ratesFromUsd } from '../cache/rates';
import { productById, type ProductRow } from '../db/products';
import { roomsAndPlans } from '../db/ari';
import { ApiError, badRequest, notFound, refuse } from '../errors';
import { fromMinor, knowsCurrency, type Rates } from '../../src/shared/rules/money';
import { nightsBetween, stayPrice, type ProductType } from '../../src/shared/rules/wallet';
import { guestsOf, occupancyStrings, parseOccupancy, type RoomParty } from '../../src/shared/rules/occupancy';
import { decodeSupplierKeys, encodeSupplierKeys, partyLines, rateFitsLine, type SupplierKeyPart } from '../../src/shared/rules/supplier-combination';
import { fits, type Offer } from '../../src/shared/rules/stay-rates';
import { eligibleTypes, minCheckInDate, MAX_NIGHTS, addDays, BOOKING_MSG, type StayRequest } from '../../src/shared/contract/booking';
import { claimParts, isSupplierClaim, offerIn, offersOfProducts, readAnyRate, roomsOfClaim, sameParty, signRate, signSupplierRate, type AnyRateClaim, type StayAsked, type SupplierRateClaim } from './rates';
import { isSupplierProduct, supplierBookedRooms, supplierClaim, supplierDown, supplierOffers, SUPPLIER_RATES_TIMEOUT_MS, type SupplierReach } from './supplier-rates';
import { orgBank, type OrgBank } from './suppliers';
import type { SupplierRate } from '../outside/hotelbeds';
import type { BookedRooms } from '../db/bookings';
import type { QuotedSupplier } from '../db/quotes';
import { supplierNetIn, supplierSellMinor } from '../../src/shared/rules/supplier-price';
import { evenNights } from '../../src/shared/rules/supplier-rate';
import { nightsOf } from '../../src/shared/rules/stay-rates';

const TYPE_NAMES: Record<ProductType, string> = { HLT: 'Hotels', ACT: 'Activities', RST: 'Resorts', STY: 'Stays' };

export function requireEligible(org: OrgRow, type: ProductType) {
  if (!eligibleTypes(org.eligible_products).includes(type)) throw notFound(`${TYPE_NAMES[type]} are not offered on this site`);
}

/** The currency asked for, else the org's default; refused (400) when no rate is known for it. */
export async function currencyFor(db: D1Database, org: OrgRow, asked: string | undefined): Promise<{ currency: string; rates: Rates }> {
  const rates = await ratesFromUsd(db);
  const currency = currencyAsked(org, asked);
  if (!knowsCurrency(rates, currency)) throw badRequest(`Unknown currency ${currency}`, [{ path: 'currency', message: 'No exchange rate for this currency' }]);
  return { currency, rates };
}

const currencyAsked = (org: OrgRow, asked: string | undefined) => (asked ?? org.default_currency ?? 'USD').toUpperCase();

/**
 * Whether `currencyFor` will take the currency asked, as the rates this isolate read last say (no read): work that may
 * start before it settles (a search's call to the bed bank) starts at once when it will.
 */
export const currencyLikelyTaken = (org: OrgRow, asked: string | undefined) => knowsCurrency(lastReadRates(), currencyAsked(org, asked));

/** Check-in no earlier than today + minCheckinDays, stays no longer than MAX_NIGHTS. */
export function checkDates(org: OrgRow, checkIn: string | undefined, checkOut: string | undefined | null) {
  if (!checkIn) return;
  const earliest = minCheckInDate(org.min_checkin_days);
  if (checkIn < earliest) throw badRequest(`Check-in must be on or after ${earliest}`, [{ path: 'check_in', message: `The earliest check-in is ${earliest}` }]);
  if (checkOut && checkOut > addDays(checkIn, MAX_NIGHTS)) {
    throw badRequest(`A stay may last at most ${MAX_NIGHTS} nights`, [{ path: 'check_out', message: `At most ${MAX_NIGHTS} nights` }]);
  }
}

/** No room of the type and plan asked for (or none at all) is left for the stay: 409 SOLD_OUT. */
export const soldOut = () => new ApiError(409, 'SOLD_OUT', BOOKING_MSG.soldOut);

/** The stay a booking, a preview or a quote names, checked: the product, the dates, the party (one entry per room). */
export interface BookableStay {
  product: ProductRow;
  nightly: boolean;
  checkIn: string;
  /** The check-out of a nightly product (the next day when none was given); null for an activity. */
  checkOut: string | null;
  nights: number;
  /** One party per room; an activity's people as one party. */
  rooms: RoomParty[];
  /** Everyone in the party. */
  guests: number;
  /** Where the party came from, the field a party no room houses is refused on. */
  partyFrom: 'rate_id' | 'occupancy' | 'guests';
  /** The rate the traveller chose (its rate_id, read and checked), or null: the stay's cheapest is booked. */
  claim: AnyRateClaim | null;
}

/** A field sent with a rate_id must say what the rate says. */
function matchRate(req: StayRequest, claim: AnyRateClaim) {
  const rooms = roomsOfClaim(claim);
  if (req.product_id !== undefined && req.product_id !== claim.product_id) throw refuse('product_id', BOOKING_MSG.notTheRate);
  if (req.check_in !== undefined && req.check_in !== claim.check_in) throw refuse('check_in', BOOKING_MSG.notTheRate);
  if (req.check_out != null && req.check_out !== claim.check_out) throw refuse('check_out', BOOKING_MSG.notTheRate);
  if (req.occupancy !== undefined && !sameParty(req.occupancy, rooms)) throw refuse('occupancy', BOOKING_MSG.notTheRate);
  if (req.guests !== undefined && req.guests !== guestsOf(rooms)) throw refuse('guests', BOOKING_MSG.notTheRate);
}

/**
 * The stay a booking, a preview or an agent's quote asks for, checked against the org and the product: a rate_id
 * signed here and still valid (product, stay and occupancy then come from it, and any of them also sent must match),
 * or the product, dates and party sent; an offered product, dates the org allows, a check-out after check-in for
 * nightly products (the next day when none is given), a party that fits and dates the product is available on.
 * Refused with a 400 on the first field at fault.
 */
export async function bookableStay(db: D1Database, org: OrgRow, req: StayRequest, rateKey: string, nowMs = Date.now()): Promise<BookableStay> {
  let claim: AnyRateClaim | null = null;
  if (req.rate_id) {
    claim = await readAnyRate(rateKey, req.rate_id, nowMs);
    if (!claim) throw refuse('rate_id', BOOKING_MSG.rateExpired);
    matchRate(req, claim);
  }
  const productId = claim?.product_id ?? req.product_id;
  const checkIn = claim?.check_in ?? req.check_in;
  if (productId === undefined) throw refuse('product_id', BOOKING_MSG.choose);
  if (checkIn === undefined) throw refuse('check_in', 'Choose a check-in date');
  const product = await productById(db, org.id, productId);
  if (!product || !eligibleTypes(org.eligible_products).includes(product.type)) throw refuse('product_id', 'No such product');
  if (claim && isSupplierClaim(claim) !== isSupplierProduct(product)) throw refuse('rate_id', BOOKING_MSG.rateExpired);
  const asked = claim?.check_out ?? req.check_out;
  checkDates(org, checkIn, asked);
  const nightly = product.price_unit === 'night';
  const checkOut = asked ?? (nightly ? addDays(checkIn, 1) : null);
  if (nightly && checkOut! <= checkIn) throw refuse('check_out', 'Check-out must be after check-in');
  // guests=N (the existing client's payload) is one room of N adults, held to the product's guest limit as before.
  const rooms = claim ? roomsOfClaim(claim) : req.occupancy ?? [{ adults: req.guests ?? 1, children: [] }];
  const guests = guestsOf(rooms);
  if ((!claim && !req.occupancy) || !nightly) {
    if (guests > product.max_guests) throw refuse(req.occupancy ? 'occupancy' : 'guests', `At most ${product.max_guests} guests`);
  }
  if ((product.available_from && checkIn < product.available_from) || (product.available_to && (checkOut ?? checkIn) > product.available_to)) {
    throw refuse('check_in', 'Not available on these dates');
  }
  const partyFrom = claim ? 'rate_id' : req.occupancy ? 'occupancy' : 'guests';
  return { product, nightly, checkIn, checkOut, nights: nightly ? nightsBetween(checkIn, checkOut) : 1, rooms, guests, partyFrom, claim };
}

/** What a stay sells for: the room type × rate plan booked and each night's price in the asked currency, or an activity's price. */
export interface PricedStay {
  /** The offer booked (null for an activity). */
  offer: Offer | null;
  priceMinor: number;
  /** Each night's price in the currency, adding up to priceMinor (empty for an activity). */
  nights: { date: string; minor: number }[];
  /** The offer's signed rate_id (the one to send back to book it), or null for an activity. */
  rateId: string | null;
  /** A bed bank's rate: what the booking keeps of it (the key as checked, its net, the room and rate shown). */
  supplier?: SupplierSale;
}

/** A bed bank's rate as booked (docs/decisions/0069-supplier-rates-and-bookings.md). */
export interface SupplierSale {
  supplier: SupplierRateClaim['supplier'];
  rateKey: string;
  /** The supplier's net for the whole stay, in minor units of netCurrency (EUR). */
  netMinor: number;
  netCurrency: string;
  /** The supplier's net in the booking's currency (what an agent's net is). */
  netInCurrency: number;
  rooms: BookedRooms;
  /** The claim as priced (an agent's quote keeps it: decision 0073). */
  claim: Omit<SupplierRateClaim, 'expires_at'>;
}

/** How a bed bank's hotel is priced: through the org's connection, its RECHECK rates checked again only when asked (the checkout). */
export interface Supply {
  reach: SupplierReach;
  recheck: boolean;
}

/**
 * Prices a checked stay now, from the ARI. A rate chosen (a claim) is booked as chosen: its room type and rate plan no
 * longer sellable for the stay → 409 SOLD_OUT; a total that moved since it was quoted → 409 PRICE_CHANGED with the
 * new total and a rate_id naming it. Without a claim the stay's cheapest sellable offer is booked: none at all → 409
 * SOLD_OUT, or 400 when no room type of the product can house the party whatever the dates.
 */
export async function priceStay(db: D1Database, stay: BookableStay, money: { currency: string; rates: Rates }, rateKey: string, supply?: Supply): Promise<PricedStay> {
  const { product } = stay;
  if (isSupplierProduct(product)) return priceSupplierStay(supply ? { ...supply.reach, db } : null, stay, money, rateKey, supply?.recheck ?? false);
  if (!stay.nightly) {
    const { priceMinor } = stayPrice(product.price_usd_minor, product.type, 1, stay.guests, money.currency, money.rates);
    return { offer: null, priceMinor, nights: [], rateId: null };
  }
  const asked = { checkIn: stay.checkIn, checkOut: stay.checkOut!, rooms: stay.rooms };
  const offers = (await offersOfProducts(db, [product.id], asked)).get(product.id) ?? [];
  const { claim } = stay;
  const offer = claim && !isSupplierClaim(claim) ? offers.find((o) => o.room.room_id === claim.room_id && o.plan.rate_plan_id === claim.rate_plan_id) : offers[0];
  if (!offer) {
    if (!claim) {
      const { rooms } = await roomsAndPlans(db, product.org_id, product.id);
      if (!rooms.some((room) => stay.rooms.every((party) => fits(room, party)))) throw refuse(stay.partyFrom, BOOKING_MSG.noRoomFits);
    }
    throw soldOut();
  }
  const priced = offerIn(offer, money.currency, money.rates);
  const rateId = await signRate(rateKey, product.id, offer, asked);
  if (claim && !isSupplierClaim(claim) && offer.totalUsdMinor !== claim.total_usd_minor) {
    throw new ApiError(409, 'PRICE_CHANGED', BOOKING_MSG.priceChanged, undefined, undefined, {
      total: fromMinor(priced.totalMinor, money.currency),
      currency: money.currency,
      rate_id: rateId,
    });
  }
  return { offer, priceMinor: priced.totalMinor, nights: priced.nights, rateId };
}


/** A supplier's rate key as checked again (checkRates): the rate and room to book, and the net for the whole stay. */
export interface CheckedSupplierRate {
  rate: SupplierRate;
  room: { code: string; name: string };
  netMinor: number;
  currency: string;
}

/**
 * Checks a kept rate key with the supplier before it is booked (a RECHECK rate; an agent's quote written before
 * migration 0049, which keeps its key alone): none left (or the sold-out kind) → 409 SOLD_OUT; the supplier down or late → 503. The caller compares the net.
 */
export async function checkSupplierRate(reach: Pick<SupplierReach, 'log'>, conn: OrgBank, rateKey: string): Promise<CheckedSupplierRate> {
  const checked = await conn.bank.checkRates([rateKey], { timeoutMs: SUPPLIER_RATES_TIMEOUT_MS });
  if (!checked.ok) {
    // Logged either way: a rate gone between the page and the checkout is worth seeing beside the supplier's failures.
    reach.log?.('warn', 'supplier.recheck_failed', { supplier: conn.supplier, kind: checked.failure.kind, status: checked.failure.status });
    throw checked.failure.kind === 'sold_out' ? soldOut() : supplierDown();
  }
  const room = checked.value.rooms.find((r) => r.rates.length > 0);
  const rate = room?.rates[0];
  if (!room || !rate) throw soldOut();
  return { rate, room: { code: room.code, name: room.name }, netMinor: checked.value.totalNetMinor, currency: checked.value.currency };
}

/**
 * Checks every part of a multi-party stay with the supplier in one call (APItude's checkrates takes every room's key),
 * each answered rate matched back to its part by the party it is for: a part not answered, none left (or the sold-out
 * kind) → 409 SOLD_OUT; the supplier down or late → 503. Answers each part's checked key and net, and their sum.
 */
export async function checkSupplierParts(
  reach: Pick<SupplierReach, 'log'>, conn: OrgBank, parts: readonly SupplierKeyPart[],
): Promise<{ parts: SupplierKeyPart[]; netMinor: number; currency: string; recheck: boolean }> {
  const checked = await conn.bank.checkRates(parts.map((p) => p.rate_key), { timeoutMs: SUPPLIER_RATES_TIMEOUT_MS });
  if (!checked.ok) {
    reach.log?.('warn', 'supplier.recheck_failed', { supplier: conn.supplier, kind: checked.failure.kind, status: checked.failure.status, parts: parts.length });
    throw checked.failure.kind === 'sold_out' ? soldOut() : supplierDown();
  }
  const answered = checked.value.rooms.flatMap((r) => r.rates);
  const used = new Set<SupplierRate>();
  const fresh = parts.map((part): SupplierKeyPart & { recheck: boolean } => {
    const party = parseOccupancy(part.occupancy);
    const line = party ? partyLines(party)[0] : undefined;
    const rate = line && answered.find((r) => !used.has(r) && r.netMinor > 0 && rateFitsLine(r, line));
    if (!rate) throw soldOut();
    used.add(rate);
    return { occupancy: part.occupancy, rate_key: rate.rateKey, net_minor: rate.netMinor, recheck: rate.recheck };
  });
  return {
    parts: fresh.map(({ occupancy, rate_key, net_minor }) => ({ occupancy, rate_key, net_minor })),
    netMinor: fresh.reduce((sum, p) => sum + p.net_minor, 0),
    currency: checked.value.currency,
    recheck: fresh.some((p) => p.recheck),
  };
}

/** A supplier claim's keys as checked again: each part's checked key and net, their sum, and whether any moved. */
export interface RecheckedSupplierKeys {
  parts: SupplierKeyPart[];
  netMinor: number;
  currency: string;
  /** Whether the supplier still answers a RECHECK rate (it answers the checked keys BOOKABLE). */
  recheck: boolean;
  /** Whether any part's net differs from the one it was priced at. */
  changed: boolean;
}

/**
 * The one check of a RECHECK claim before it is booked (the traveller's checkout, an agent's RECHECK quote): a single
 * key by checkSupplierRate, every part of a multi-party stay in one call by checkSupplierParts. None left (or the
 * sold-out kind) → 409 SOLD_OUT; the supplier down or late → 503; the caller decides what a moved net means.
 */
export async function recheckSupplierKeys(reach: Pick<SupplierReach, 'log'>, conn: OrgBank, parts: readonly SupplierKeyPart[]): Promise<RecheckedSupplierKeys> {
  if (parts.length > 1) {
    const checked = await checkSupplierParts(reach, conn, parts);
    return { ...checked, changed: checked.parts.some((p, i) => p.net_minor !== parts[i]!.net_minor) };
  }
  const part = parts[0]!;
  const { rate, netMinor, currency } = await checkSupplierRate(reach, conn, part.rate_key);
  return { parts: [{ ...part, rate_key: rate.rateKey, net_minor: netMinor }], netMinor, currency, recheck: rate.recheck, changed: netMinor !== part.net_minor };
}

/**
 * The room and rate a checked key books, as a booking row keeps them for its pages, mails and cancel terms (no room
 * type or rate plan of ours), its nights sharing `totalMinor` evenly: an agent's quote written before migration 0049
 * keeps only the key, so its room and terms are the supplier's answer to the check.
 */
export function checkedSupplierRooms(
  productId: number, stay: StayAsked, checked: CheckedSupplierRate, money: { currency: string; rates: Rates }, totalMinor: number,
): BookedRooms {
  const party = stay.rooms[0] ?? { adults: 1, children: [] };
  const offer = { room: { room_id: 0, ...checked.room, max_adults: party.adults, max_children: party.children.length }, rate: checked.rate };
  return supplierBookedRooms(supplierClaim(productId, stay, offer, { ...money, markupBps: 0 }), evenNights(totalMinor, nightsOf(stay.checkIn, stay.checkOut)));
}

/** A bed bank's quote ready to book: the key(s) to book (several parts as JSON), their net, and the room and rate it shows. */
export type QuotedSupplierReady =
  | { kind: 'ready'; rateKey: string; netMinor: number; currency: string; rooms: BookedRooms; checked: boolean }
  | { kind: 'price_changed'; netMinor: number; currency: string };

/**
 * An agent's quote of a bed bank's rate made ready to book (docs/decisions/0073-agent-supplier-bookings.md, amended):
 * a rate kept BOOKABLE is booked as quoted, with no call; a RECHECK rate is checked first (recheckSupplierKeys, as the
 * traveller's checkout checks it, every part in one call); a quote written before migration 0049 keeps no rate, so
 * its one key is checked and the room and terms come from the check. A net other than the quoted one →
 * `price_changed` (the quote's price was agreed with the client); none left → 409 SOLD_OUT; the supplier down → 503.
 * The nights share `totalMinor` evenly, in `money`'s currency.
 */
export async function readyQuotedSupplierRate(
  reach: Pick<SupplierReach, 'log'>, conn: OrgBank, productId: number, quoted: QuotedSupplier, stay: StayAsked, money: { currency: string; rates: () => Promise<Rates> }, totalMinor: number,
): Promise<QuotedSupplierReady> {
  const occupancy = occupancyStrings(stay.rooms);
  const nights = () => evenNights(totalMinor, nightsOf(stay.checkIn, stay.checkOut));
  const { rate } = quoted;
  if (rate && !rate.recheck) {
    return { kind: 'ready', rateKey: quoted.rateKey, netMinor: quoted.netMinor, currency: quoted.currency, rooms: supplierBookedRooms({ ...rate, occupancy }, nights()), checked: false };
  }
  if (rate) {
    const checked = await recheckSupplierKeys(reach, conn, decodeSupplierKeys(quoted.rateKey, occupancy, quoted.netMinor));
    if (checked.changed || checked.netMinor !== quoted.netMinor || checked.currency !== quoted.currency) return { kind: 'price_changed', netMinor: checked.netMinor, currency: checked.currency };
    return { kind: 'ready', rateKey: encodeSupplierKeys(checked.parts), netMinor: checked.netMinor, currency: checked.currency, rooms: supplierBookedRooms({ ...rate, occupancy }, nights()), checked: true };
  }
  const checked = await checkSupplierRate(reach, conn, quoted.rateKey);
  if (checked.netMinor !== quoted.netMinor || checked.currency !== quoted.currency) return { kind: 'price_changed', netMinor: checked.netMinor, currency: checked.currency };
  const rooms = checkedSupplierRooms(productId, stay, checked, { currency: money.currency, rates: await money.rates() }, totalMinor);
  return { kind: 'ready', rateKey: checked.rate.rateKey, netMinor: checked.netMinor, currency: checked.currency, rooms, checked: true };
}

/**
 * Prices a bed bank's stay from its claim (the rate chosen) or, without one, from the supplier's cheapest rate now: the
 * net converted at the day's rate with the org's markup (src/shared/rules/supplier-price.ts). At the checkout a RECHECK
 * rate is checked with the supplier first: none left → 409 SOLD_OUT; another net → 409 PRICE_CHANGED with the new total
 * and a rate_id for the checked key; the same net → booked with the checked key. The connection off → 409 SOLD_OUT; the
 * supplier down or late → 503.
 */
async function priceSupplierStay(reach: SupplierReach | null, stay: BookableStay, money: { currency: string; rates: Rates }, rateKey: string, recheck: boolean): Promise<PricedStay> {
  const { product } = stay;
  const conn = reach ? await orgBank(reach, product.org_id) : null;
  if (!reach || !conn) throw soldOut();
  const asked = { checkIn: stay.checkIn, checkOut: stay.checkOut!, rooms: stay.rooms };
  const priceOf = { currency: money.currency, rates: money.rates, markupBps: conn.markupBps };
  let claim: Omit<SupplierRateClaim, 'expires_at'>;
  if (stay.claim && isSupplierClaim(stay.claim)) {
    const chosen = stay.claim;
    claim = { ...chosen, currency: money.currency, total_minor: supplierSellMinor(chosen.net_minor, chosen.net_currency, conn.markupBps, money.currency, money.rates) };
  } else {
    const [cheapest] = await supplierOffers(reach, conn, product, asked, 'en-US');
    if (!cheapest) throw soldOut();
    claim = supplierClaim(product.id, asked, cheapest, priceOf);
  }
  if (recheck && claim.recheck) {
    // Every part checked in one call: any part repriced → PRICE_CHANGED for the stay, any part gone → SOLD_OUT.
    const checked = await recheckSupplierKeys(reach, conn, claimParts(claim));
    const fresh: Omit<SupplierRateClaim, 'expires_at'> = {
      ...claim,
      ...(claim.parts && claim.parts.length > 1 ? { parts: checked.parts } : {}),
      rate_key: checked.parts[0]!.rate_key,
      net_minor: checked.netMinor,
      net_currency: checked.currency,
      recheck: checked.recheck,
      total_minor: supplierSellMinor(checked.netMinor, checked.currency, conn.markupBps, money.currency, money.rates),
    };
    if (checked.changed || fresh.net_minor !== claim.net_minor || fresh.net_currency !== claim.net_currency) {
      throw new ApiError(409, 'PRICE_CHANGED', BOOKING_MSG.priceChanged, undefined, undefined, {
        total: fromMinor(fresh.total_minor, money.currency),
        currency: money.currency,
        rate_id: await signSupplierRate(rateKey, fresh),
      });
    }
    claim = fresh;
  }
  const rateId = await signSupplierRate(rateKey, claim);
  const nights = evenNights(claim.total_minor, nightsOf(asked.checkIn, asked.checkOut));
  return {
    offer: null,
    priceMinor: claim.total_minor,
    nights,
    rateId,
    supplier: {
      supplier: claim.supplier,
      // Several parts are kept together in the booking's one key column (decision 0076).
      rateKey: encodeSupplierKeys(claimParts(claim)),
      netMinor: claim.net_minor,
      netCurrency: claim.net_currency,
      netInCurrency: supplierNetIn(claim.net_minor, claim.net_currency, money.currency, money.rates),
      rooms: supplierBookedRooms(claim, nights),
      claim,
    },
  };
}
