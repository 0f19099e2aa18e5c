// A bed bank's net answer to one search question, kept (docs/decisions/0071-supplier-search-merge.md): in the isolate
// at once, so the next search of the same question here is answered without asking, and at the edge once the reply has
// left, for the data centre's other isolates. Never a price: no markup or agent is in it.
import { edgeGet, edgePut } from '../lib/edge-cache';
import { afterReply } from '../lib/after-reply';

/**
 * How long an answer is kept: long enough that a visitor paging, sorting and filtering does not ask again, short enough
 * that prices and availability stay current.
 */
export const SUPPLIER_ANSWER_KEPT_SECONDS = 120;
/** The isolate's bound: the most recent questions only. */
const MOST_KEPT = 64;
const inIsolate = new Map<string, { value: unknown; until: number }>();

/** The answer kept under `key`, from the isolate, else the edge; undefined when none is. */
export async function keptSupplierAnswer<T>(key: string, nowMs = Date.now()): Promise<T | undefined> {
  return keptHere<T>(key, nowMs) ?? edgeGet<T>(key);
}

/** The answer this isolate keeps under `key`, at once (no read); undefined when it keeps none. */
export function keptHere<T>(key: string, nowMs = Date.now()): T | undefined {
  const here = inIsolate.get(key);
  if (here && here.until > nowMs) return here.value as T;
  if (here) inIsolate.delete(key);
  return undefined;
}

/** The answer another isolate of the data centre kept under `key` at the edge; undefined when none is. */
export const keptAtEdge = <T>(key: string): Promise<T | undefined> => edgeGet<T>(key);

/** Keeps `value` under `key`: in the isolate now, at the edge after the reply (the returned work, for waitUntil). */
export function keepSupplierAnswer(key: string, value: unknown, nowMs = Date.now()): Promise<void> {
  inIsolate.delete(key);
  inIsolate.set(key, { value, until: nowMs + SUPPLIER_ANSWER_KEPT_SECONDS * 1000 });
  if (inIsolate.size > MOST_KEPT) inIsolate.delete(inIsolate.keys().next().value!);
  return afterReply(() => edgePut(key, value, SUPPLIER_ANSWER_KEPT_SECONDS));
}
