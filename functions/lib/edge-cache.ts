// The edge cache: the Workers Cache API of the data centre serving the request (docs/decisions/0025-edge-cache.md).
// Values are JSON under keys of this Worker's own; where no Cache API exists (unit tests in Node) every read misses.

const KEY_ORIGIN = 'https://edge-cache.travel-club.internal/';

const edge = (): Cache | undefined => (typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default);
const keyOf = (key: string) => new Request(KEY_ORIGIN + key.split('/').map(encodeURIComponent).join('/'));

/** How long an entry may live: entries keyed by a version live long, entries a writer overwrites live as long as it says. */
export const DAY_SECONDS = 86_400;

export async function edgeGet<T>(key: string): Promise<T | undefined> {
  const cache = edge();
  if (!cache) return undefined;
  try {
    const hit = await cache.match(keyOf(key));
    return hit ? ((await hit.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** `tags` name the entry for a purge in every data centre (edgePurgeEverywhere). */
export async function edgePut(key: string, value: unknown, ttlSeconds = DAY_SECONDS, tags: string[] = []): Promise<void> {
  await edgePutResponse(key, new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } }), ttlSeconds, tags);
}

type Purge = (tags: string[]) => Promise<void>;
let purgeEverywhere: Purge | null = null;

/** The Worker's entry names how to purge the zone's cache in every data centre (functions/outside/edge-purge.ts). */
export function setEdgePurge(purge: Purge | null) {
  purgeEverywhere = purge;
}

/**
 * Drops the entries carrying these tags in every data centre (the Cache API alone reaches only this one). A purge that
 * fails is logged: the other data centres then hold their copy until it ages out (a reader's version entry: a minute).
 */
export async function edgePurgeEverywhere(tags: string[]): Promise<void> {
  if (!purgeEverywhere || tags.length === 0) return;
  try {
    await purgeEverywhere(tags);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'edge.purge_failed', tags, error: String(err) }));
  }
}

export async function edgeDelete(key: string): Promise<void> {
  try {
    await edge()?.delete(keyOf(key));
  } catch {
    // A cache that cannot be reached holds nothing to forget.
  }
}

/** A whole response (a page): stored without any header but its type, so nothing of one visitor is kept. */
export async function edgePutResponse(key: string, response: Response, ttlSeconds = DAY_SECONDS, tags: string[] = []): Promise<void> {
  const cache = edge();
  if (!cache) return;
  const headers: Record<string, string> = { 'Content-Type': response.headers.get('content-type') ?? 'application/octet-stream', 'Cache-Control': `public, max-age=${ttlSeconds}` };
  if (tags.length) headers['Cache-Tag'] = tags.join(',');
  const stored = new Response(response.body, { headers });
  try {
    await cache.put(keyOf(key), stored);
  } catch {
    // Not cached this time: the next request builds it again.
  }
}

export async function edgeGetResponse(key: string): Promise<Response | undefined> {
  try {
    return (await edge()?.match(keyOf(key))) ?? undefined;
  } catch {
    return undefined;
  }
}
