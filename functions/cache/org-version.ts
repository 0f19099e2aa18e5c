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

export const versionAtEdge = (orgId: number) => edgeGet<number>(orgVersionKey(orgId));

/** The reader's side: a version it read from D1, kept a minute. */
export async function readerKeepsVersion(orgId: number, version: number): Promise<void> {
  await edgePut(orgVersionKey(orgId), version, READER_VERSION_SECONDS, [orgVersionTag(orgId)]);
}

/** The writer's side: every other data centre drops its copy of the version, then this one learns the new value. */
export async function tellEdge(orgId: number, version: number): Promise<void> {
  await edgePurgeEverywhere([orgVersionTag(orgId)]);
  await edgePut(orgVersionKey(orgId), version, DAY_SECONDS, [orgVersionTag(orgId)]);
}
