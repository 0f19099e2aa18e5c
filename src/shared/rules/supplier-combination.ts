// A bed bank's stay whose rooms hold different parties (CONTRACT §18, docs/decisions/0076-multi-party-supplier-stays.md):
// APItude answers each occupancy line (identical parties grouped, with their room count) with rates of its own, so an
// offer for the stay is a combination — for one room type, one board and one kind (refundable or not), one rate per
// line; its net is their sum, its cancellation charges sum likewise, it must be checked again if any part must. A room
// type that cannot house every line is not offered. The booking keeps every part's key (encodeSupplierKeys).
import { formatRoom, type RoomParty } from './occupancy-party';

/** One occupancy line of an availability request: `rooms` rooms each holding `party`. */
export interface PartyLine {
  rooms: number;
  party: RoomParty;
  /** The line's rooms as the booking's occupancy writes them (one string per room). */
  occupancy: string[];
}

const sortedAges = (ages: readonly number[]) => [...ages].sort((a, b) => a - b);
const partyKey = (party: RoomParty) => `${party.adults}-${sortedAges(party.children).join(',')}`;

/** The stay's rooms grouped as APItude's occupancies (identical parties, whatever their children's order, are one line). */
export function partyLines(rooms: readonly RoomParty[]): PartyLine[] {
  const lines = new Map<string, PartyLine>();
  for (const room of rooms) {
    const key = partyKey(room);
    const line = lines.get(key);
    if (line) {
      line.rooms += 1;
      line.occupancy.push(formatRoom(room));
    } else lines.set(key, { rooms: 1, party: { adults: room.adults, children: [...room.children] }, occupancy: [formatRoom(room)] });
  }
  return [...lines.values()];
}

/** What the combination reads of a supplier's rate (the adapter's SupplierRate has all of it). */
export interface CombinableRate {
  rateKey: string;
  recheck: boolean;
  refundable: boolean;
  boardCode: string;
  netMinor: number;
  currency: string;
  cancellation: readonly { amountMinor: number; from: string }[];
  allotment: number | null;
  rooms: number;
  adults: number;
  /** The children's ages as the rate names them ([] when it gives none). */
  childAges: readonly number[];
  /** How many children the rate is for, when the supplier said. */
  children?: number;
}

/** Is the rate for the line: as many rooms, adults and children (of the same ages, when the rate names them)? */
export function rateFitsLine(rate: CombinableRate, line: PartyLine): boolean {
  if (rate.rooms !== line.rooms || rate.adults !== line.party.adults) return false;
  const children = rate.children ?? rate.childAges.length;
  if (children !== line.party.children.length) return false;
  if (!rate.childAges.length) return true;
  return sortedAges(rate.childAges).join(',') === sortedAges(line.party.children).join(',');
}

/**
 * The charges of several rates as one: each rate's charge is what cancelling costs from its `from` on (the largest
 * charge already started), so from each instant any part's charge starts, the sum of what every part costs then.
 */
export function summedCharges(parts: readonly { cancellation: readonly { amountMinor: number; from: string }[] }[]): { amountMinor: number; from: string }[] {
  const instants = new Map<number, string>();
  for (const p of parts) for (const c of p.cancellation) if (Number.isFinite(Date.parse(c.from)) && !instants.has(Date.parse(c.from))) instants.set(Date.parse(c.from), c.from);
  return [...instants.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, from]) => ({
      from,
      amountMinor: parts.reduce((sum, p) => sum + p.cancellation.filter((c) => Date.parse(c.from) <= at).reduce((m, c) => Math.max(m, c.amountMinor), 0), 0),
    }));
}

/** One offer for a multi-party stay: a rate per line, all of one room type, board and kind. */
export interface RateCombination<R extends CombinableRate> {
  parts: { line: PartyLine; rate: R }[];
  boardCode: string;
  refundable: boolean;
  currency: string;
  netMinor: number;
  recheck: boolean;
  /** The fewest rooms any part has left (null when no part said). */
  allotment: number | null;
  cancellation: { amountMinor: number; from: string }[];
}

/**
 * One room type's combinations for the lines, cheapest first: for each board and kind (refundable or not) sold to every
 * line, the cheapest rate of each line; none when a line finds no rate of that board and kind, when the parts are in
 * different currencies, or when the room type has fewer rooms left than the stay needs.
 */
export function combineRates<R extends CombinableRate>(rates: readonly R[], lines: readonly PartyLine[]): RateCombination<R>[] {
  const needed = lines.reduce((n, l) => n + l.rooms, 0);
  const groups = new Map<string, (R | null)[]>();
  for (const rate of rates) {
    if (rate.netMinor <= 0) continue;
    const i = lines.findIndex((line) => rateFitsLine(rate, line));
    if (i < 0) continue;
    const key = `${rate.boardCode}|${rate.refundable}`;
    const picked = groups.get(key) ?? lines.map(() => null);
    const held = picked[i];
    if (!held || rate.netMinor < held.netMinor) picked[i] = rate;
    groups.set(key, picked);
  }
  const out: RateCombination<R>[] = [];
  for (const picked of groups.values()) {
    if (picked.some((r) => r === null)) continue;
    const chosen = picked as R[];
    const currency = chosen[0]!.currency;
    if (chosen.some((r) => r.currency !== currency)) continue;
    const known = chosen.map((r) => r.allotment).filter((a): a is number => a !== null);
    const allotment = known.length ? Math.min(...known) : null;
    if (allotment !== null && allotment < needed) continue;
    out.push({
      parts: chosen.map((rate, i) => ({ line: lines[i]!, rate })),
      boardCode: chosen[0]!.boardCode,
      refundable: chosen[0]!.refundable,
      currency,
      netMinor: chosen.reduce((sum, r) => sum + r.netMinor, 0),
      recheck: chosen.some((r) => r.recheck),
      allotment,
      cancellation: summedCharges(chosen),
    });
  }
  return out.sort((a, b) => a.netMinor - b.netMinor);
}

/** One part of a multi-party booking's supplier key: the rooms it houses (occupancy strings), its rate key, its net. */
export interface SupplierKeyPart {
  occupancy: string[];
  rate_key: string;
  net_minor: number;
}

/**
 * What a booking keeps in its one `supplier_rate_key` column: a single rate's key as it is (every booking before
 * multi-party stays, and agents' quotes), several parts as a JSON array (an APItude key never starts with `[`).
 */
export const encodeSupplierKeys = (parts: readonly SupplierKeyPart[]): string =>
  parts.length === 1 ? parts[0]!.rate_key : JSON.stringify(parts.map((p) => ({ occupancy: p.occupancy, rate_key: p.rate_key, net_minor: p.net_minor })));

/** The parts a kept `supplier_rate_key` names; a single key houses every room of the booking (`occupancy`). */
export function decodeSupplierKeys(stored: string, occupancy: readonly string[], netMinor: number | null = null): SupplierKeyPart[] {
  if (stored.startsWith('[')) {
    try {
      const parts = JSON.parse(stored) as unknown;
      if (
        Array.isArray(parts) && parts.length > 0
        && parts.every((p) => typeof p === 'object' && p !== null && typeof p.rate_key === 'string' && Array.isArray(p.occupancy) && p.occupancy.every((o: unknown) => typeof o === 'string') && typeof p.net_minor === 'number')
      ) return parts as SupplierKeyPart[];
    } catch {
      // not a list of parts: a key as it is
    }
  }
  return [{ occupancy: [...occupancy], rate_key: stored, net_minor: netMinor ?? 0 }];
}
