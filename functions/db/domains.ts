// An org's domains: custom hostnames waiting for or holding the provider's approval (custom_hostnames) and the hosts
// that resolve to an org (org_domains). A change bumps the org's version, which retires every isolate's cached copy.
import type { Actor } from './console';

export interface CustomHostnameRow {
  host: string;
  org_id: number;
  provider_id: string;
  status: 'pending' | 'active';
  txt_name: string;
  txt_value: string;
  /** The ownership check (the TXT record) and the certificate, as the provider last reported them. */
  ownership_status: string;
  ssl_status: string;
  /** The CNAME target the owner publishes (the zone's fallback origin); null for rows made before it was kept. */
  cname_target: string | null;
  created_at: string;
  /** A pending claim made more than CLAIM_DAYS ago: it holds the host for no one (1) or still does (0). */
  lapsed: number;
}

/** How long a claim may wait for its records before it lapses (CONTRACT.md section 19). */
export const CLAIM_DAYS = 7;
/** SQL: the row is a pending claim older than CLAIM_DAYS (`t` is the table's name or alias). */
const lapsedSql = (t: string) => `(${t}.status = 'pending' AND ${t}.created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${CLAIM_DAYS} days'))`;

const COLUMNS = `host, org_id, provider_id, status, txt_name, txt_value, ownership_status, ssl_status, cname_target, created_at, ${lapsedSql('custom_hostnames')} AS lapsed`;

/** Who holds a host: an org it resolves to, or one waiting for it (a lapsed claim holds it for no one). */
export async function hostHolder(db: D1Database, host: string) {
  const [resolved, claimed] = await db.batch<{ org_id: number }>([
    db.prepare('SELECT org_id FROM org_domains WHERE host = ?').bind(host),
    db.prepare(`SELECT org_id FROM custom_hostnames WHERE host = ? AND NOT ${lapsedSql('custom_hostnames')}`).bind(host),
  ]);
  return { resolvesTo: resolved!.results[0]?.org_id ?? null, claimedBy: claimed!.results[0]?.org_id ?? null };
}

/** A lapsed claim of the host, whichever org made it: its provider hostname is given back before a new claim. */
export function lapsedClaim(db: D1Database, host: string) {
  return db.prepare(`SELECT org_id, provider_id FROM custom_hostnames WHERE host = ? AND ${lapsedSql('custom_hostnames')}`).bind(host).first<{ org_id: number; provider_id: string }>();
}

/** The host as stored when it is one of the org's registered domains, else null. */
export async function orgDomainHost(db: D1Database, host: string, orgId: number): Promise<string | null> {
  const row = await db.prepare('SELECT host FROM org_domains WHERE host = ? AND org_id = ?').bind(host, orgId).first<{ host: string }>();
  return row?.host ?? null;
}

export function customHostname(db: D1Database, orgId: number, host: string) {
  return db.prepare(`SELECT ${COLUMNS} FROM custom_hostnames WHERE host = ? AND org_id = ?`).bind(host, orgId).first<CustomHostnameRow>();
}

/** The org's custom hostnames, and the hosts it answers on that the platform gave it. */
export async function domainsOf(db: D1Database, orgId: number) {
  const [custom, platform] = await db.batch([
    db.prepare(`SELECT ${COLUMNS} FROM custom_hostnames WHERE org_id = ? ORDER BY created_at, host`).bind(orgId),
    db.prepare('SELECT host FROM org_domains WHERE org_id = ? AND host NOT IN (SELECT host FROM custom_hostnames) ORDER BY host').bind(orgId),
  ]);
  return { custom: custom!.results as unknown as CustomHostnameRow[], platform: (platform!.results as { host: string }[]).map((r) => r.host) };
}

export type NewCustomHostname = Pick<CustomHostnameRow, 'host' | 'org_id' | 'provider_id' | 'txt_name' | 'txt_value' | 'ownership_status' | 'ssl_status' | 'cname_target'>;

/**
 * Records a new pending hostname with its audit row, one batch, only while no org resolves from or waits for the
 * host (the primary key and the guard, on the same state); a lapsed claim is replaced. Answers whether it was recorded.
 */
export async function insertCustomHostname(db: D1Database, row: NewCustomHostname, actor: Actor): Promise<boolean> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO custom_hostnames (host, org_id, provider_id, status, txt_name, txt_value, ownership_status, ssl_status, cname_target)
         SELECT ?, ?, ?, 'pending', ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM org_domains WHERE host = ?)
         ON CONFLICT (host) DO UPDATE SET org_id = excluded.org_id, provider_id = excluded.provider_id, status = 'pending',
           txt_name = excluded.txt_name, txt_value = excluded.txt_value, ownership_status = excluded.ownership_status,
           ssl_status = excluded.ssl_status, cname_target = excluded.cname_target,
           created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), checked_at = NULL
         WHERE ${lapsedSql('custom_hostnames')}`,
      )
      .bind(row.host, row.org_id, row.provider_id, row.txt_name, row.txt_value, row.ownership_status, row.ssl_status, row.cname_target, row.host),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'domain.add', 'domain:' || host, json_object('after', json_object('host', host, 'status', status))
         FROM custom_hostnames WHERE host = ? AND org_id = ? AND provider_id = ?`,
      )
      .bind(actor.id, actor.email, row.host, row.org_id, row.provider_id),
  ]);
  return (inserted!.meta.changes ?? 0) > 0;
}

/** Turns the org's pending hostname active: it starts resolving to the org, the org's version moves, one audit row. */
export async function activateCustomHostname(db: D1Database, orgId: number, host: string, actor: Actor): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE custom_hostnames SET status = 'active', ownership_status = 'active', ssl_status = 'active', checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE host = ? AND org_id = ? AND status = 'pending'`,
      )
      .bind(host, orgId),
    db
      .prepare(`INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?, ?, ?, 'domain.active', 'domain:' || CAST(? AS TEXT), json_object('before', json_object('status', 'pending'), 'after', json_object('status', 'active'))
         WHERE changes() > 0`)
      .bind(orgId, actor.id, actor.email, host),
    db
      .prepare(`INSERT INTO org_domains (host, org_id) SELECT host, org_id FROM custom_hostnames WHERE host = ? AND org_id = ? AND status = 'active'
         ON CONFLICT (host) DO NOTHING`)
      .bind(host, orgId),
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}

/** What the provider reports of a pending hostname, kept with the time of the check. */
export function touchCustomHostname(db: D1Database, orgId: number, host: string, seen: { ownership: string; ssl: string }) {
  return db
    .prepare(
      `UPDATE custom_hostnames SET ownership_status = ?, ssl_status = ?, checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE host = ? AND org_id = ? AND status = 'pending'`,
    )
    .bind(seen.ownership, seen.ssl, host, orgId)
    .run();
}

/** Removes the org's custom hostname: it stops resolving at once (the version moves), one audit row. */
export async function deleteCustomHostname(db: D1Database, orgId: number, host: string, actor: Actor, detail: unknown): Promise<boolean> {
  const [, removed] = await db.batch([
    db.prepare('DELETE FROM org_domains WHERE host = ? AND org_id = ? AND host IN (SELECT host FROM custom_hostnames WHERE org_id = ?)').bind(host, orgId, orgId),
    db.prepare('DELETE FROM custom_hostnames WHERE host = ? AND org_id = ?').bind(host, orgId),
    db
      .prepare(`INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) SELECT ?, ?, ?, 'domain.remove', ?, ? WHERE changes() > 0`)
      .bind(orgId, actor.id, actor.email, `domain:${host}`, JSON.stringify(detail)),
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
  ]);
  return (removed!.meta.changes ?? 0) > 0;
}
