// The org's version at the edge (docs/decisions/0025-edge-cache.md): its key, its purge tag, and how readers and
// writers store it. Imports nothing but the edge cache's primitives, so any layer that moves a version can tell the edge.
import { DAY_SECONDS, edgeGet, edgePurgeEverywhere, edgePut } from '../lib/edge-cache';

export const orgVersionKey = (orgId: number) => `org/${orgId}/version`;

/** The purge tag of an org's version entry: a change purges it in every data centre (docs/decisions/0035-purge-everywhere.md). */
export const orgVersionTag = (orgId: number) => `org-${orgId}`;

/** A version read from D1 by a reader is kept a minute; a writer's own entry lives a day. */
const READER_VERSION_SECONDS = 60;
/** How often a reader puts the version D1 holds again when a change came between its read and its put. */
const READER_TRIES = 3;

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

/**
 * The reader's side: a version it read from D1, kept a minute, never over a newer one (versions only go up). A reader
 * that read D1 just before a change and puts its value just after the writer put the new one would leave the old version
 * at the edge for that minute (an admin's "require a second factor" not enforced, a page kept under the old settings):
 * so after its put it reads D1 again (`stored`), and puts what D1 holds if that moved. The writer wrote D1 before its
 * own put, so a put of ours that landed after the writer's is followed by a read that sees the change.
 */
export async function readerKeepsVersion(orgId: number, version: number, stored: () => Promise<number | null>): Promise<void> {
  for (let keep = version, tries = 0; tries < READER_TRIES; tries++) {
    const atEdge = await edgeGet<number>(orgVersionKey(orgId));
    if (typeof atEdge === 'number' && atEdge >= keep) return;
    await edgePut(orgVersionKey(orgId), keep, READER_VERSION_SECONDS, [orgVersionTag(orgId)]);
    const now = await stored();
    if (now === null || now === keep) return;
    keep = now;
  }
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
