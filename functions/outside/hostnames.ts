// Custom domains behind one small interface: Cloudflare for SaaS custom hostnames through the official SDK (only the
// custom-hostnames resource, so the Worker bundles no more of it). Locally the address is the simulator under /_sim/cloudflare.
import { BaseCustomHostnames } from 'cloudflare/resources/custom-hostnames/custom-hostnames';
import { BaseFallbackOrigin } from 'cloudflare/resources/custom-hostnames/fallback-origin';
import { APIError } from 'cloudflare/error';
import { cloudflareClient, type CloudflareEnv } from './cloudflare';

export interface Hostname {
  id: string;
  hostname: string;
  /** Ownership: active once the TXT record below is published. */
  status: 'pending' | 'active';
  verification: { type: 'txt'; name: string; value: string };
  /** The certificate's status as Cloudflare reports it (`active` once the host's CNAME reaches the fallback origin). */
  ssl: string;
}

export interface HostnameProvider {
  create(hostname: string): Promise<Hostname>;
  get(id: string): Promise<Hostname | null>;
  /** The zone's custom hostname of that name, if the provider holds one (a create whose answer was lost). */
  find(hostname: string): Promise<Hostname | null>;
  remove(id: string): Promise<void>;
  /** The zone's fallback origin: the target of the CNAME record a custom hostname's owner publishes. */
  cnameTarget(): Promise<string>;
}

/** The provider did not answer, refused, or answered something unusable: the route answers 502 and writes nothing. */
export class HostnameProviderError extends Error {
  constructor(message: string, readonly duplicate = false) {
    super(message);
    this.name = 'HostnameProviderError';
  }
}

export const HOSTNAMES_TIMEOUT_MS = 5_000;
/** Cloudflare's error code for a hostname that another custom hostname of the zone already has. */
const DUPLICATE_HOSTNAME = 1406;

function hostnameOf(raw: { id?: unknown; hostname?: unknown; status?: unknown; ownership_verification?: { type?: unknown; name?: unknown; value?: unknown }; ssl?: { status?: unknown } | null }): Hostname {
  const v = raw.ownership_verification;
  if (typeof raw.id !== 'string' || typeof raw.hostname !== 'string' || typeof v?.name !== 'string' || typeof v.value !== 'string') {
    throw new HostnameProviderError('The domain provider answered a custom hostname in an unexpected shape');
  }
  const ssl = typeof raw.ssl?.status === 'string' ? raw.ssl.status : 'initializing';
  return { id: raw.id, hostname: raw.hostname, status: raw.status === 'active' ? 'active' : 'pending', verification: { type: 'txt', name: v.name, value: v.value }, ssl };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HostnameProviderError) throw err;
    if (err instanceof APIError) {
      const duplicate = err.status === 409 || (err.errors ?? []).some((e) => e.code === DUPLICATE_HOSTNAME);
      throw new HostnameProviderError(`The domain provider answered HTTP ${err.status ?? 'without a status'}`, duplicate);
    }
    throw new HostnameProviderError(`The domain provider could not be reached: ${String(err)}`);
  }
}

export function cloudflareHostnames(env: CloudflareEnv, fetchImpl: typeof fetch = fetch): HostnameProvider {
  // One attempt: a create that timed out may still have happened, and the console's "Check now" is the retry.
  const client = cloudflareClient(env, [BaseCustomHostnames, BaseFallbackOrigin], HOSTNAMES_TIMEOUT_MS, fetchImpl);
  const zone_id = env.CF_ZONE_ID;
  return {
    create: (hostname) => call(async () => hostnameOf(await client.customHostnames.create({ zone_id, hostname, ssl: { method: 'http', type: 'dv' } }))),
    get: (id) =>
      call(async () => {
        try {
          return hostnameOf(await client.customHostnames.get(id, { zone_id }));
        } catch (err) {
          if (err instanceof APIError && err.status === 404) return null;
          throw err;
        }
      }),
    find: (hostname) =>
      call(async () => {
        for await (const found of client.customHostnames.list({ zone_id, hostname: { exact: hostname } })) {
          if (found.hostname === hostname) return hostnameOf(found);
        }
        return null;
      }),
    remove: (id) =>
      call(async () => {
        try {
          await client.customHostnames.delete(id, { zone_id });
        } catch (err) {
          if (!(err instanceof APIError && err.status === 404)) throw err;
        }
      }),
    cnameTarget: () =>
      call(async () => {
        const origin = (await client.customHostnames.fallbackOrigin.get({ zone_id })).origin;
        if (typeof origin !== 'string' || !origin) throw new HostnameProviderError('The domain provider answered no fallback origin');
        return origin;
      }),
  };
}
