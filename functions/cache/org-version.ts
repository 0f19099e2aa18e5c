// The org's version at the edge (docs/decisions/0025-edge-cache.md): its key, its purge tag, and how readers and
// writers store it. Imports nothing but the edge cache's primitives, so any layer that moves a version can tell the edge.
import { DAY_SECONDS, edgeGet, edgePurgeEverywhere, edgePut } from '../lib/edge-cache';

export const orgVersionKey = (orgId: number) => `org/${orgId}/version`;

/** The purge tag of an org's version entry: a change purges it in every data centre (docs/decisions/0035-purge-everywhere.md). */
export const orgVersionTag = (orgId: number) => `org-${orgId}`;

/**
 * A version read from D1 by a reader is kept a minute: a reader that read it just before a change and stores it just
 * after the writer did is corrected within that minute. A writer's own entry lives a day.
 */
const READER_VERSION_SECONDS = 60;

/**
 * Every request reads its org's version (is the org, its labels, theme or page still current?). An isolate serves many
 * requests a second: it remembers the version it read for a moment, so a busy isolate reads the edge entry about once a
 * second instead of once per request (a Cache API read is most of a small request's cost). A change made through this
 * isolate is seen by its next request (tellEdge forgets the memo); one made through another isolate, within the moment.
 */
export const VERSION_MEMO_MS = 1_000;
const memo = new Map<number, { version: number; at: number }>();
/** Moves on each change told through this isolate: a read that began before the change is not remembered after it. */
let changes = 0;

export async function versionAtEdge(orgId: number): Promise<number | undefined> {
  const kept = memo.get(orgId);
  if (kept && Date.now() - kept.at < VERSION_MEMO_MS) return kept.version;
  const began = changes;
  const version = await edgeGet<number>(orgVersionKey(orgId));
  if (typeof version === 'number' && began === changes) {
    if (memo.size > 1_000) memo.clear();
    memo.set(orgId, { version, at: Date.now() });
  }
  return version;
}

/** The reader's side: a version it read from D1, kept a minute. */
export async function readerKeepsVersion(orgId: number, version: number): Promise<void> {
  await edgePut(orgVersionKey(orgId), version, READER_VERSION_SECONDS, [orgVersionTag(orgId)]);
}

/** The writer's side: every other data centre drops its copy of the version, then this one (and this isolate) learns the new value. */
export async function tellEdge(orgId: number, version: number): Promise<void> {
  changes++;
  memo.delete(orgId);
  await edgePurgeEverywhere([orgVersionTag(orgId)]);
  await edgePut(orgVersionKey(orgId), version, DAY_SECONDS, [orgVersionTag(orgId)]);
  changes++;
  memo.delete(orgId);
}
