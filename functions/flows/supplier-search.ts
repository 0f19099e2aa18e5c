// A search's hotels from the org's bed bank (CONTRACT §18, docs/decisions/0071-supplier-search-merge.md): the org's
// imported hotels of the searched place are asked for the stay and party within a time budget, each priced at its
// cheapest rate (the supplier's net, converted, plus the org's markup once). A supplier late, down or answering
// nonsense costs the search nothing but `partial`: it is logged and the org's own hotels are listed as ever.
import { onDates, supplierCandidates, supplierRowAndCandidates, type PlaceHotels, type ProductFilter, type SupplierCandidate } from '../db/products';
import { keepSupplierAnswer, keptAtEdge, keptHere, keptSupplierAnswer } from '../cache/supplier-answers';
import { sha256Hex } from '../lib/crypto';
import { openBank, orgBank, type OrgBank, type SupplierDeps } from './suppliers';
import type { Log } from '../log';
import type { Availability, BedBankResult, SupplierRate } from '../outside/hotelbeds';
import type { StayAsked } from './rates';
import { supplierSellMinor } from '../../src/shared/rules/supplier-price';
import { occupancyKey, type RoomParty } from '../../src/shared/rules/occupancy';
import { combineRates, partyLines, type RateCombination } from '../../src/shared/rules/supplier-combination';
import type { Rates } from '../../src/shared/rules/money';

/** How long a search waits for the bed bank by default (CONTRACT §18); SUPPLIER_SEARCH_BUDGET_MS sets another. */
export const SUPPLIER_SEARCH_BUDGET_MS = 1_500;
/** The most hotels one availability call names (APItude takes up to 2,000 codes a request). */
const MOST_HOTELS = 2_000;
export { SUPPLIER_ANSWER_KEPT_SECONDS } from '../cache/supplier-answers';

/** The org's connection as a search uses it, with its budget and the request's log. */
export interface SupplierAsk {
  connection: OrgBank;
  budgetMs: number;
  /**
   * When the search began (milliseconds since the epoch): the budget runs from then, so the wait for the bed bank
   * overlaps the search's own steps before it is asked rather than adding to them. Absent: from the ask itself.
   */
  sinceMs?: number;
  log: Log;
  /** Work that may finish after the answer (keeping the supplier's answer at the edge). */
  later: (work: Promise<unknown>) => unknown;
}

/** What a search's ask of the bed bank needs: the database, the connection's secrets, the log and its budget (a Worker variable). */
export type SupplierAskDeps = Pick<SupplierDeps, 'db' | 'env' | 'bank' | 'log' | 'later'> & { budgetMs?: string; sinceMs?: number };

/** The org's enabled bed bank for a search, or null (none, switched off, or a secret that no longer opens). */
export async function supplierAsk(d: SupplierAskDeps, orgId: number): Promise<SupplierAsk | null> {
  return askOf(d, await orgBank(d, orgId));
}

function askOf(d: SupplierAskDeps, connection: OrgBank | null): SupplierAsk | null {
  if (!connection) return null;
  const asked = Number(d.budgetMs);
  const budgetMs = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 10_000) : SUPPLIER_SEARCH_BUDGET_MS;
  return { connection, budgetMs, ...(d.sinceMs !== undefined ? { sinceMs: d.sinceMs } : {}), log: d.log, later: d.later };
}

/** One hotel's cheapest stay, as kept: its net for every room, and the cheapest net that still cancels free until `freeUntil`. */
interface NetOffer {
  code: string;
  net: number;
  currency: string;
  free: { net: number; until: string } | null;
}

/** A supplier's hotel priced for the search: its candidate row, its sell total, and the cheapest free-cancelling one. */
export interface SupplierPriced {
  candidate: SupplierCandidate;
  totalMinor: number;
  /** The sell total of the cheapest offer that cancels free if booked now, with the instant that ends (ISO, UTC). */
  free: { totalMinor: number; until: string } | null;
}

export interface SupplierAnswer {
  priced: SupplierPriced[];
  /** The supplier failed, was late, or could not be asked: what it would have listed is missing. */
  partial: boolean;
}

/** A party's rooms grouped as the availability request's occupancy lines (the adapter groups them alike). */
function linesOf(rooms: readonly RoomParty[]) {
  const lines = new Map<string, { rooms: number; adults: number; ages: string }>();
  for (const r of rooms) {
    const ages = [...r.children].sort((a, b) => a - b).join(',');
    const key = `${r.adults}-${ages}`;
    const line = lines.get(key);
    if (line) line.rooms += 1;
    else lines.set(key, { rooms: 1, adults: r.adults, ages });
  }
  return [...lines.values()];
}

/** A rate's children's ages as its occupancy line writes them (`linesOf`). */
const agesOf = (ages: readonly number[]) => (ages.length === 0 ? '' : ages.length === 1 ? String(ages[0]) : [...ages].sort((a, b) => a - b).join(','));

/**
 * Each hotel's cheapest way to house the whole party, and its cheapest still cancelling free (its first charge ahead:
 * free until then). A hotel that cannot house the party is left out. One party (every room alike, the usual search):
 * the cheapest rate of its occupancy line; rooms holding different parties: the cheapest combination the hotel's page
 * sells (cheapestCombination). A city's answer holds thousands of rates: each is looked at in place, nothing is gathered.
 */
export function cheapestOffers(availability: Availability, rooms: readonly RoomParty[], nowMs: number): NetOffer[] {
  const out: NetOffer[] = [];
  const lines = linesOf(rooms);
  if (lines.length > 1) {
    // Priced as the hotel's page sells them: one room type, board and kind for every party
    // (src/shared/rules/supplier-combination.ts), so the search's price is one the page offers.
    const parties = partyLines(rooms);
    for (const hotel of availability.hotels) {
      const offer = cheapestCombination(hotel.code, hotel.rooms.flatMap((room) => combineRates(room.rates, parties)), nowMs);
      if (offer) out.push(offer);
    }
    return out;
  }
  const [line] = lines;
  if (!line) return out;
  const fits = (r: SupplierRate) => r.rooms === line.rooms && r.adults === line.adults && agesOf(r.childAges) === line.ages;
  for (const hotel of availability.hotels) {
    let cheapest: SupplierRate | null = null;
    for (const room of hotel.rooms) {
      for (const r of room.rates) if ((cheapest === null || r.netMinor < cheapest.netMinor) && fits(r)) cheapest = r;
    }
    if (!cheapest) continue;
    let free: SupplierRate | null = null;
    let freeEnds = 0;
    for (const room of hotel.rooms) {
      for (const r of room.rates) {
        if (r.currency !== cheapest.currency || (free !== null && r.netMinor >= free.netMinor) || !fits(r)) continue;
        const ends = freeUntilMs(r, nowMs);
        if (ends === null) continue;
        free = r;
        freeEnds = ends;
      }
    }
    out.push({ code: hotel.code, net: cheapest.netMinor, currency: cheapest.currency, free: free ? { net: free.netMinor, until: new Date(freeEnds).toISOString() } : null });
  }
  return out;
}

/** A hotel's cheapest combination for a multi-party stay, and its cheapest one still cancelling free (until its first charge). */
function cheapestCombination(code: string, combos: RateCombination<SupplierRate>[], nowMs: number): NetOffer | null {
  let best: RateCombination<SupplierRate> | null = null;
  let free: { net: number; untilMs: number } | null = null;
  for (const combo of combos) {
    if (best !== null && combo.currency !== best.currency) continue;
    if (best === null || combo.netMinor < best.netMinor) best = combo;
    const first = combo.cancellation[0] ? Date.parse(combo.cancellation[0].from) : NaN;
    if (combo.refundable && Number.isFinite(first) && first > nowMs && (free === null || combo.netMinor < free.net)) free = { net: combo.netMinor, untilMs: first };
  }
  if (!best) return null;
  return { code, net: best.netMinor, currency: best.currency, free: free ? { net: free.net, until: new Date(free.untilMs).toISOString() } : null };
}

/** When cancelling the rate starts to cost (milliseconds since the epoch), if that is still ahead; null when it costs now or the rate gives no terms. */
function freeUntilMs(rate: SupplierRate, nowMs: number): number | null {
  const from = rate.freeCancellationUntil === null ? NaN : Date.parse(rate.freeCancellationUntil);
  return Number.isFinite(from) && from > nowMs ? from : null;
}

/** The circle a search by point looks in (its square, as the candidates' statement reads it). */
type Box = { latitude: number; longitude: number; radiusKm: number };

/**
 * Where the supplier's net answer to this question is kept (functions/cache/supplier-answers.ts): the place as asked
 * (type, city, box), not the hotels it finds, so the kept answer is looked for while they are found.
 */
async function keptKey(orgId: number, supplier: string, stay: StayAsked, filter: ProductFilter, box: Box | undefined) {
  return keyOf(orgId, supplier, stay, await placeHash(filter, box));
}

/** The place's part of a kept answer's key. */
const placeHash = async (filter: ProductFilter, box: Box | undefined) =>
  (await sha256Hex(JSON.stringify([filter.type, filter.city ?? null, box ? [box.latitude, box.longitude, box.radiusKm] : null]))).slice(0, 32);
const keyOf = (orgId: number, supplier: string, stay: StayAsked, place: string) =>
  `supplier-search/${orgId}/${supplier}/${stay.checkIn}/${stay.checkOut}/${occupancyKey(stay.rooms)}/${place}`;

/** The supplier's net answer for a place: the hotels asked about, each one's cheapest net offer, and the org's markup. */
export interface NetAnswer {
  markupBps: number;
  candidates: readonly SupplierCandidate[];
  offers: readonly NetOffer[];
  /** The supplier failed, was late, or could not be asked: what it would have listed is missing. */
  partial: boolean;
}

/**
 * The org's imported hotels of the searched place that the supplier can sell for the stay and party, priced in the
 * asked currency with the org's markup. Never throws and never takes longer than the budget (from its call): a supplier
 * that fails, is late or answers out of shape gives `partial` and no hotels, logged.
 */
export async function supplierPrices(
  db: D1Database, ask: SupplierAsk, filter: ProductFilter, box: Box | undefined,
  stay: StayAsked, money: { currency: string; rates: Rates }, nowMs: number,
): Promise<SupplierAnswer> {
  const candidates = supplierCandidates(db, filter, ask.connection.supplier, box, MOST_HOTELS).then((found) => onDates(found, filter.checkIn, filter.checkOut));
  candidates.catch(() => undefined);
  return pricedAnswer(await netAnswer(ask, keptKey(filter.orgId, ask.connection.supplier, stay, filter, box), candidates, stay, nowMs), money, nowMs);
}

/** A search's place as the visitor asked it: the filter (its city as written), the box, and the stored city it names once read. */
export interface SupplierPlace {
  filter: ProductFilter;
  box?: Box;
  /** The stored city the visitor's name stands for ("Lisbonne" is Lisbon, decision 0049); null when it names none. */
  city?: Promise<string | null>;
  /** Settles when the search may go on: the supplier is not asked for a search this refuses. */
  ready?: Promise<unknown>;
  /** `ready` is sure to go on (the currency is one this isolate's rates took): the supplier is asked without waiting for it. */
  surelyReady?: boolean;
  /** The org's version: what this isolate keeps of the place for its next searches is the version's (absent: nothing kept). */
  orgVersion?: number;
}

/** The bed bank asked about a search's place, from the search's first step (`askSupplier`). */
export interface SupplierQuestion {
  /**
   * Settles once the call is on its way, or once none is to be made: the hotels asked about (none when a kept answer
   * serves or the place has none), or null when the org sells no bed bank's hotels.
   */
  asked: Promise<readonly SupplierCandidate[] | null>;
  /** The supplier's net answer; null when the org sells no bed bank's hotels. Never rejects. */
  answer: Promise<NetAnswer | null>;
}

/**
 * Asks the org's bed bank about a search's place from the search's first step (decision 0071). A place this isolate
 * asked about under the org's version is asked at once, with nothing read. Otherwise one statement reads the connection
 * with the hotels of the city as the visitor wrote it, beside the search's own first reads; they are read again only
 * when that name stands for another stored city. The search's own hotels wait for `asked`, so they are found while the
 * supplier answers.
 */
export function askSupplier(d: SupplierAskDeps, place: SupplierPlace, stay: StayAsked, nowMs: number): SupplierQuestion {
  const orgId = place.filter.orgId;
  let tell: (about: readonly SupplierCandidate[] | null) => void = () => undefined;
  const asked = new Promise<readonly SupplierCandidate[] | null>((done) => (tell = done));
  const how = {
    // A timer's turn after the call: it is then on its way (its signature and request made), not behind the search's own work.
    called: (about: readonly SupplierCandidate[]) => void setTimeout(() => tell(about), 0),
    settled: () => tell([]),
  };
  const goesOn = async () => place.surelyReady || !place.ready || place.ready.then(() => true, () => false);
  /** No bed bank for this search (none connected, switched off, or the search refused): the search is told so. */
  const none = () => {
    tell(null);
    return null;
  };
  const memo = place.orgVersion === undefined ? null : placeKey(place, place.orgVersion);
  const known = memo === null ? undefined : knownPlace(memo);
  if (known) {
    // A place this isolate asked about under the org's version: asked at once, while another isolate's kept answer is
    // looked for at the edge (the one that has it first serves); one this isolate keeps serves without a call.
    const answer = (async (): Promise<NetAnswer | null> => {
      if (!(await goesOn())) return none();
      const filter = known.city === place.filter.city ? place.filter : { ...place.filter, city: known.city };
      const key = keyOf(orgId, known.connection.supplier, stay, known.hash);
      const here = keptHere<NetOffer[]>(key);
      return netAnswer(askOf(d, known.connection)!, key, Promise.resolve(onDates(known.place, filter.checkIn, filter.checkOut)), stay, nowMs, {
        ...how,
        kept: here ? Promise.resolve(here) : keptAtEdge<NetOffer[]>(key),
        meanwhile: !here,
      });
    })();
    return { asked, answer };
  }
  // Where this isolate last found the org's bank switched on, its kept answer is looked for at once too (for the place
  // as written: the key of the stored city it names, unless that is another).
  const early = withBank.has(orgId) ? keptKey(orgId, SEARCHED_SUPPLIER, stay, place.filter, place.box).then((k) => keptSupplierAnswer<NetOffer[]>(k)) : undefined;
  early?.catch(() => undefined);
  const answer = (async (): Promise<NetAnswer | null> => {
    let ask: SupplierAsk | null;
    let filter = place.filter;
    let hotels: PlaceHotels;
    try {
      const found = await supplierRowAndCandidates(d.db, place.filter, SEARCHED_SUPPLIER, place.box, MOST_HOTELS);
      ask = askOf(d, await openBank(d, found?.row ?? null));
      if (!ask || !found) {
        withBank.delete(orgId);
        return none();
      }
      if (withBank.size >= MOST_ORGS_WITH_BANK) withBank.clear();
      withBank.add(orgId);
      const city = place.city ? await place.city : null;
      if (!(await goesOn())) return none();
      if (city && city !== filter.city) {
        filter = { ...filter, city };
        hotels = await supplierCandidates(d.db, filter, ask.connection.supplier, place.box, MOST_HOTELS);
      } else hotels = found.place;
    } catch (err) {
      d.log('error', 'supplier.search_failed', { kind: 'connection', reason: err instanceof Error ? err.message : String(err) });
      tell([]);
      return { markupBps: 0, candidates: [], offers: [], partial: true };
    }
    const hash = await placeHash(filter, place.box);
    if (memo !== null) keepPlace(memo, { connection: ask.connection, city: filter.city, place: hotels, hash });
    return netAnswer(ask, keyOf(orgId, ask.connection.supplier, stay, hash), Promise.resolve(onDates(hotels, filter.checkIn, filter.checkOut)), stay, nowMs, {
      ...how,
      kept: filter === place.filter ? early : undefined,
    });
  })();
  return { asked, answer };
}

/**
 * A place this isolate asked the bed bank about (decision 0071): the org's connection, the stored city the visitor's
 * name stands for, the place's hotels whatever the dates, and the place's part of a kept answer's key. Kept for the
 * org's version, which a change of the connection or of a hotel's status moves, and a moment, within which a hotel an
 * import adds is not asked about here yet (as an answer kept for the place does not list it).
 */
interface KnownPlace {
  connection: OrgBank;
  city: string | undefined;
  place: PlaceHotels;
  hash: string;
}
const PLACE_KEPT_MS = 30_000;
/** The most places kept (a place holds up to MOST_HOTELS hotels). */
const MOST_PLACES = 32;
const knownPlaces = new Map<string, { known: KnownPlace; until: number }>();

const placeKey = (place: SupplierPlace, version: number) =>
  JSON.stringify([place.filter.orgId, version, place.filter.type, place.filter.city ?? null, place.box ? [place.box.latitude, place.box.longitude, place.box.radiusKm] : null]);

function knownPlace(key: string): KnownPlace | undefined {
  const kept = knownPlaces.get(key);
  if (kept && kept.until > Date.now()) return kept.known;
  if (kept) knownPlaces.delete(key);
  return undefined;
}

function keepPlace(key: string, known: KnownPlace) {
  knownPlaces.delete(key);
  knownPlaces.set(key, { known, until: Date.now() + PLACE_KEPT_MS });
  if (knownPlaces.size > MOST_PLACES) knownPlaces.delete(knownPlaces.keys().next().value!);
}

/** The bed bank a search asks (the one the console connects). */
const SEARCHED_SUPPLIER = 'hotelbeds';
/** Orgs this isolate last found with their bank switched on (a bound, not a cache: a wrong guess costs one lookup). */
const withBank = new Set<number>();
const MOST_ORGS_WITH_BANK = 1_000;

/**
 * The supplier's net answer about the candidates: a kept one (looked for while they are read), else its own within the
 * budget. Never throws: a supplier that fails, is late or answers out of shape gives `partial` and no offers, logged.
 * `called` is told the hotels asked about once the call is made; `settled` when none is to be made.
 */
async function netAnswer(
  ask: SupplierAsk, key: string | Promise<string>, candidates: Promise<readonly SupplierCandidate[]>, stay: StayAsked, nowMs: number,
  how: {
    /** The kept answer, already looked for under `key`. */
    kept?: Promise<NetOffer[] | undefined>;
    /** Asked without waiting for `kept`: the call is stopped if that has the answer first. */
    meanwhile?: boolean;
    /** Told the hotels asked about once the call is made. */
    called?: (about: readonly SupplierCandidate[]) => void;
    /** Told when the answer is settled without a call. */
    settled?: () => void;
  } = {},
): Promise<NetAnswer> {
  const started = Date.now();
  const since = Math.min(ask.sinceMs ?? started, started);
  const { supplier, bank, markupBps } = ask.connection;
  const budget = AbortSignal.timeout(Math.max(0, ask.budgetMs - (started - since)));
  let called = false;
  try {
    // The hotels of the place and a kept answer, looked for together.
    const keptOffers = how.kept ?? Promise.resolve(key).then((k) => keptSupplierAnswer<NetOffer[]>(k));
    keptOffers.catch(() => undefined);
    const found = await candidates;
    if (found.length === 0) return { markupBps, candidates: [], offers: [], partial: false };
    const codes = found.map((c) => c.supplier_code);
    let offers = how.meanwhile ? undefined : await keptOffers;
    if (!Array.isArray(offers)) {
      const left = ask.budgetMs - (Date.now() - since);
      if (left <= 0) throw new Error('no time left to ask');
      const stop = how.meanwhile ? new AbortController() : null;
      const asking = bank.availability(
        { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: [...stay.rooms], place: { hotels: codes } },
        { signal: stop ? AbortSignal.any([budget, stop.signal]) : budget, timeoutMs: left },
      );
      called = true;
      how.called?.(found);
      const first: NetOffer[] | BedBankResult<Availability> = stop
        ? await Promise.race([asking, keptOffers.then((k): Promise<NetOffer[] | BedBankResult<Availability>> | NetOffer[] => (Array.isArray(k) ? k : asking), () => asking)])
        : await asking;
      if (Array.isArray(first)) {
        stop?.abort();
        offers = first;
      } else {
        if (!first.ok) {
          ask.log('warn', 'supplier.search_failed', { supplier, kind: first.failure.kind, status: first.failure.status, reason: first.failure.message, ms: Date.now() - started });
          return { markupBps, candidates: [], offers: [], partial: true };
        }
        offers = cheapestOffers(first.value, stay.rooms, nowMs);
        // Kept in the isolate now and at the edge once the reply has left (its JSON and put are not on the way to it).
        ask.later(keepSupplierAnswer(await key, offers).catch(() => undefined));
      }
    }
    return { markupBps, candidates: found, offers, partial: false };
  } catch (err) {
    ask.log('error', 'supplier.search_failed', { supplier, kind: 'exception', reason: err instanceof Error ? err.message : String(err), ms: Date.now() - started });
    return { markupBps, candidates: [], offers: [], partial: true };
  } finally {
    if (!called) how.settled?.();
  }
}

/** The net answer priced for the search: each offer of a hotel asked about, converted, with the org's markup once. */
export function pricedAnswer(net: NetAnswer, money: { currency: string; rates: Rates }, nowMs: number): SupplierAnswer {
  if (net.partial) return { priced: [], partial: true };
  const byCode = new Map(net.candidates.map((c) => [c.supplier_code, c]));
  const sell = (amount: number, currency: string) => supplierSellMinor(amount, currency, net.markupBps, money.currency, money.rates);
  const priced: SupplierPriced[] = [];
  for (const offer of net.offers) {
    const candidate = byCode.get(offer.code);
    if (!candidate) continue;
    // A kept answer is read at its own moment: a free cancellation that has ended since is no longer one.
    const free = offer.free && Date.parse(offer.free.until) > nowMs ? { totalMinor: sell(offer.free.net, offer.currency), until: offer.free.until } : null;
    priced.push({ candidate, totalMinor: sell(offer.net, offer.currency), free });
  }
  return { priced, partial: false };
}
