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

export async function edgePut(key: string, value: unknown, ttlSeconds = DAY_SECONDS): Promise<void> {
  await edgePutResponse(key, new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } }), ttlSeconds);
}

export async function edgeDelete(key: string): Promise<void> {
  try {
    await edge()?.delete(keyOf(key));
  } catch {
    // A cache that cannot be reached holds nothing to forget.
  }
}

/** A whole response (a page): stored without any header but its type, so nothing of one visitor is kept. */
export async function edgePutResponse(key: string, response: Response, ttlSeconds = DAY_SECONDS): Promise<void> {
  const cache = edge();
  if (!cache) return;
  const stored = new Response(response.body, {
    headers: { 'Content-Type': response.headers.get('content-type') ?? 'application/octet-stream', 'Cache-Control': `public, max-age=${ttlSeconds}` },
  });
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
