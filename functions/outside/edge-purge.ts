// Purging the edge cache in every data centre: the zone's purge-by-tag API through the official SDK (only its cache
// resource). The Cache API is per data centre; this is what makes a version change reach the others at once
// (docs/decisions/0035-purge-everywhere.md). Locally the address is the simulator under /_sim/cloudflare.
import { BaseCache } from 'cloudflare/resources/cache/cache';
import { cloudflareClient, type CloudflareEnv } from './cloudflare';

/** The console write waits for its purge: a short bound, as a lost purge costs at most a minute elsewhere. */
export const PURGE_TIMEOUT_MS = 3_000;

/** Purges every cached entry carrying one of these tags, in every data centre of the zone. Throws when refused. */
export function zonePurge(env: CloudflareEnv, fetchImpl: typeof fetch = fetch): (tags: string[]) => Promise<void> {
  const client = cloudflareClient(env, [BaseCache], PURGE_TIMEOUT_MS, fetchImpl);
  return async (tags) => {
    await client.cache.purge({ zone_id: env.CF_ZONE_ID, tags });
  };
}
