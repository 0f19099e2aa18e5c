// The catalogues' answers kept serialised with their ETag (docs/decisions/0056-caches-beside-the-reads.md): the reference
// lists (countries, nationalities, currencies and languages) per isolate and at the edge, the labels per isolate beside
// labelsFor's copy. A warm catalogue call runs no D1 statement and serialises nothing.
import { sha256Hex } from '../lib/crypto';
import { edgeGet, edgePut } from '../lib/edge-cache';

/** A reply's body as sent, and its ETag. */
export interface KeptBody { body: string; etag: string }

/** Reference data changes only with a migration (a new deployment): the edge keeps a list an hour. */
const REFERENCE_EDGE_SECONDS = 3600;

async function etagOf(body: string): Promise<string> {
  return `"${(await sha256Hex(body)).slice(0, 32)}"`;
}

// Bodies that depend only on the migrated data are serialized and hashed once per isolate. Only settled values are
// shared: a promise still waiting on one request's D1 call must not be awaited by another (workerd refuses that I/O).
const referenceBodies = new Map<string, KeptBody>();

/** The reference list under `key`: the isolate's copy, else the edge's (a new isolate), else `produce`d and kept at both. */
export async function keptReference(key: string, produce: () => Promise<unknown>): Promise<KeptBody> {
  const hit = referenceBodies.get(key) ?? (await edgeGet<KeptBody>(`catalogue/${key}`));
  if (hit) {
    referenceBodies.set(key, hit);
    return hit;
  }
  const body = JSON.stringify(await produce());
  const kept = { body, etag: await etagOf(body) };
  await edgePut(`catalogue/${key}`, kept, REFERENCE_EDGE_SECONDS);
  referenceBodies.set(key, kept);
  return kept;
}

// Label bodies follow labelsFor's cache (functions/cache/labels.ts): the same labels object gives the same body and ETag.
const labelBodies = new WeakMap<Record<string, string>, KeptBody>();

/** The labels reply's body (`{ data: [{ field_name, wl_lang_value }] }`), serialised once per labels object. */
export async function keptLabelsBody(labels: Record<string, string>): Promise<KeptBody> {
  const hit = labelBodies.get(labels);
  if (hit) return hit;
  const body = JSON.stringify({ data: Object.entries(labels).map(([field_name, wl_lang_value]) => ({ field_name, wl_lang_value })) });
  const kept = { body, etag: await etagOf(body) };
  labelBodies.set(labels, kept);
  return kept;
}
