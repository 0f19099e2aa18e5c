// A hotel's sellable rooms and rates for a stay (docs/contract.md#rooms-rates-and-availability): the offers of many
// products at once (the search's lowest totals), one product's rooms and rates with their signed rate_id, and the
// check of a rate_id a booking brings back. Prices are worked out in USD minor units (src/shared/rules/stay-rates.ts)
// and converted night by night, so a stay's nights add up to its total in any currency.
import { inventoryFor } from '../db/ari';
import { ariToPrice, type Priceable } from '../cache/ari';
import { calendarOf, lowestTotal, type LowestOut } from '../../src/shared/rules/ari-ranges';
import { base64url, fromBase64url, hmacSha256, constantTimeEqual } from '../auth/crypto';
import { convertMinor } from '../../src/shared/rules/money';
import type { Rates } from '../../src/shared/rules/money';
import { offersFor, type Board, type Offer } from '../../src/shared/rules/stay-rates';
import { rateCancellationDeadline, type PlanCancellation } from '../../src/shared/rules/cancellation';
import { occupancyKey, occupancyStrings, parseOccupancy, type RoomParty } from '../../src/shared/rules/occupancy';
import type { SupplierKeyPart } from '../../src/shared/rules/supplier-combination';

export interface StayAsked {
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomParty[];
}

/** Every product's offers for the stay (cheapest first); a product without any is absent. One batch of reads. */
export async function offersOfProducts(db: D1Database, productIds: readonly number[], stay: StayAsked): Promise<Map<number, Offer[]>> {
  const inventory = await inventoryFor(db, productIds, stay.checkIn, stay.checkOut);
  const out = new Map<number, Offer[]>();
  for (const [id, inv] of inventory) {
    const offers = offersFor(inv.rooms, inv.plans, inv.roomNights, inv.rateNights, stay);
    if (offers.length) out.set(id, offers);
  }
  return out;
}

/**
 * Each product's lowest total for the stay in the asked currency (each night converted, as offerIn adds an offer up),
 * for the search and the destination cards: the same rule as offersOfProducts (lowestTotal holds to offersFor), from
 * the ARI the isolate keeps under each product's version (functions/cache/ari.ts), rooms sold included, without
 * building the offers. A product that cannot sell the stay is absent.
 */
export async function lowestTotalsOf(db: D1Database, products: readonly Priceable[], stay: StayAsked, currency: string, rates: Rates): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const [id, t] of await pricedForStay(db, products, stay, currency, rates, null)) out.set(id, t.total);
  return out;
}

/** What the free-cancellation filter asks of a product: its type's rule and its clock, at the moment of the search. */
export interface FreeCancellationAsk {
  productType: string;
  nowMs: number;
}

/**
 * As lowestTotalsOf, and beside each total the lowest total among the offers whose rate plan would still cancel free if
 * booked now (its own terms, or the product type's rule for a plan without any, on the product's clock), or null when
 * none would: the search's free-cancellation filter keeps those products at that price (issue 31).
 */
export function lowestTotalsAndFreeOf(
  db: D1Database, products: readonly (Priceable & { time_zone: string })[], stay: StayAsked, currency: string, rates: Rates, ask: FreeCancellationAsk,
): Promise<Map<number, PricedStayTotals>> {
  return pricedForStay(db, products, stay, currency, rates, ask);
}

/**
 * A product's lowest total and, with a free-cancellation ask, the lowest of the offers still cancelling free; beside each
 * the free-cancellation deadline of the rate plan that priced it (its own terms, else the type's rule; null: none).
 */
export interface PricedStayTotals {
  total: number;
  free: number | null;
  deadline?: string | null;
  freeDeadline?: string | null;
}

async function pricedForStay(
  db: D1Database, products: readonly (Priceable & { time_zone?: string })[], stay: StayAsked, currency: string, rates: Rates, ask: FreeCancellationAsk | null,
): Promise<Map<number, PricedStayTotals>> {
  const ari = await ariToPrice(db, products, stay.checkIn);
  const days = calendarOf(stay.checkIn, stay.checkOut);
  const convert = currency.toUpperCase() === 'USD' ? (usdMinor: number) => usdMinor : (usdMinor: number) => convertMinor(usdMinor, 'USD', currency, rates);
  const zones = ask ? new Map(products.map((p) => [p.id, p.time_zone ?? ''])) : null;
  // Many plans share terms and many hotels a clock: each deadline is worked out once per search.
  const deadlines = new Map<string, string | null>();
  const deadlineOf = (terms: PlanCancellation | undefined, zone: string) => {
    if (!terms) return null;
    const key = `${terms.refundable}|${terms.free_cancellation_days}|${terms.cancellation_fee_percent}|${zone}`;
    let deadline = deadlines.get(key);
    if (deadline === undefined) {
      deadline = rateCancellationDeadline(ask!.productType, terms, stay.checkIn, zone);
      deadlines.set(key, deadline);
    }
    return deadline;
  };
  const freeNow = (terms: PlanCancellation, zone: string) => {
    const deadline = deadlineOf(terms, zone);
    return deadline !== null && ask!.nowMs < Date.parse(deadline);
  };
  const out = new Map<number, PricedStayTotals>();
  const cheapest: LowestOut = { free: null };
  for (const [id, a] of ari) {
    const mask = zones ? Uint8Array.from(a.terms, (terms) => (freeNow(terms, zones.get(id)!) ? 1 : 0)) : undefined;
    const total = lowestTotal(a.pack, stay, days, convert, mask, mask ? cheapest : undefined);
    if (total === null) continue;
    if (!mask) out.set(id, { total, free: null });
    else {
      const zone = zones!.get(id)!;
      out.set(id, { total, free: cheapest.free, deadline: deadlineOf(a.terms[cheapest.plan!], zone), freeDeadline: deadlineOf(a.terms[cheapest.freePlan!], zone) });
    }
  }
  return out;
}

/** An offer's nights and total in the asked currency: each night converted, the total their sum. */
export function offerIn(offer: Offer, currency: string, rates: Rates): { totalMinor: number; nights: { date: string; minor: number }[] } {
  const nights = offer.nights.map((n) => ({ date: n.date, minor: convertMinor(n.usdMinor, 'USD', currency, rates) }));
  return { totalMinor: nights.reduce((s, n) => s + n.minor, 0), nights };
}

// ---- rate_id -------------------------------------------------------------------------------------------------------

/** How long a quoted rate may be booked. */
export const RATE_ID_TTL_MS = 30 * 60 * 1000;

/** What a rate_id names: the product, room type, rate plan, stay, occupancy and the total quoted (USD minor), until when. */
export interface RateClaim {
  product_id: number;
  room_id: number;
  rate_plan_id: number;
  check_in: string;
  check_out: string;
  occupancy: string[];
  total_usd_minor: number;
  expires_at: number;
}

const encoder = new TextEncoder();

/** The signed, opaque rate_id for an offer of a product for a stay. */
export async function signRate(key: string, productId: number, offer: Offer, stay: StayAsked, nowMs = Date.now()): Promise<string> {
  const claim: RateClaim = {
    product_id: productId,
    room_id: offer.room.room_id,
    rate_plan_id: offer.plan.rate_plan_id,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    occupancy: occupancyStrings(stay.rooms),
    total_usd_minor: offer.totalUsdMinor,
    expires_at: nowMs + RATE_ID_TTL_MS,
  };
  return signed(key, claim);
}

/**
 * What a bed bank's rate_id names (docs/decisions/0069-supplier-rates-and-bookings.md): the product, stay and
 * occupancy, the supplier's rate key with its net for the whole stay (EUR minor units) and whether it must be checked
 * again before booking, the total quoted and its currency, and what the traveller was shown of the room and the rate
 * (the booking keeps it: the supplier's rooms and rates are not ours to read back).
 */
export interface SupplierRateClaim {
  supplier: 'hotelbeds';
  product_id: number;
  check_in: string;
  check_out: string;
  occupancy: string[];
  rate_key: string;
  net_minor: number;
  /** The net's currency (EUR for Hotelbeds). */
  net_currency: string;
  recheck: boolean;
  total_minor: number;
  currency: string;
  /** The room: our imported room type's id (0 when the supplier named one we have not imported), code and name. */
  room: { room_id: number; code: string; name: string };
  board: Board;
  refundable: boolean;
  /** The rate's terms as a rate plan's (src/shared/rules/supplier-rate.ts supplierTerms). */
  free_cancellation_days: number | null;
  cancellation_fee_percent: number | null;
  /**
   * A stay whose rooms hold different parties (docs/decisions/0076-multi-party-supplier-stays.md): one rate per
   * occupancy line, each with the rooms it houses, its key and its net (`rate_key` is then the first part's, `net_minor`
   * their sum). Absent for one party: such a claim reads as before.
   */
  parts?: SupplierKeyPart[];
  expires_at: number;
}

/** Every rate a supplier claim books, with the rooms each houses: one part for a single party. */
export const claimParts = (claim: Pick<SupplierRateClaim, 'parts' | 'occupancy' | 'rate_key' | 'net_minor'>): SupplierKeyPart[] =>
  claim.parts?.length ? claim.parts : [{ occupancy: claim.occupancy, rate_key: claim.rate_key, net_minor: claim.net_minor }];

/** Either kind of claim a rate_id may carry. */
export type AnyRateClaim = RateClaim | SupplierRateClaim;

export const isSupplierClaim = (claim: AnyRateClaim): claim is SupplierRateClaim => 'supplier' in claim;

/** The signed rate_id for a bed bank's rate (expires_at is set here). */
export function signSupplierRate(key: string, claim: Omit<SupplierRateClaim, 'expires_at'>, nowMs = Date.now()): Promise<string> {
  return signed(key, { ...claim, expires_at: nowMs + RATE_ID_TTL_MS });
}

async function signed(key: string, claim: AnyRateClaim): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(claim)));
  return `${body}.${base64url(await hmacSha256(key, body))}`;
}

/** The claim a rate_id carries (an own hotel's or a bed bank's), or null when it was not signed here, was altered or has expired. */
export async function readAnyRate(key: string, rateId: string, nowMs = Date.now()): Promise<AnyRateClaim | null> {
  const [body, mac, extra] = rateId.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const given = fromBase64url(mac);
  if (!given || !constantTimeEqual(given, await hmacSha256(key, body))) return null;
  const bytes = fromBase64url(body);
  if (!bytes) return null;
  try {
    const claim = JSON.parse(new TextDecoder().decode(bytes)) as AnyRateClaim;
    if (typeof claim.expires_at !== 'number' || claim.expires_at <= nowMs) return null;
    if (!Array.isArray(claim.occupancy) || !parseOccupancy(claim.occupancy)) return null;
    return claim;
  } catch {
    return null;
  }
}

/** An own hotel's claim a rate_id carries, or null (not signed here, altered, expired, or a bed bank's rate). */
export async function readRate(key: string, rateId: string, nowMs = Date.now()): Promise<RateClaim | null> {
  const claim = await readAnyRate(key, rateId, nowMs);
  return claim && !isSupplierClaim(claim) ? claim : null;
}

/** The rooms a claim names. */
export const roomsOfClaim = (claim: AnyRateClaim): RoomParty[] => parseOccupancy(claim.occupancy) ?? [];

/** Do two parties name the same rooms, whatever their order? */
export const sameParty = (a: readonly RoomParty[], b: readonly RoomParty[]) => occupancyKey(a) === occupancyKey(b);

/** The key rate_ids are signed with: the Worker's secret (development's example value locally). */
export const rateKey = (env: { RATE_SIGNING_KEY?: string; PASSWORD_PEPPER?: string }) => env.RATE_SIGNING_KEY ?? `rates:${env.PASSWORD_PEPPER ?? ''}`;
