// A bed bank's hotel sold live (CONTRACT §18, docs/decisions/0069-supplier-rates-and-bookings.md): its rooms and rates
// for a stay asked of the supplier through the org's connection, in section 17's shapes (each rate priced by
// src/shared/rules/supplier-price.ts, its terms by supplier-rate.ts), each with a signed rate_id wrapping the supplier's
// rate key and net, which the booking prices from (functions/flows/stay.ts).
import { roomsAndPlans } from '../db/ari';
import type { ProductRow } from '../db/products';
import type { BookedRooms } from '../db/bookings';
import { ApiError } from '../errors';
import type { Log } from '../log';
import type { ContentLanguage, SupplierRate } from '../outside/hotelbeds';
import { orgBank, type OrgBank, type SupplierDeps } from './suppliers';
import { signSupplierRate, type StayAsked, type SupplierRateClaim } from './rates';
import { fromMinor, type Rates } from '../../src/shared/rules/money';
import { supplierSellMinor } from '../../src/shared/rules/supplier-price';
import { evenNights, supplierRateName, supplierTerms } from '../../src/shared/rules/supplier-rate';
import { nameIn, nightsOf, type RoomType } from '../../src/shared/rules/stay-rates';
import { feePercentAfterDeadline, rateCancellationDeadline, type PlanCancellation } from '../../src/shared/rules/cancellation';
import { occupancyStrings } from '../../src/shared/rules/occupancy';
import { combineRates, partyLines, type RateCombination } from '../../src/shared/rules/supplier-combination';
import { BOOKING_MSG } from '../../src/shared/contract/booking';

/** What reaching the org's bed bank needs (tests may give their own bank). */
export type SupplierReach = Pick<SupplierDeps, 'db' | 'env' | 'bank'> & { log?: Log };

/** How long a hotel's rates, or a rate's check, may take before the traveller is told to try again. */
export const SUPPLIER_RATES_TIMEOUT_MS = 8_000;

/** Is the product a bed bank's hotel (sold live from the supplier, never from our ARI)? */
export const isSupplierProduct = (p: Pick<ProductRow, 'source' | 'supplier_code'>): boolean => (p.source ?? 'own') !== 'own' && !!p.supplier_code;

/** The supplier did not answer, failed or answered nonsense: nothing was decided, the traveller may try again. */
export const supplierDown = () => new ApiError(503, 'UPSTREAM_FAILED', BOOKING_MSG.supplierDown);

const CONTENT_LANGUAGES: readonly string[] = ['en-US', 'fr-FR', 'es-ES'];
const contentLanguage = (language: string): ContentLanguage => (CONTENT_LANGUAGES.includes(language) ? language : 'en-US') as ContentLanguage;

/** One room of the supplier's hotel under one of its rates. */
export interface SupplierOffer {
  /** Our imported room type (room_id 0 when the supplier sells one the import has not brought), else the supplier's. */
  room: { room_id: number; code: string; name: string; max_adults: number; max_children: number };
  /** The stay's rate: for a multi-party stay the parts' combination (net and charges summed, RECHECK if any part is). */
  rate: SupplierRate;
  /** A multi-party stay's parts: one rate per occupancy line with the rooms it houses (absent for one party). */
  parts?: { occupancy: string[]; rate: SupplierRate }[];
}

/** A combination of one rate per occupancy line, as one rate of the stay (the first part's key; net and charges summed). */
function combinedRate(combo: RateCombination<SupplierRate>): SupplierRate {
  const first = combo.parts[0]!.rate;
  return {
    ...first,
    recheck: combo.recheck,
    netMinor: combo.netMinor,
    cancellation: combo.cancellation,
    freeCancellationUntil: combo.cancellation[0]?.from ?? null,
    allotment: combo.allotment,
    rooms: combo.parts.reduce((n, p) => n + p.line.rooms, 0),
    adults: combo.parts.reduce((n, p) => n + p.line.rooms * p.line.party.adults, 0),
    childAges: combo.parts.flatMap((p) => Array.from({ length: p.line.rooms }, () => p.line.party.children).flat()),
    children: combo.parts.reduce((n, p) => n + p.line.rooms * p.line.party.children.length, 0),
  };
}

/**
 * The hotel's rooms and rates for the stay, cheapest first. APItude prices identical rooms as one line; a stay whose
 * rooms hold different parties is sold as combinations of one rate per line (src/shared/rules/supplier-combination.ts):
 * one room type, board and kind for every party, or that room type is not offered.
 */
export async function supplierOffers(d: SupplierReach, conn: OrgBank, product: Pick<ProductRow, 'id' | 'org_id' | 'supplier_code'>, stay: StayAsked, language: string): Promise<SupplierOffer[]> {
  const lines = partyLines(stay.rooms);
  const code = product.supplier_code!;
  const [answer, ours] = await Promise.all([
    conn.bank.availability(
      { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: [...stay.rooms], place: { hotels: [code] }, language: contentLanguage(language) },
      { timeoutMs: SUPPLIER_RATES_TIMEOUT_MS },
    ),
    roomsAndPlans(d.db, product.org_id, product.id),
  ]);
  if (!answer.ok) {
    d.log?.('warn', 'supplier.rates_failed', { supplier: conn.supplier, hotel: code, kind: answer.failure.kind, status: answer.failure.status });
    throw supplierDown();
  }
  const hotel = answer.value.hotels.find((h) => h.code === code);
  if (!hotel) return [];
  const byCode = new Map<string, RoomType>(ours.rooms.map((r) => [r.code, r]));
  const offers = hotel.rooms.flatMap((room) => {
    const mine = byCode.get(room.code);
    const shown = {
      room_id: mine?.room_id ?? 0,
      code: room.code,
      name: room.name || (mine ? nameIn(mine.name, language) : room.code),
      max_adults: mine?.max_adults ?? Math.max(...stay.rooms.map((r) => r.adults)),
      max_children: mine?.max_children ?? Math.max(...stay.rooms.map((r) => r.children.length)),
    };
    if (lines.length > 1) {
      return combineRates(room.rates, lines).map((combo): SupplierOffer => ({
        room: shown,
        rate: combinedRate(combo),
        parts: combo.parts.map((p) => ({ occupancy: p.line.occupancy, rate: p.rate })),
      }));
    }
    return room.rates.filter((rate) => rate.rooms === stay.rooms.length && rate.netMinor > 0).map((rate) => ({ room: shown, rate }));
  });
  return offers.sort((a, b) => a.rate.netMinor - b.rate.netMinor);
}

/** A supplier rate's claim (what its rate_id names) for a stay, priced in the asked currency at the org's markup. */
export function supplierClaim(
  productId: number, stay: StayAsked, offer: SupplierOffer, money: { currency: string; rates: Rates; markupBps: number },
): Omit<SupplierRateClaim, 'expires_at'> {
  const { rate } = offer;
  const terms = supplierTerms({ refundable: rate.refundable, netMinor: rate.netMinor, charges: rate.cancellation }, stay.checkIn);
  return {
    supplier: 'hotelbeds',
    product_id: productId,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    occupancy: occupancyStrings(stay.rooms),
    rate_key: rate.rateKey,
    net_minor: rate.netMinor,
    net_currency: rate.currency,
    recheck: rate.recheck,
    total_minor: supplierSellMinor(rate.netMinor, rate.currency, money.markupBps, money.currency, money.rates),
    currency: money.currency,
    room: { room_id: offer.room.room_id, code: offer.room.code, name: offer.room.name },
    board: rate.board ?? 'RO',
    refundable: terms.refundable,
    free_cancellation_days: terms.free_cancellation_days,
    cancellation_fee_percent: terms.cancellation_fee_percent,
    ...(offer.parts && offer.parts.length > 1 ? { parts: offer.parts.map((p) => ({ occupancy: p.occupancy, rate_key: p.rate.rateKey, net_minor: p.rate.netMinor })) } : {}),
  };
}

/** A claim's cancellation terms as a rate plan's. */
export const termsOfClaim = (claim: Pick<SupplierRateClaim, 'refundable' | 'free_cancellation_days' | 'cancellation_fee_percent'>): PlanCancellation => ({
  refundable: claim.refundable,
  free_cancellation_days: claim.free_cancellation_days,
  cancellation_fee_percent: claim.cancellation_fee_percent,
});

/** The room and rate a supplier booking keeps for its pages and mails (no room type or rate plan of ours: ids 0). */
export function supplierBookedRooms(
  claim: Pick<SupplierRateClaim, 'room' | 'board' | 'refundable' | 'free_cancellation_days' | 'cancellation_fee_percent' | 'occupancy'>,
  nights: { date: string; minor: number }[],
): BookedRooms {
  return {
    room: { room_id: claim.room.room_id, name: { 'en-US': claim.room.name } },
    rate: { rate_plan_id: 0, name: supplierRateName(claim.refundable), board: claim.board, ...termsOfClaim(claim) },
    occupancy: claim.occupancy,
    nights: nights.map((n) => ({ date: n.date, price: n.minor })),
  };
}

/**
 * GET /api/products/{id}/rates for a bed bank's hotel: every room the supplier sells for the stay and party, each rate
 * with its board, terms, charges and price in the asked currency (the nights share the total evenly: the supplier
 * prices the stay, not its nights) and a rate_id wrapping its key. An org whose connection is off sells none; the
 * supplier down or late → 503, which the page says in the traveller's language.
 */
export async function supplierRoomsAndRates(
  d: SupplierReach,
  product: Pick<ProductRow, 'id' | 'org_id' | 'type' | 'time_zone' | 'supplier_code'>,
  stay: StayAsked,
  o: { key: string; currency: string; rates: Rates; language: string; nowMs?: number },
) {
  const nights = nightsOf(stay.checkIn, stay.checkOut);
  const conn = await orgBank(d, product.org_id);
  if (!conn) return { nights: nights.length, rooms: [] };
  const offers = await supplierOffers(d, conn, product, stay, o.language);
  const byRoom = new Map<string, SupplierOffer[]>();
  for (const offer of offers) byRoom.set(offer.room.code, [...(byRoom.get(offer.room.code) ?? []), offer]);
  const money = { currency: o.currency, rates: o.rates, markupBps: conn.markupBps };
  const sell = (netMinor: number, currency: string) => supplierSellMinor(netMinor, currency, conn.markupBps, o.currency, o.rates);
  const rooms = await Promise.all(
    [...byRoom.values()].map(async (mine) => ({
      room_id: mine[0]!.room.room_id,
      code: mine[0]!.room.code,
      name: mine[0]!.room.name,
      max_adults: mine[0]!.room.max_adults,
      max_children: mine[0]!.room.max_children,
      units_left: Math.min(...mine.map((m) => m.rate.allotment ?? 99)),
      rates: await Promise.all(
        mine.map(async (offer) => {
          const claim = supplierClaim(product.id, stay, offer, money);
          const terms = termsOfClaim(claim);
          return {
            rate_id: await signSupplierRate(o.key, claim, o.nowMs),
            rate_plan_id: 0,
            name: nameIn(supplierRateName(claim.refundable), o.language),
            board: claim.board,
            refundable: claim.refundable,
            free_cancellation_deadline: rateCancellationDeadline(product.type, terms, stay.checkIn, product.time_zone),
            cancellation_fee_percent: feePercentAfterDeadline(terms),
            cancellation_charges: offer.rate.cancellation.filter((c) => Number.isFinite(Date.parse(c.from))).map((c) => ({
              from: new Date(Date.parse(c.from)).toISOString(),
              amount: fromMinor(Math.min(claim.total_minor, sell(c.amountMinor, offer.rate.currency)), o.currency),
            })),
            total: fromMinor(claim.total_minor, o.currency),
            currency: o.currency,
            nights: evenNights(claim.total_minor, nights).map((n) => ({ date: n.date, price: fromMinor(n.minor, o.currency) })),
          };
        }),
      ),
    })),
  );
  return { nights: nights.length, rooms };
}
