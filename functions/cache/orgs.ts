// Organisations resolved from the request's host name, kept per isolate and at the edge, every copy checked against
// the org's version, which the edge holds and every change rewrites (docs/decisions/0025-edge-cache.md, 0056).
import { DAY_SECONDS, edgeDelete, edgeGet, edgePurgeEverywhere, edgePut } from '../lib/edge-cache';
import {
  DEFAULT_ORG_ID, incrementOrgVersion, orgById, orgOfRegisteredHost, orgTheme, storedOrgVersion, type OrgRow,
} from '../db/orgs';
import { readerKeepsVersion, tellEdge, versionAtEdge } from './org-version';

const TTL_MS = 30_000;
/** Registered host names remembered per isolate; past this the least recently used is forgotten first. */
export const MAX_CACHED_HOSTS = 256;

interface Cached {
  org: OrgRow;
  at: number;
}
/**
 * Registered hosts only, least recently used first (a Map keeps insertion order). Any other Host header is the default
 * org, kept once in `defaultOrg`: a stream of made-up Host headers costs one indexed lookup each and no memory.
 */
const byHost = new Map<string, Cached>();
let defaultOrg: Cached | null = null;

const hostKey = (host: string) => `host/${host || '-'}`;
const hostTag = (host: string) => `host-${host}`;

export async function orgForHost(db: D1Database, host: string): Promise<OrgRow> {
  const now = Date.now();
  const hit = byHost.get(host);
  if (hit) {
    byHost.delete(host);
    if (now - hit.at < TTL_MS && (await orgVersion(db, hit.org.id)) === hit.org.version) {
      byHost.set(host, hit);
      return hit.org;
    }
  }
  const atEdge = await edgeGet<OrgRow & { registered: boolean }>(hostKey(host));
  if (atEdge && (await orgVersion(db, atEdge.id)) === atEdge.version) return remember(host, atEdge, now, atEdge.registered);
  const registered = await orgOfRegisteredHost(db, host);
  const org = registered ?? (await defaultOrgRow(db, now));
  await Promise.all([edgePut(hostKey(host), { ...org, registered: !!registered }, DAY_SECONDS, [hostTag(host)]), readerKnowsVersion(db, org.id, org.version)]);
  return remember(host, org, now, !!registered);
}

async function defaultOrgRow(db: D1Database, now: number): Promise<OrgRow> {
  if (defaultOrg && now - defaultOrg.at < TTL_MS && (await orgVersion(db, DEFAULT_ORG_ID)) === defaultOrg.org.version) return defaultOrg.org;
  const org = await orgById(db, DEFAULT_ORG_ID);
  if (!org) throw new Error('The default organisation (id 1) is missing: apply the migrations');
  return org;
}

/** Registered hosts go in the bounded per-isolate map; every other host shares the one default-org entry. */
function remember(host: string, org: OrgRow, at: number, registered: boolean): OrgRow {
  if (!registered) {
    if (defaultOrg?.org !== org) defaultOrg = { org, at };
    return org;
  }
  byHost.set(host, { org, at });
  if (byHost.size > MAX_CACHED_HOSTS) byHost.delete(byHost.keys().next().value!);
  return org;
}

async function readerKnowsVersion(db: D1Database, orgId: number, version: number) {
  if ((await versionAtEdge(orgId)) !== version) await readerKeepsVersion(orgId, version, () => storedOrgVersion(db, orgId));
}

/** The org's current version: from the edge, else one indexed integer from D1 (then kept at the edge). */
export async function orgVersion(db: D1Database, orgId: number): Promise<number | null> {
  const atEdge = await versionAtEdge(orgId);
  if (typeof atEdge === 'number') return atEdge;
  const version = (await storedOrgVersion(db, orgId)) ?? null;
  if (version !== null) await readerKeepsVersion(orgId, version, () => storedOrgVersion(db, orgId));
  return version;
}

/**
 * Call after any change to what an org's pages or catalogues show (settings, theme, labels, domains): the org's
 * version goes up by one and the edge learns the new value at once, so every cached copy keyed by the old version
 * (org row, labels, theme, pages) is passed over from the next request on.
 */
export async function bumpOrgVersion(db: D1Database, orgId: number): Promise<number | null> {
  const version = await incrementOrgVersion(db, orgId);
  if (version !== null) await tellEdge(orgId, version);
  return version;
}

/** The org's version as D1 holds it now: read before a console write, to know afterwards whether the write moved it. */
export const storedVersionOf = (db: D1Database, orgId: number) => storedOrgVersion(db, orgId);

/**
 * After a console write: the edge learns the org's version only when the write moved it (settings, theme, labels,
 * domains, going live). A write that changes nothing a page shows (a short link, a card, a member) purges nothing:
 * the purge quota is the zone's, shared by every org (issue 33).
 */
export async function publishOrgVersionIfMoved(db: D1Database, orgId: number, before: number | null): Promise<void> {
  const version = await storedOrgVersion(db, orgId);
  if (version !== null && version !== before) await tellEdge(orgId, version);
}

/** For a write that bumped the version inside its own batch: the edge learns the version now stored. */
export async function publishOrgVersion(db: D1Database, orgId: number): Promise<void> {
  const version = await storedOrgVersion(db, orgId);
  if (version !== null) await tellEdge(orgId, version);
}

/**
 * After work outside a console request (a background job) that may have moved the org's version in D1: the edge learns
 * it only when it did, so a job that changed nothing purges nothing.
 */
export async function publishOrgVersionIfBehind(db: D1Database, orgId: number): Promise<void> {
  await publishOrgVersionIfMoved(db, orgId, (await versionAtEdge(orgId)) ?? null);
}

/** A host that starts or stops resolving to an org: the edge's copy of its answer goes (the org's version moves too). */
export async function dropHostAtEdge(host: string): Promise<void> {
  await edgePurgeEverywhere([hostTag(host)]);
  await edgeDelete(hostKey(host));
}

/**
 * Call when a host starts or stops resolving to an org (a domain added, activated or removed), with the org it
 * resolved to before: the host's edge entries are dropped and that org's version bumped, so no isolate keeps the old answer.
 */
export async function forgetHost(db: D1Database, host: string, previousOrgId: number): Promise<void> {
  await dropHostAtEdge(host);
  await bumpOrgVersion(db, previousOrgId);
}

/** The content version of the org's main stylesheet (null without one), kept at the edge under the org's version. */
export async function orgThemeVersion(db: D1Database, org: Pick<OrgRow, 'id' | 'version'>, versionOf: (css: string) => Promise<string>): Promise<string | null> {
  const key = `theme/${org.id}/${org.version}`;
  const atEdge = await edgeGet<{ version: string | null }>(key);
  if (atEdge) return atEdge.version;
  const theme = await orgTheme(db, org.id, 'theme');
  const version = theme ? await versionOf(theme.css) : null;
  await edgePut(key, { version });
  return version;
}
