// The Cloudflare API through the official SDK's tree-shakable client, one resource at a time (so the Worker bundles
// no more of it), for the custom hostnames (hostnames.ts) and the cache purge (edge-purge.ts). Locally the address
// is the simulator under /_sim/cloudflare.
import { createClient } from 'cloudflare/tree-shakable';
import type { APIResource } from 'cloudflare/core/resource';
import { serviceUrl, type Bindings } from '../env';

export type CloudflareEnv = Pick<Bindings, 'SELF_ORIGIN' | 'CF_API_URL' | 'CF_ZONE_ID' | 'CF_API_TOKEN'>;

/**
 * A client of `resources` with one attempt per call, bounded by `timeoutMs`: a create that timed out may still have
 * happened, and a lost purge costs at most a minute elsewhere, so the callers decide what to do again.
 */
export function cloudflareClient<const T extends readonly (typeof APIResource)[]>(env: CloudflareEnv, resources: T, timeoutMs: number, fetchImpl: typeof fetch) {
  return createClient({
    resources,
    baseURL: serviceUrl(env, env.CF_API_URL),
    apiToken: env.CF_API_TOKEN ?? '',
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: (input, init) => fetchImpl(input, init),
  });
}
