// Custom domains of an org: add (the provider issues a TXT record and a CNAME target to publish), check again, remove.
// Only a hostname whose ownership and certificate are both active resolves to the org, and a claim not verified in 7
// days lapses (docs/decisions/0023-console-operations.md, 0062). Provider down → 502 and nothing written.
import type { Bindings } from '../env';
import type { Log } from '../log';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import type { Actor } from '../db/console';
import { dropHostAtEdge } from '../cache/orgs';
import {
  activateCustomHostname, CLAIM_DAYS, customHostname, deleteCustomHostname, domainsOf, hostHolder, insertCustomHostname, lapsedClaim, touchCustomHostname,
  type CustomHostnameRow,
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
  return {
    create: logged('create', provider.create),
    get: logged('get', provider.get),
    find: logged('find', provider.find),
    remove: logged('remove', provider.remove),
    cnameTarget: logged('cname_target', provider.cnameTarget),
  };
}

const DAY_MS = 86_400_000;

const entryOf = (row: CustomHostnameRow): DomainEntry => ({
  host: row.host,
  status: row.status === 'active' ? 'active' : row.lapsed ? 'lapsed' : 'pending',
  verification: { type: 'txt', name: row.txt_name, value: row.txt_value },
  dns: row.cname_target ? { cname: { name: row.host, target: row.cname_target } } : null,
  ownership: row.ownership_status === 'active' ? 'active' : 'pending',
  ssl: { status: row.ssl_status },
  platform: false,
  created_at: row.created_at,
  lapses_at: row.status === 'active' ? null : new Date(Date.parse(row.created_at) + CLAIM_DAYS * DAY_MS).toISOString(),
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
    ...platform.map((host) => ({ host, status: 'active' as const, verification: null, dns: null, ownership: null, ssl: null, platform: true, created_at: null, lapses_at: null })),
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
  const provider = hostnamesOf(d);
  // A lapsed claim (this org's or another's) holds the host for no one: its provider hostname goes, so the new claim
  // gets records of its own (the old TXT value may be published by whoever made that claim).
  const lapsed = await lapsedClaim(db, host);
  if (lapsed) await fromProvider(() => provider.remove(lapsed.provider_id));
  const cnameTarget = await fromProvider(() => provider.cnameTarget());
  // The provider may already hold the host with no org claiming it here: a create of ours whose answer was lost (a
  // timeout after it reached the provider). Nothing else makes custom hostnames in the zone, so it is taken over.
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
  const row = {
    host, org_id: orgId, provider_id: created.id, txt_name: created.verification.name, txt_value: created.verification.value,
    ownership_status: created.status, ssl_status: created.ssl, cname_target: cnameTarget,
  };
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
  // Serving needs both: the ownership proven and the certificate issued (a host without one would answer browsers
  // with a certificate error).
  if (current?.status === 'active' && current.ssl === 'active' && (await activateCustomHostname(db, orgId, host, actor))) await dropHostAtEdge(host);
  else if (current) await touchCustomHostname(db, orgId, host, { ownership: current.status, ssl: current.ssl });
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
