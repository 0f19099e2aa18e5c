// The current exchange rates and their version, kept at the edge: a warm catalogue call or page reads no D1 statement,
// and the hourly refresh overwrites the entry when it commits (docs/decisions/0025-edge-cache.md).
import { edgeGet, edgePut } from '../lib/edge-cache';
import { sha256Hex } from '../lib/crypto';
import { replaceRates, storedRates } from '../db/catalogue';

export interface RatesAtEdge {
  /** Units of each currency per 1 USD (USD itself is 1). */
  rates: Record<string, number>;
  /** Changes whenever a rate does: cached pages (prices shown in a currency) are keyed by it. */
  version: string;
}

const RATES_KEY = 'rates/current';
/** Rates kept by a reader live an hour (the refresh is hourly); the refresh itself overwrites the entry at once. */
const READER_RATES_SECONDS = 3600;

async function ratesEntry(rates: Record<string, number>): Promise<RatesAtEdge> {
  const sorted = Object.fromEntries(Object.entries(rates).sort(([a], [b]) => a.localeCompare(b)));
  return { rates: sorted, version: (await sha256Hex(JSON.stringify(sorted))).slice(0, 12) };
}

/** The rates this isolate read last (`lastReadRates`). */
let lastRead: Record<string, number> = {};

/** The current rates and their version, from the edge, else from D1 (then kept at the edge). */
export async function currentRates(db: D1Database): Promise<RatesAtEdge> {
  const atEdge = await edgeGet<RatesAtEdge>(RATES_KEY);
  if (atEdge) {
    lastRead = atEdge.rates;
    return atEdge;
  }
  const entry = await ratesEntry(await storedRates(db));
  lastRead = entry.rates;
  await edgePut(RATES_KEY, entry, READER_RATES_SECONDS);
  return entry;
}

/**
 * The rates this isolate read last, without a read (empty before its first): a guess for work that may start before the
 * current rates are read (a search's call to the bed bank), which they then confirm or refuse.
 */
export const lastReadRates = (): Record<string, number> => lastRead;

/** Units of each currency per 1 USD (USD itself is 1). */
export async function ratesFromUsd(db: D1Database): Promise<Record<string, number>> {
  return (await currentRates(db)).rates;
}

/** Replaces the rates with `rates` in one batch (all or nothing), then the edge holds what D1 now holds. */
export async function saveRates(db: D1Database, rates: Record<string, number>, updatedAt: string): Promise<void> {
  await edgePut(RATES_KEY, await ratesEntry(await replaceRates(db, rates, updatedAt)));
}
