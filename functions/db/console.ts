// The org console's SQL: an org's settings, its members' roles and flags, and the audit log every change writes.
import type { OrgRow } from './orgs';
import type { Role } from '../../src/shared/contract/auth';
import { agentDetailsStatement, paymentStatement } from './agents';
import { sellingRangeSql } from './ari';

export interface Actor {
  id: number;
  email: string;
}

/** The org's row as the console edits it (no cache: the console always reads what is stored). */
export function orgRow(db: D1Database, orgId: number) {
  return db.prepare('SELECT * FROM orgs WHERE id = ?').bind(orgId).first<OrgRow>();
}

export async function currencyOffered(db: D1Database, code: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS x FROM currencies WHERE code = ? AND status = 1').bind(code).first()) !== null;
}

/** Columns the settings form may write, by the name the wire uses (the same names). */
export const ORG_COLUMNS = [
  'name', 'logo_url', 'default_language', 'default_currency', 'eligible_products', 'wallet_options', 'display_price', 'min_checkin_days',
  'calendar_type', 'access_code_required', 'google_enabled', 'facebook_enabled', 'google_client_id', 'facebook_app_id',
  'allow_guest_booking', 'b2b_mode', 'session_out_url', 'loyalty_landing_url', 'all_inclusive_url', 'trips_site_url',
  'support_phone', 'support_email', 'require_2fa_for_staff',
] as const;
export type OrgColumn = (typeof ORG_COLUMNS)[number];

/** The audit row of one change. */
export function auditStatement(db: D1Database, orgId: number, actor: Actor, action: string, target: string, detail: unknown) {
  return db
    .prepare('INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(orgId, actor.id, actor.email, action, target, JSON.stringify(detail));
}

/**
 * The audit row of a change made by the statement just before it in the same batch, written only when that statement
 * changed a row (SQLite's changes(), which leaves out what triggers did): of two concurrent cancels, only the one that
 * moved the booking is audited.
 */
export function auditIfMovedStatement(db: D1Database, orgId: number, actor: Actor, action: string, target: string, detail: unknown) {
  return db
    .prepare('INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) SELECT ?, ?, ?, ?, ?, ? WHERE changes() > 0')
    .bind(orgId, actor.id, actor.email, action, target, JSON.stringify(detail));
}

/** The settings change and its audit row, one batch: both or neither. The version bump retires cached copies. */
export function updateOrgSettings(db: D1Database, orgId: number, actor: Actor, values: Partial<Record<OrgColumn, string | number>>, detail: unknown) {
  const columns = Object.keys(values).filter((k): k is OrgColumn => (ORG_COLUMNS as readonly string[]).includes(k));
  const sets = columns.map((k) => `${k} = ?`).join(', ');
  return db.batch([
    db.prepare(`UPDATE orgs SET ${sets}, version = version + 1 WHERE id = ?`).bind(...columns.map((k) => values[k]!), orgId),
    auditStatement(db, orgId, actor, 'org.update', `org:${orgId}`, detail),
  ]);
}

export interface MemberRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  verified_at: string | null;
  can_user_book: number;
  credit_limit_minor: number;
  created_at: string;
}

const MEMBER_COLUMNS = 'id, email, first_name, last_name, role, verified_at, can_user_book, credit_limit_minor, created_at';

export async function listMembers(db: D1Database, orgId: number, q: string, limit: number, offset: number) {
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes (a full email often is). lower() folds ASCII as LIKE did.
  const match = q
    ? ` AND (instr(lower(email), lower(?)) > 0 OR instr(lower(first_name), lower(?)) > 0 OR instr(lower(last_name), lower(?)) > 0
            OR instr(lower(first_name || ' ' || last_name), lower(?)) > 0)`
    : '';
  const args = q ? [orgId, ...Array(4).fill(q)] : [orgId];
  const [count, rows] = await db.batch<{ n?: number } & MemberRow>([
    db.prepare(`SELECT COUNT(*) AS n FROM users WHERE org_id = ?${match}`).bind(...args),
    db.prepare(`SELECT ${MEMBER_COLUMNS} FROM users WHERE org_id = ?${match} ORDER BY id LIMIT ? OFFSET ?`).bind(...args, limit, offset),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as MemberRow[] };
}

export function memberById(db: D1Database, orgId: number, userId: number) {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM users WHERE org_id = ? AND id = ?`).bind(orgId, userId).first<MemberRow>();
}

export interface MemberChange {
  role?: Role;
  canUserBook?: 0 | 1;
  creditLimitMinor?: number;
}

/**
 * A member's change and its audit row in one batch. Both statements carry the same guard, evaluated on the same state
 * (a batch is one transaction): the member is of this org, and the change does not take the org's last admin away.
 * So of any number of concurrent demotions, those that would leave no admin write nothing. A member made an agent gets
 * the details row the agent pages read, in the same batch. Answers whether it was written.
 */
export async function changeMember(db: D1Database, orgId: number, actor: Actor, userId: number, change: MemberChange): Promise<boolean> {
  const sets: string[] = [];
  const values: (string | number)[] = [];
  if (change.role !== undefined) sets.push('role = ?'), values.push(change.role);
  if (change.canUserBook !== undefined) sets.push('can_user_book = ?'), values.push(change.canUserBook);
  if (change.creditLimitMinor !== undefined) sets.push('credit_limit_minor = ?'), values.push(change.creditLimitMinor);
  const demotes = change.role !== undefined && change.role !== 'admin';
  const guard = `org_id = ? AND id = ?${
    demotes ? " AND (role <> 'admin' OR EXISTS (SELECT 1 FROM users o WHERE o.org_id = users.org_id AND o.role = 'admin' AND o.id <> users.id))" : ''
  }`;
  const after = JSON.stringify({
    ...(change.role !== undefined ? { role: change.role } : {}),
    ...(change.canUserBook !== undefined ? { can_user_book: change.canUserBook } : {}),
    ...(change.creditLimitMinor !== undefined ? { credit_limit: change.creditLimitMinor / 100 } : {}),
  });
  const [audit, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'member.update', 'user:' || id || ' ' || email,
                json_object('before', json_object('role', role, 'can_user_book', can_user_book, 'credit_limit', credit_limit_minor / 100.0), 'after', json(?))
         FROM users WHERE ${guard}`,
      )
      .bind(actor.id, actor.email, after, orgId, userId),
    db
      .prepare(`UPDATE users SET ${sets.join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE ${guard}`)
      .bind(...values, orgId, userId),
    ...(change.role === 'agent' ? [agentDetailsStatement(db, orgId, userId)] : []),
  ]);
  void audit;
  return (update!.meta.changes ?? 0) > 0;
}

export interface AuditRow {
  at: string;
  actor_email: string;
  action: string;
  target: string;
  detail: string;
}

export async function listAudit(db: D1Database, orgId: number, limit: number, offset: number) {
  const [count, rows] = await db.batch<{ n?: number } & AuditRow>([
    db.prepare('SELECT COUNT(*) AS n FROM admin_audit WHERE org_id = ?').bind(orgId),
    db.prepare('SELECT at, actor_email, action, target, detail FROM admin_audit WHERE org_id = ? ORDER BY id DESC LIMIT ? OFFSET ?').bind(orgId, limit, offset),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as AuditRow[] };
}

/** A payment an agent made to the org, with its audit row: one batch, both only for an agent of this org. */
export async function recordAgentPayment(db: D1Database, orgId: number, actor: Actor, agentId: number, amountMinor: number, note: string): Promise<boolean> {
  const [, payment] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'member.payment', 'user:' || id || ' ' || email, json_object('after', json_object('amount', ?, 'note', ?))
         FROM users WHERE org_id = ? AND id = ? AND role = 'agent'`,
      )
      .bind(actor.id, actor.email, amountMinor / 100, note, orgId, agentId),
    paymentStatement(db, { orgId, agentId, amountMinor, note }),
  ]);
  return (payment!.meta.changes ?? 0) > 0;
}

// ---- theme and launch ------------------------------------------------------------------------------------------------

export function themeRow(db: D1Database, orgId: number) {
  return db.prepare("SELECT css, source FROM org_themes WHERE org_id = ? AND name = 'theme'").bind(orgId).first<{ css: string; source: string }>();
}

/** The new stylesheet and its checked values, and the audit row (the values before → after): one batch. */
export function publishTheme(db: D1Database, orgId: number, actor: Actor, css: string, source: string) {
  return db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         VALUES (?1, ?2, ?3, 'theme.update', 'theme',
           json_object('before', (SELECT json(CASE WHEN source <> '' THEN source ELSE '{}' END) FROM org_themes WHERE org_id = ?1 AND name = 'theme'),
                       'after', json(?4)))`,
      )
      .bind(orgId, actor.id, actor.email, source),
    db
      .prepare(
        `INSERT INTO org_themes (org_id, name, css, source) VALUES (?, 'theme', ?, ?)
         ON CONFLICT (org_id, name) DO UPDATE SET css = excluded.css, source = excluded.source, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(orgId, css, source),
    // Pages name the stylesheet by its content version, kept under the org's version: the change moves it.
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
  ]);
}

export interface LaunchRow {
  logo_url: string;
  eligible_products: string;
  wallet_options: string;
  google_enabled: number;
  facebook_enabled: number;
  access_code_required: number;
  live_at: string | null;
  /** 1 while the org has not gone live (migration 0040). */
  closed: number;
  themed: number;
  custom_hosts: number;
  /** The types of the org's active products that can be sold: a priced night to come, or an activity (comma-separated). */
  bookable_types: string | null;
}

/**
 * What the launch checklist reads, in one query. Development and platform names (localhost, *.localhost) are not custom.
 * A product counts once something of it can be sold (decision 0057): a room type priced for a night to come, or an activity.
 */
export function launchRow(db: D1Database, orgId: number) {
  return db
    .prepare(
      `SELECT o.logo_url, o.eligible_products, o.wallet_options, o.google_enabled, o.facebook_enabled, o.access_code_required, o.live_at, o.closed,
         EXISTS (SELECT 1 FROM org_themes t WHERE t.org_id = o.id AND t.name = 'theme' AND t.source <> '') AS themed,
         (SELECT COUNT(*) FROM org_domains d WHERE d.org_id = o.id AND d.host NOT IN ('localhost', '127.0.0.1') AND d.host NOT LIKE '%.localhost') AS custom_hosts,
         (SELECT group_concat(DISTINCT p.type) FROM products p WHERE p.org_id = o.id AND p.status = 'ACTIVE' AND (p.price_unit = 'person' OR EXISTS (
            SELECT 1 FROM rate_ranges n WHERE n.product_id = p.id AND ${sellingRangeSql('n')}))) AS bookable_types
       FROM orgs o WHERE o.id = ?`,
    )
    .bind(orgId)
    .first<LaunchRow>();
}

/**
 * Opens a closed org, once, with its audit row: of any number of concurrent requests one writes. The version moves
 * with it, so every page kept for the closed org (and the org row kept at the edge) is retired. Answers whether it did.
 */
export async function goLive(db: D1Database, orgId: number, actor: Actor): Promise<boolean> {
  const [, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT id, ?, ?, 'org.live', 'org:' || id, json_object('before', json_object('live', 0), 'after', json_object('live', 1))
         FROM orgs WHERE id = ? AND closed = 1`,
      )
      .bind(actor.id, actor.email, orgId),
    db
      .prepare("UPDATE orgs SET closed = 0, live_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), version = version + 1 WHERE id = ? AND closed = 1")
      .bind(orgId),
  ]);
  return (update!.meta.changes ?? 0) > 0;
}
