// Marketing links' SQL: the links of an org, the clicks and their daily roll-ups, the day's visitor hashes and salt,
// the conversions credited to a link, and the figures read back (docs/decisions/0024-marketing-links.md).
import type { LinkTarget } from '../../src/shared/contract/links';

/** Who made a console change (the audit log's actor; functions/db/console.ts Actor, named here to keep db/ free of circles). */
interface Actor {
  id: number;
  email: string;
}

/** The audit row of a link change (the same row functions/db/console.ts auditStatement writes). */
const auditRow = (db: D1Database, orgId: number, actor: Actor, action: string, target: string, detail: unknown) =>
  db
    .prepare('INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(orgId, actor.id, actor.email, action, target, JSON.stringify(detail));

export interface LinkRow extends LinkTarget {
  id: number;
  org_id: number;
  slug: string;
  owner_user_id: number | null;
  created_at: string;
  /** When the link left the console's list (it still redirects); null while it is listed. */
  archived_at: string | null;
}

export interface NewLink {
  orgId: number;
  slug: string;
  destination: string;
  referralCode: string;
  campaign: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  ownerUserId: number | null;
  createdBy: number | null;
}

const LINK_COLUMNS = 'id, org_id, slug, destination, referral_code, campaign, utm_source, utm_medium, utm_campaign, owner_user_id, created_at, archived_at';

/** Inserts the link unless its slug (any case) is taken in the org or, for a member's link, the member has one: 1 row or 0. */
export async function insertLink(db: D1Database, l: NewLink): Promise<boolean> {
  const r = await db
    .prepare(
      `INSERT INTO short_links (org_id, slug, destination, referral_code, campaign, utm_source, utm_medium, utm_campaign, owner_user_id, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(l.orgId, l.slug, l.destination, l.referralCode, l.campaign, l.utmSource, l.utmMedium, l.utmCampaign, l.ownerUserId, l.createdBy)
    .run();
  return (r.meta.changes ?? 0) === 1;
}

/**
 * A marketing link made from the console and its audit row, one batch: the row is written only when the insert was
 * (a taken slug changes nothing and audits nothing). Answers whether the link was made.
 */
export async function insertAuditedLink(db: D1Database, l: NewLink, actor: Actor, detail: unknown): Promise<boolean> {
  const [insert] = await db.batch([
    db
      .prepare(
        `INSERT INTO short_links (org_id, slug, destination, referral_code, campaign, utm_source, utm_medium, utm_campaign, owner_user_id, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(l.orgId, l.slug, l.destination, l.referralCode, l.campaign, l.utmSource, l.utmMedium, l.utmCampaign, l.ownerUserId, l.createdBy),
    db
      .prepare('INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) SELECT ?, ?, ?, ?, ?, ? WHERE changes() = 1')
      .bind(l.orgId, actor.id, actor.email, 'link.create', `link:${l.slug}`, JSON.stringify(detail)),
  ]);
  return (insert!.meta.changes ?? 0) === 1;
}

/** What a console change may write on a link, by column. */
export type LinkChange = Partial<Record<'destination' | 'campaign' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'archived_at', string | null>>;

/** A link's change and its audit row, one batch: both or neither. */
export function updateLinkStatements(db: D1Database, orgId: number, linkId: number, change: LinkChange, audit: { actor: Actor; action: string; target: string; detail: unknown }) {
  const columns = Object.keys(change) as (keyof LinkChange)[];
  return [
    db
      .prepare(`UPDATE short_links SET ${columns.map((k) => `${k} = ?`).join(', ')} WHERE id = ? AND org_id = ?`)
      .bind(...columns.map((k) => change[k] ?? null), linkId, orgId),
    auditRow(db, orgId, audit.actor, audit.action, audit.target, audit.detail),
  ];
}

/** The org's link by slug (any case: the slug's column folds case) as stored. */
export function linkRowBySlug(db: D1Database, orgId: number, slug: string): Promise<LinkRow | null> {
  return db.prepare(`SELECT ${LINK_COLUMNS} FROM short_links WHERE org_id = ? AND slug = ?`).bind(orgId, slug).first<LinkRow>();
}


export function linkOfMember(db: D1Database, orgId: number, userId: number): Promise<LinkRow | null> {
  return db.prepare(`SELECT ${LINK_COLUMNS} FROM short_links WHERE org_id = ? AND owner_user_id = ?`).bind(orgId, userId).first<LinkRow>();
}

export function campaignExists(db: D1Database, orgId: number, campaign: string) {
  return db.prepare('SELECT 1 AS x FROM short_links WHERE org_id = ? AND campaign = ? LIMIT 1').bind(orgId, campaign).first<{ x: number }>();
}

/** A sign-up counts once the account is verified, as a referral does: unconfirmed addresses are not new members. */
const COUNTED_SIGNUP = "c.event = 'signup' AND u.verified_at IS NOT NULL";

export type LinkListRow = LinkRow & { clicks: number; visitors: number; signups: number; bookings: number };

/** The org's marketing links (not the members' own), newest first, with their totals; `slug` picks one of them. */
export async function listLinks(db: D1Database, orgId: number, limit = 200, slug: string | null = null): Promise<LinkListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${LINK_COLUMNS.split(', ').map((c) => `l.${c}`).join(', ')},
         COALESCE(d.clicks, 0) AS clicks, COALESCE(d.visitors, 0) AS visitors, COALESCE(v.signups, 0) AS signups, COALESCE(v.bookings, 0) AS bookings
       FROM short_links l
       LEFT JOIN (SELECT link_id, SUM(clicks) AS clicks, SUM(visitors) AS visitors FROM link_daily
                  WHERE dim = 'day' AND link_id IN (SELECT id FROM short_links WHERE org_id = ?1 AND owner_user_id IS NULL) GROUP BY link_id) d ON d.link_id = l.id
       LEFT JOIN (SELECT c.link_id, SUM(${COUNTED_SIGNUP}) AS signups, SUM(c.event = 'first_booking') AS bookings
                  FROM link_conversions c JOIN users u ON u.id = c.user_id WHERE c.org_id = ?1 GROUP BY c.link_id) v ON v.link_id = l.id
       WHERE l.org_id = ?1 AND l.owner_user_id IS NULL AND (?3 IS NULL OR l.slug = ?3)
       ORDER BY l.id DESC LIMIT ?2`,
    )
    .bind(orgId, limit, slug)
    .all<LinkListRow>();
  return results;
}

// ---- clicks ------------------------------------------------------------------------------------------------------

/**
 * Draws the salt of `day` (UTC) unless one is drawn already, and answers the day's salt; the salts and visitor hashes
 * of earlier days are deleted with it, so yesterday's hashes can no longer be tied to anyone.
 */
export async function drawDailySalt(db: D1Database, day: string): Promise<string> {
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const [, , , row] = await db.batch<{ salt: string }>([
    db.prepare('INSERT INTO link_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(day, fresh),
    db.prepare('DELETE FROM link_salts WHERE day < ?').bind(day),
    db.prepare('DELETE FROM link_visitors WHERE day < ?').bind(day),
    db.prepare('SELECT salt FROM link_salts WHERE day = ?').bind(day),
  ]);
  return row!.results[0]!.salt;
}


export interface Click {
  at: string;
  day: string;
  country: string;
  referrerHost: string;
  device: 'desktop' | 'mobile' | 'tablet';
  /** The day's salted hash of the visitor: only kept in link_visitors, for that day. */
  visitor: string;
}

/** A batch of clicks as the SQL below reads them: one JSON array, so any number of clicks is one bound value. */
const BATCH = `batch AS (
  SELECT json_extract(value, '$.l') AS link_id, json_extract(value, '$.at') AS at, json_extract(value, '$.day') AS day,
    json_extract(value, '$.c') AS country, json_extract(value, '$.r') AS referrer_host, json_extract(value, '$.d') AS device,
    json_extract(value, '$.v') AS visitor, json_extract(value, '$.f') AS first_in_batch, key AS n
  FROM json_each(?1)
), counted AS (
  SELECT *, first_in_batch AND NOT EXISTS (
    SELECT 1 FROM link_visitors v WHERE v.link_id = batch.link_id AND v.day = batch.day AND v.visitor = batch.visitor
  ) AS first_visit FROM batch
)`;

/**
 * Clicks as one transaction of three statements, however many they are: the click rows in arrival order, the day /
 * country / referrer roll-ups, and the visitors' hashes last, so the statements before them see whether each visitor
 * was already counted today for its link (within the batch, only a visitor's first click can be its first visit).
 */
export function clicksStatements(db: D1Database, clicks: readonly { linkId: number; click: Click }[]): D1PreparedStatement[] {
  const seen = new Set<string>();
  const rows = clicks.map(({ linkId, click: k }) => {
    const visit = `${linkId}|${k.day}|${k.visitor}`;
    const first = !seen.has(visit);
    seen.add(visit);
    return { l: linkId, at: k.at, day: k.day, c: k.country, r: k.referrerHost, d: k.device, v: k.visitor, f: first ? 1 : 0 };
  });
  const json = JSON.stringify(rows);
  return [
    db
      .prepare(
        `WITH ${BATCH} INSERT INTO link_clicks (link_id, at, country, referrer_host, device, first_visit)
         SELECT link_id, at, country, referrer_host, device, first_visit FROM counted ORDER BY n`,
      )
      .bind(json),
    db
      .prepare(
        `WITH ${BATCH} INSERT INTO link_daily (link_id, dim, day, value, clicks, visitors)
         SELECT * FROM (
           SELECT link_id, 'day', day, '', COUNT(*), SUM(first_visit) FROM counted GROUP BY link_id, day
           UNION ALL SELECT link_id, 'country', day, country, COUNT(*), 0 FROM counted GROUP BY link_id, day, country
           UNION ALL SELECT link_id, 'referrer', day, referrer_host, COUNT(*), 0 FROM counted GROUP BY link_id, day, referrer_host
           UNION ALL SELECT link_id, 'device', day, device, COUNT(*), 0 FROM counted GROUP BY link_id, day, device
         ) WHERE true
         ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks, visitors = visitors + excluded.visitors`,
      )
      .bind(json),
    db
      .prepare(`WITH ${BATCH} INSERT INTO link_visitors (link_id, day, visitor) SELECT link_id, day, visitor FROM batch WHERE true ON CONFLICT DO NOTHING`)
      .bind(json),
  ];
}

// ---- conversions -------------------------------------------------------------------------------------------------

/** The new account (found by its fresh referral code) credited to the link of its last click: for the sign-up's batch. */
export function signupConversionStatement(db: D1Database, orgId: number, linkId: number, clickAt: string, newUserReferralCode: string) {
  return db
    .prepare(
      `INSERT INTO link_conversions (org_id, link_id, user_id, event, click_at)
       SELECT ?1, l.id, u.id, 'signup', ?3 FROM users u JOIN short_links l ON l.id = ?2 AND l.org_id = ?1
       WHERE u.org_id = ?1 AND u.referral_code = ?4
       ON CONFLICT DO NOTHING`,
    )
    .bind(orgId, linkId, clickAt, newUserReferralCode);
}

export interface FirstBookingCredit {
  orgId: number;
  userId: number;
  bookingRef: string;
  /** The last click's link from the visitor's cookie, when it is within the window. */
  linkId: number | null;
  clickAt: string | null;
  /** Clicks before this instant are outside the window (for the sign-up's click). */
  windowStart: string;
  revenueMinor: number;
  currency: string;
}

/**
 * The member's first confirmed booking credited to the last click: the link kept with the booking from its checkout's
 * cookie (booking_link_credits), else the link their sign-up was credited to while that click is within the window.
 * Written in the batch that confirms the booking, only while it is CONFIRMED and no other booking of the member was
 * ever confirmed (one CANCELLED while it waited for its payment never was: it had a payment session and nothing paid); UNIQUE (user_id, event) keeps racing and repeated confirmations to one row (docs/decisions/0029).
 */
export function firstBookingConversionStatement(db: D1Database, bookingRef: string) {
  return db
    .prepare(
      `WITH b AS (SELECT id, org_id, user_id, booking_ref FROM bookings WHERE booking_ref = ?1 AND status = 'CONFIRMED' AND user_id IS NOT NULL),
         k AS (SELECT * FROM booking_link_credits WHERE booking_id = (SELECT id FROM b)),
         src AS (SELECT link_id, click_at FROM (
                   SELECT l.id AS link_id, k.click_at, 0 AS pref FROM k JOIN short_links l ON l.id = k.link_id AND l.org_id = (SELECT org_id FROM b)
                   UNION ALL
                   SELECT s.link_id, s.click_at, 1 FROM link_conversions s, b, k
                   WHERE s.user_id = b.user_id AND s.org_id = b.org_id AND s.event = 'signup' AND s.click_at >= k.window_start)
                 ORDER BY pref LIMIT 1)
       INSERT INTO link_conversions (org_id, link_id, user_id, event, click_at, booking_ref, revenue_minor, currency)
       SELECT b.org_id, src.link_id, b.user_id, 'first_booking', src.click_at, b.booking_ref, k.revenue_minor, k.currency
       FROM b, k, src
       WHERE NOT EXISTS (SELECT 1 FROM bookings o WHERE o.org_id = b.org_id AND o.user_id = b.user_id AND o.id <> b.id
         AND (o.status = 'CONFIRMED' OR (o.status = 'CANCELLED' AND (o.payment_session_id IS NULL OR o.paid_minor > 0))))
       ON CONFLICT DO NOTHING`,
    )
    .bind(bookingRef);
}

// ---- figures -----------------------------------------------------------------------------------------------------

/** The links a figure covers: one slug, or every link of a campaign; ?1 org, ?2 slug or campaign. */
export type Scope = { orgId: number; slug: string } | { orgId: number; campaign: string };
const scopeSql = (s: Scope) =>
  'slug' in s ? 'SELECT id FROM short_links WHERE org_id = ?1 AND slug = ?2' : 'SELECT id FROM short_links WHERE org_id = ?1 AND campaign = ?2';
const scopeKey = (s: Scope) => ('slug' in s ? s.slug : s.campaign);

/** Reads only the roll-ups' primary key (link, dim, day range): its cost follows days × values, not clicks. */
export const rollupSql = (scope: string, dim: 'day' | 'country' | 'referrer' | 'device') =>
  dim === 'day'
    ? `SELECT day, SUM(clicks) AS clicks, SUM(visitors) AS visitors FROM link_daily
       WHERE link_id IN (${scope}) AND dim = 'day' AND day BETWEEN ?3 AND ?4 GROUP BY day`
    : `SELECT value, SUM(clicks) AS clicks FROM link_daily
       WHERE link_id IN (${scope}) AND dim = '${dim}' AND day BETWEEN ?3 AND ?4 GROUP BY value ORDER BY clicks DESC, value LIMIT 50`;

export interface RawFigures {
  days: { day: string; clicks: number; visitors: number }[];
  countries: { value: string; clicks: number }[];
  referrers: { value: string; clicks: number }[];
  devices: { value: string; clicks: number }[];
  conversions: { day: string; currency: string; signups: number; bookings: number; revenue_minor: number }[];
}

export async function figures(db: D1Database, scope: Scope, from: string, to: string): Promise<RawFigures> {
  const ids = scopeSql(scope);
  const bind = [scope.orgId, scopeKey(scope), from, to] as const;
  const [days, countries, referrers, devices, conversions] = await db.batch([
    db.prepare(rollupSql(ids, 'day')).bind(...bind),
    db.prepare(rollupSql(ids, 'country')).bind(...bind),
    db.prepare(rollupSql(ids, 'referrer')).bind(...bind),
    db.prepare(rollupSql(ids, 'device')).bind(...bind),
    db
      .prepare(
        `SELECT c.day, c.currency, SUM(${COUNTED_SIGNUP}) AS signups, SUM(c.event = 'first_booking') AS bookings,
           SUM(CASE WHEN c.event = 'first_booking' THEN c.revenue_minor ELSE 0 END) AS revenue_minor
         FROM link_conversions c JOIN users u ON u.id = c.user_id
         WHERE c.link_id IN (${ids}) AND c.org_id = ?1 AND c.day BETWEEN ?3 AND ?4 GROUP BY c.day, c.currency`,
      )
      .bind(...bind),
  ]);
  return {
    days: days!.results as RawFigures['days'],
    countries: countries!.results as RawFigures['countries'],
    referrers: referrers!.results as RawFigures['referrers'],
    devices: devices!.results as RawFigures['devices'],
    conversions: conversions!.results as RawFigures['conversions'],
  };
}
