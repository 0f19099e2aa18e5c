// Organisations: resolved from the request's host name, cached per isolate and at the edge, every copy checked against
// the org's version, which the edge cache holds and every change rewrites (docs/decisions/0025-edge-cache.md).
import { DAY_SECONDS, edgeDelete, edgeGet, edgePurgeEverywhere, edgePut } from '../lib/edge-cache';
export interface OrgRow {
  id: number;
  name: string;
  logo_url: string;
  google_tag_id: string;
  default_language: string;
  default_currency: string;
  eligible_products: string;
  min_checkin_days: number;
  calendar_type: 'Sunday' | 'Monday';
  country_code: string;
  display_price: number;
  access_code_required: number;
  google_enabled: number;
  facebook_enabled: number;
  google_client_id: string;
  facebook_app_id: string;
  wallet_options: string;
  allow_guest_booking: number;
  b2b_mode: number;
  session_out_url: string;
  all_inclusive_url: string;
  trips_site_url: string;
  loyalty_landing_url: string;
  /** Shown on the help page; empty when the org has not given one. */
  support_phone: string;
  support_email: string;
  loyalty_enabled: number;
  loyalty_start: string | null;
  loyalty_end: string | null;
  /** Bumped by every settings change: a cached row with an older version is read again. */
  version: number;
}

export const DEFAULT_ORG_ID = 1;
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

export function hostName(hostHeader: string | undefined | null): string {
  return (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

const versionKey = (orgId: number) => `org/${orgId}/version`;
const hostKey = (host: string) => `host/${host || '-'}`;
/**
 * A version read from D1 by a reader is kept a minute: a reader that read it just before a change and stores it just
 * after the writer did is corrected within that minute. A writer's own entry lives a day.
 */
const READER_VERSION_SECONDS = 60;

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
  const registered = await db
    .prepare('SELECT o.* FROM org_domains d JOIN orgs o ON o.id = d.org_id WHERE d.host = ?')
    .bind(host)
    .first<OrgRow>();
  const org = registered ?? (await defaultOrgRow(db, now));
  await Promise.all([edgePut(hostKey(host), { ...org, registered: !!registered }, DAY_SECONDS, [hostTag(host)]), readerKnowsVersion(org.id, org.version)]);
  return remember(host, org, now, !!registered);
}

async function defaultOrgRow(db: D1Database, now: number): Promise<OrgRow> {
  if (defaultOrg && now - defaultOrg.at < TTL_MS && (await orgVersion(db, DEFAULT_ORG_ID)) === defaultOrg.org.version) return defaultOrg.org;
  const org = await db.prepare('SELECT * FROM orgs WHERE id = ?').bind(DEFAULT_ORG_ID).first<OrgRow>();
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

/** The purge tag of an org's version entry: a change purges it in every data centre (docs/decisions/0035-purge-everywhere.md). */
export const orgVersionTag = (orgId: number) => `org-${orgId}`;
const hostTag = (host: string) => `host-${host}`;

async function readerKnowsVersion(orgId: number, version: number) {
  if ((await edgeGet<number>(versionKey(orgId))) !== version) await edgePut(versionKey(orgId), version, READER_VERSION_SECONDS, [orgVersionTag(orgId)]);
}

/** The writer's side: every other data centre drops its copy of the version, then this one learns the new value. */
async function tellEdge(orgId: number, version: number) {
  await edgePurgeEverywhere([orgVersionTag(orgId)]);
  await edgePut(versionKey(orgId), version, DAY_SECONDS, [orgVersionTag(orgId)]);
}

/** The org's current version: from the edge, else one indexed integer from D1 (then kept at the edge). */
export async function orgVersion(db: D1Database, orgId: number): Promise<number | null> {
  const atEdge = await edgeGet<number>(versionKey(orgId));
  if (typeof atEdge === 'number') return atEdge;
  const version = (await db.prepare('SELECT version FROM orgs WHERE id = ?').bind(orgId).first<number>('version')) ?? null;
  if (version !== null) await edgePut(versionKey(orgId), version, READER_VERSION_SECONDS, [orgVersionTag(orgId)]);
  return version;
}

/**
 * Call after any change to what an org's pages or catalogues show (settings, theme, labels, domains): the org's
 * version goes up by one and the edge learns the new value at once, so every cached copy keyed by the old version
 * (org row, labels, theme, pages) is passed over from the next request on.
 */
export async function bumpOrgVersion(db: D1Database, orgId: number): Promise<number | null> {
  const version = await db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ? RETURNING version').bind(orgId).first<number>('version');
  if (version !== null) await tellEdge(orgId, version);
  return version;
}

/** For a write that bumped the version inside its own batch: the edge learns the version now stored. */
export async function publishOrgVersion(db: D1Database, orgId: number): Promise<void> {
  const version = await db.prepare('SELECT version FROM orgs WHERE id = ?').bind(orgId).first<number>('version');
  if (version !== null) await tellEdge(orgId, version);
}

/**
 * Call when a host starts or stops resolving to an org (a domain added, activated or removed), with the org it
 * resolved to before: the host's edge entries are dropped and that org's version bumped, so no isolate keeps the old answer.
 */
/** A host that starts or stops resolving to an org: the edge's copy of its answer goes (the org's version moves too). */
export async function dropHostAtEdge(host: string): Promise<void> {
  await edgePurgeEverywhere([hostTag(host)]);
  await edgeDelete(hostKey(host));
}

export async function forgetHost(db: D1Database, host: string, previousOrgId: number): Promise<void> {
  await edgePurgeEverywhere([hostTag(host)]);
  await edgeDelete(hostKey(host));
  await bumpOrgVersion(db, previousOrgId);
}

export async function orgTheme(db: D1Database, orgId: number, name: string) {
  return db
    .prepare('SELECT css, updated_at FROM org_themes WHERE org_id = ? AND name = ?')
    .bind(orgId, name)
    .first<{ css: string; updated_at: string }>();
}

/** What an org's mails show of it: its name and its logo. */
export async function orgBrand(db: D1Database, orgId: number): Promise<{ name: string; logo_url: string }> {
  return (await db.prepare('SELECT name, logo_url FROM orgs WHERE id = ?').bind(orgId).first<{ name: string; logo_url: string }>()) ?? { name: '', logo_url: '' };
}

export async function orgName(db: D1Database, orgId: number): Promise<string> {
  return (await db.prepare('SELECT name FROM orgs WHERE id = ?').bind(orgId).first<{ name: string }>())?.name ?? '';
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
