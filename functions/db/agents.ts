// Agents' details and agencies (agent_details, agencies), their credit (users.credit_limit_minor and the ledger's sum)
// and their bookings on account; plus the statements an org admin's create-agent runs.
import type { Owner } from './clients';
import type { StayColumns } from './bookings';

export interface AgentProfileRow {
  user_id: number;
  email: string;
  title: string;
  first_name: string;
  last_name: string;
  phone_country_code: string;
  mobile_no: string;
  credit_limit_minor: number;
  default_markup_bps: number | null;
  agency_name: string | null;
  agency_license_no: string | null;
  agency_address: string | null;
  agency_phone: string | null;
  agency_email: string | null;
}

export function agentProfile(db: D1Database, owner: Owner) {
  return db
    .prepare(
      `SELECT u.id AS user_id, u.email, u.title, u.first_name, u.last_name, u.phone_country_code, u.mobile_no, u.credit_limit_minor,
         d.default_markup_bps, a.name AS agency_name, a.license_no AS agency_license_no, a.address AS agency_address, a.phone AS agency_phone,
         a.email AS agency_email
       FROM users u LEFT JOIN agent_details d ON d.user_id = u.id LEFT JOIN agencies a ON a.id = d.agency_id AND a.org_id = u.org_id
       WHERE u.id = ? AND u.org_id = ? AND u.role = 'agent'`,
    )
    .bind(owner.agentId, owner.orgId)
    .first<AgentProfileRow>();
}

export async function defaultMarkupBps(db: D1Database, owner: Owner): Promise<number | null> {
  const row = await db.prepare('SELECT default_markup_bps FROM agent_details WHERE user_id = ? AND org_id = ?').bind(owner.agentId, owner.orgId).first<{ default_markup_bps: number }>();
  return row?.default_markup_bps ?? null;
}

/** The credit limit (read fresh, not from the session) and what the ledger says the agent owes, in USD cents. */
export async function creditOf(db: D1Database, owner: Owner): Promise<{ limitMinor: number; outstandingMinor: number }> {
  const row = await db
    .prepare(
      `SELECT u.credit_limit_minor AS limit_minor,
         (SELECT IFNULL(SUM(amount_usd_minor), 0) FROM credit_ledger WHERE agent_id = u.id AND org_id = u.org_id) AS outstanding_minor
       FROM users u WHERE u.id = ? AND u.org_id = ?`,
    )
    .bind(owner.agentId, owner.orgId)
    .first<{ limit_minor: number; outstanding_minor: number }>();
  return { limitMinor: row?.limit_minor ?? 0, outstandingMinor: row?.outstanding_minor ?? 0 };
}

export async function agentCounts(db: D1Database, owner: Owner) {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM agent_clients WHERE org_id = ?1 AND agent_id = ?2) AS clients,
              (SELECT COUNT(*) FROM agent_quotes WHERE org_id = ?1 AND agent_id = ?2) AS quotes,
              (SELECT COUNT(*) FROM agent_bookings WHERE org_id = ?1 AND agent_id = ?2) AS bookings`,
    )
    .bind(owner.orgId, owner.agentId)
    .first<{ clients: number; quotes: number; bookings: number }>();
  return { clients: row?.clients ?? 0, quotes: row?.quotes ?? 0, bookings: row?.bookings ?? 0 };
}

export interface AgentBookingRow extends StayColumns {
  id: number;
  booking_ref: string;
  quote_id: number;
  client_id: number | null;
  client_name: string;
  client_email: string;
  total_minor: number;
  net_usd_minor: number;
  total_usd_minor: number;
  /** An on-account booking's own status; a card booking's is its payment's (the bookings row the webhook moves). */
  status: string;
  pay_method: 'account' | 'card';
  card_booking_id: number | null;
  paid_minor: number;
  refunded_minor: number;
  payment_url: string | null;
  created_at: string;
  /** A bed bank's booking (migration 0043): the supplier and its reference once it holds it; a card booking's are its bookings row's. */
  supplier: string | null;
  supplier_reference: string | null;
}

const AGENT_BOOKING = `SELECT ab.id, ab.booking_ref, ab.quote_id, ab.client_id, ab.client_name, ab.client_email, ab.product_id, ab.product_type,
    ab.product_name, ab.city, ab.image, ab.check_in, ab.check_out, ab.guests, ab.currency, ab.total_minor, ab.net_usd_minor, ab.total_usd_minor,
    IFNULL(cb.status, ab.status) AS status, ab.pay_method, ab.card_booking_id, IFNULL(cb.paid_minor, 0) AS paid_minor,
    IFNULL(cb.refunded_minor, 0) AS refunded_minor, CASE WHEN cb.status = 'PENDING_PAYMENT' THEN cb.payment_url END AS payment_url, ab.created_at,
    CASE WHEN cb.id IS NULL THEN ab.supplier ELSE cb.supplier END AS supplier,
    CASE WHEN cb.id IS NULL THEN ab.supplier_reference ELSE cb.supplier_reference END AS supplier_reference
  FROM agent_bookings ab LEFT JOIN bookings cb ON cb.id = ab.card_booking_id`;

export async function bookingsOfAgent(db: D1Database, owner: Owner, limit = 200): Promise<AgentBookingRow[]> {
  const { results } = await db
    .prepare(`${AGENT_BOOKING} WHERE ab.org_id = ? AND ab.agent_id = ? ORDER BY ab.id DESC LIMIT ?`)
    .bind(owner.orgId, owner.agentId, limit)
    .all<AgentBookingRow>();
  return results;
}

export function agentBookingOf(db: D1Database, owner: Owner, ref: string) {
  return db.prepare(`${AGENT_BOOKING} WHERE ab.org_id = ? AND ab.agent_id = ? AND ab.booking_ref = ?`).bind(owner.orgId, owner.agentId, ref).first<AgentBookingRow>();
}

// ---- org administration (scripts/admin.mjs) ----------------------------------------------------------------

/** Creates the agency of an org if it has none of that name. */
export function upsertAgencyStatement(db: D1Database, orgId: number, agency: { name: string; licenseNo?: string; address?: string; phone?: string; email?: string }) {
  return db
    .prepare(
      `INSERT INTO agencies (org_id, name, license_no, address, phone, email) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (org_id, name) DO UPDATE SET license_no = CASE WHEN excluded.license_no <> '' THEN excluded.license_no ELSE license_no END,
         address = CASE WHEN excluded.address <> '' THEN excluded.address ELSE address END,
         phone = CASE WHEN excluded.phone <> '' THEN excluded.phone ELSE phone END,
         email = CASE WHEN excluded.email <> '' THEN excluded.email ELSE email END`,
    )
    .bind(orgId, agency.name, agency.licenseNo ?? '', agency.address ?? '', agency.phone ?? '', agency.email ?? '');
}

/**
 * Makes the org's account created with this referral code an agent with the given credit limit (USD cents), and
 * records its agency (by name, may be null) and default markup. The fresh referral code, not the email, names the
 * row, so an account someone else created meanwhile is never promoted.
 */
export function promoteToAgentStatements(
  db: D1Database,
  a: { orgId: number; referralCode: string; creditLimitMinor: number; agencyName: string | null; markupBps: number },
) {
  return [
    db
      .prepare(
        `UPDATE users SET role = 'agent', credit_limit_minor = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE org_id = ? AND referral_code = ?`,
      )
      .bind(a.creditLimitMinor, a.orgId, a.referralCode),
    db
      .prepare(
        `INSERT INTO agent_details (user_id, org_id, agency_id, default_markup_bps)
         SELECT u.id, u.org_id, (SELECT id FROM agencies WHERE org_id = u.org_id AND name = ?), ? FROM users u WHERE u.org_id = ? AND u.referral_code = ?
         ON CONFLICT (user_id) DO UPDATE SET agency_id = IFNULL(excluded.agency_id, agency_id), default_markup_bps = excluded.default_markup_bps`,
      )
      .bind(a.agencyName, a.markupBps, a.orgId, a.referralCode),
  ];
}

/** How long a new agent's set-password link works (a password-reset token, given longer than a reset's hour). */
export const INVITE_VALID_HOURS = 72;

export function inviteTokenLifetimeStatement(db: D1Database, tokenHash: string, now: number) {
  return db.prepare('UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?').bind(now + INVITE_VALID_HOURS * 3600_000, tokenHash);
}

/** A payment from the agent (by email, or by account id) to the org lowers the outstanding balance. */
export function paymentStatement(db: D1Database, a: { orgId: number; amountMinor: number; note: string } & ({ email: string } | { agentId: number })) {
  const [column, who] = 'email' in a ? ['email', a.email] : ['id', a.agentId];
  return db
    .prepare(
      `INSERT INTO credit_ledger (org_id, agent_id, kind, amount_usd_minor, note)
       SELECT org_id, id, 'payment', ?, ? FROM users WHERE org_id = ? AND ${column} = ? AND role = 'agent'`,
    )
    .bind(-Math.abs(a.amountMinor), a.note, a.orgId, who);
}

/** An agent's details row, made when an account becomes an agent (the agent pages read it); an existing one is kept. */
export function agentDetailsStatement(db: D1Database, orgId: number, userId: number) {
  return db
    .prepare(
      `INSERT INTO agent_details (user_id, org_id) SELECT id, org_id FROM users WHERE org_id = ? AND id = ? AND role = 'agent'
       ON CONFLICT (user_id) DO NOTHING`,
    )
    .bind(orgId, userId);
}
