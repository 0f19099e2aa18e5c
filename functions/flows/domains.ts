// Custom domains of an org: add (the provider issues a TXT record to publish), check again, remove. Only an active
// hostname resolves to the org (docs/decisions/0023-console-operations.md). Provider down → 502 and nothing written.
import type { Bindings } from '../env';
import type { Log } from '../log';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import type { Actor } from '../db/console';
import { dropHostAtEdge } from '../cache/orgs';
import {
  activateCustomHostname, customHostname, deleteCustomHostname, domainsOf, hostHolder, insertCustomHostname, touchCustomHostname, type CustomHostnameRow,
} from '../db/domains';
import { cloudflareHostnames, HostnameProviderError, type HostnameProvider } from '../outside/hostnames';
import { OPS_MSG, type DomainEntry } from '../../src/shared/contract/console-ops';

/** What the domain flows need of the request (functions/http/deps.ts builds it). */
export interface DomainDeps {
  db: D1Database;
  /** The provider's address and zone, and the platform's own domain. */
  env: Pick<Bindings, 'SELF_ORIGIN' | 'CF_API_URL' | 'CF_ZONE_ID' | 'CF_API_TOKEN' | 'PLATFORM_DOMAIN'>;
  log: Log;
}

/** The domain provider, each failure of it logged once with the request id (answered 502 below). */
function hostnamesOf(d: DomainDeps): HostnameProvider {
  const provider = cloudflareHostnames(d.env);
  const logged =
    <A extends unknown[], T>(op: string, work: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await work(...args);
      } catch (err) {
        if (err instanceof HostnameProviderError && !err.duplicate) d.log('error', 'domains.provider_failed', { op, reason: err.message });
        throw err;
      }
    };
  return { create: logged('create', provider.create), get: logged('get', provider.get), find: logged('find', provider.find), remove: logged('remove', provider.remove) };
}

const entryOf = (row: CustomHostnameRow): DomainEntry => ({
  host: row.host,
  status: row.status,
  verification: { type: 'txt', name: row.txt_name, value: row.txt_value },
  platform: false,
  created_at: row.created_at,
});

async function fromProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HostnameProviderError && err.duplicate) throw conflict(OPS_MSG.hostTaken);
    if (err instanceof HostnameProviderError) throw new ApiError(502, 'UPSTREAM_FAILED', OPS_MSG.providerDown);
    throw err;
  }
}

export const isPlatformHost = (host: string, platformDomain: string) => host === platformDomain || host.endsWith(`.${platformDomain}`);

export async function listDomains(db: D1Database, orgId: number): Promise<DomainEntry[]> {
  const { custom, platform } = await domainsOf(db, orgId);
  return [
    ...platform.map((host) => ({ host, status: 'active' as const, verification: null, platform: true, created_at: null })),
    ...custom.map(entryOf),
  ];
}

export async function addDomain(d: DomainDeps, orgId: number, actor: Actor, host: string): Promise<DomainEntry> {
  const { db } = d;
  if (isPlatformHost(host, d.env.PLATFORM_DOMAIN || 'localhost')) throw badRequest(`Invalid host: ${OPS_MSG.platformHost}`, [{ path: 'host', message: OPS_MSG.platformHost }]);
  const holder = await hostHolder(db, host);
  if (holder.claimedBy === orgId) return entryOf((await customHostname(db, orgId, host))!);
  if (holder.resolvesTo === orgId) throw conflict(OPS_MSG.hostOwn);
  if (holder.resolvesTo !== null || holder.claimedBy !== null) throw conflict(OPS_MSG.hostTaken);
  // The provider may already hold the host with no org claiming it here: a create of ours whose answer was lost (a
  // timeout after it reached the provider). Nothing else makes custom hostnames in the zone, so it is taken over.
  const provider = hostnamesOf(d);
  let takenOver = false;
  const created = await fromProvider(async () => {
    try {
      return await provider.create(host);
    } catch (err) {
      const lost = err instanceof HostnameProviderError && err.duplicate ? await provider.find(host) : null;
      if (!lost) throw err;
      takenOver = true;
      return lost;
    }
  });
  const row = { host, org_id: orgId, provider_id: created.id, txt_name: created.verification.name, txt_value: created.verification.value };
  if (!(await insertCustomHostname(db, row, actor))) {
    // Another org got the host between the check and the insert: give the provider's hostname back, unless it was
    // taken over or the winner took it over (then it is the winner's).
    const winner = (await hostHolder(db, host)).claimedBy;
    const winnersId = winner === null ? null : (await customHostname(db, winner, host))?.provider_id;
    if (!takenOver && winnersId !== created.id) await provider.remove(created.id).catch(() => undefined);
    throw conflict(OPS_MSG.hostTaken);
  }
  return entryOf((await customHostname(db, orgId, host))!);
}

export async function refreshDomain(d: DomainDeps, orgId: number, actor: Actor, host: string): Promise<DomainEntry> {
  const { db } = d;
  const row = await customHostname(db, orgId, host);
  if (!row) throw notFound(OPS_MSG.noSuchDomain);
  if (row.status === 'active') return entryOf(row);
  const current = await fromProvider(() => hostnamesOf(d).get(row.provider_id));
  if (current?.status === 'active' && (await activateCustomHostname(db, orgId, host, actor))) await dropHostAtEdge(host);
  else await touchCustomHostname(db, orgId, host);
  return entryOf((await customHostname(db, orgId, host)) ?? row);
}

export async function removeDomain(d: DomainDeps, orgId: number, actor: Actor, host: string): Promise<{ host: string }> {
  const { db } = d;
  const row = await customHostname(db, orgId, host);
  if (!row) throw notFound(OPS_MSG.noSuchDomain);
  await fromProvider(() => hostnamesOf(d).remove(row.provider_id));
  if (!(await deleteCustomHostname(db, orgId, host, actor, { before: { host, status: row.status } }))) throw notFound(OPS_MSG.noSuchDomain);
  await dropHostAtEdge(host);
  return { host };
}
