// Organisations' SQL: the org a registered host names, the org by id, its version (moved by every change a page shows),
// its theme, brand and name. The copies kept per isolate and at the edge are functions/cache/orgs.ts (decision 0056).
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
  /** 1 until the admin goes live (migration 0040): visitors see "coming soon", the org's admins a preview. */
  closed: number;
  /** 1 when its admins and agents must have a second factor (migration 0041). */
  require_2fa_for_staff: number;
}

export const DEFAULT_ORG_ID = 1;

export function hostName(hostHeader: string | undefined | null): string {
  return (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The org a registered host (functions/db/domains) resolves to, or null for any other host. */
export function orgOfRegisteredHost(db: D1Database, host: string): Promise<OrgRow | null> {
  return db.prepare('SELECT o.* FROM org_domains d JOIN orgs o ON o.id = d.org_id WHERE d.host = ?').bind(host).first<OrgRow>();
}

export function orgById(db: D1Database, orgId: number): Promise<OrgRow | null> {
  return db.prepare('SELECT * FROM orgs WHERE id = ?').bind(orgId).first<OrgRow>();
}

/** The org's version as stored: one indexed integer. */
export function storedOrgVersion(db: D1Database, orgId: number): Promise<number | null> {
  return db.prepare('SELECT version FROM orgs WHERE id = ?').bind(orgId).first<number>('version');
}

/** The org's logo becomes this address; the version moves with it (pages kept with the old logo retire). */
export const setOrgLogoStatement = (db: D1Database, orgId: number, address: string) =>
  db.prepare('UPDATE orgs SET logo_url = ?, version = version + 1 WHERE id = ?').bind(address, orgId);

/** Adds one to the org's version; the new value, or null for no such org. */
export function incrementOrgVersion(db: D1Database, orgId: number): Promise<number | null> {
  return db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ? RETURNING version').bind(orgId).first<number>('version');
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
