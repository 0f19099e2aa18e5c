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
}

export const DEFAULT_ORG_ID = 1;
const TTL_MS = 30_000;
const cache = new Map<string, { org: OrgRow; at: number }>();

export function hostName(hostHeader: string | undefined | null): string {
  return (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export async function orgForHost(db: D1Database, host: string): Promise<OrgRow> {
  const hit = cache.get(host);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.org;
  const org =
    (await db
      .prepare('SELECT o.* FROM org_domains d JOIN orgs o ON o.id = d.org_id WHERE d.host = ?')
      .bind(host)
      .first<OrgRow>()) ??
    (await db.prepare('SELECT * FROM orgs WHERE id = ?').bind(DEFAULT_ORG_ID).first<OrgRow>());
  if (!org) throw new Error('The default organisation (id 1) is missing: apply the migrations');
  cache.set(host, { org, at: Date.now() });
  return org;
}

export async function orgTheme(db: D1Database, orgId: number, name: string) {
  return db
    .prepare('SELECT css, updated_at FROM org_themes WHERE org_id = ? AND name = ?')
    .bind(orgId, name)
    .first<{ css: string; updated_at: string }>();
}

export async function orgName(db: D1Database, orgId: number): Promise<string> {
  return (await db.prepare('SELECT name FROM orgs WHERE id = ?').bind(orgId).first<{ name: string }>())?.name ?? '';
}
