// Organisations: resolved from the request's host name, cached briefly per isolate.
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
  const registered = await db
    .prepare('SELECT o.* FROM org_domains d JOIN orgs o ON o.id = d.org_id WHERE d.host = ?')
    .bind(host)
    .first<OrgRow>();
  if (registered) {
    byHost.set(host, { org: registered, at: now });
    if (byHost.size > MAX_CACHED_HOSTS) byHost.delete(byHost.keys().next().value!);
    return registered;
  }
  if (defaultOrg && now - defaultOrg.at < TTL_MS && (await orgVersion(db, defaultOrg.org.id)) === defaultOrg.org.version) return defaultOrg.org;
  const org = await db.prepare('SELECT * FROM orgs WHERE id = ?').bind(DEFAULT_ORG_ID).first<OrgRow>();
  if (!org) throw new Error('The default organisation (id 1) is missing: apply the migrations');
  defaultOrg = { org, at: now };
  return org;
}

/** One indexed integer: what keeps a cached org from outliving a change made through any isolate. */
async function orgVersion(db: D1Database, orgId: number): Promise<number | null> {
  return (await db.prepare('SELECT version FROM orgs WHERE id = ?').bind(orgId).first<number>('version')) ?? null;
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
