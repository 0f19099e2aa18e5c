// Verified reviews' SQL (migrations/0039_reviews.sql): the booking a review is of, the review itself (one per booking,
// by the unique index), a product's visible reviews with its stored aggregate, the console's list and moderation with
// its audit row, and the review invitations the hourly job owes.
import type { Actor } from './console';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** A booking as a review needs it: whose it is, its state and dates, the traveller's first name and the account's country. */
export interface ReviewableBooking {
  id: number;
  booking_ref: string;
  org_id: number;
  user_id: number | null;
  product_id: number;
  status: string;
  check_in: string;
  check_out: string | null;
  traveler: string;
  language: string | null;
  country: string | null;
}

export function reviewableBooking(db: D1Database, orgId: number, ref: string) {
  return db
    .prepare(
      `SELECT b.id, b.booking_ref, b.org_id, b.user_id, b.product_id, b.status, b.check_in, b.check_out, b.traveler, b.language,
              (SELECT u.country_code FROM users u WHERE u.id = b.user_id) AS country
       FROM bookings b WHERE b.booking_ref = ? AND b.org_id = ?`,
    )
    .bind(ref, orgId)
    .first<ReviewableBooking>();
}

export interface NewReview {
  orgId: number;
  bookingId: number;
  productId: number;
  userId: number | null;
  score: number;
  title: string;
  text: string;
  categories: { cleanliness?: number; location?: number; staff?: number; value?: number };
  firstName: string;
  country: string;
  stayed: string;
  language: string;
}

export interface ReviewRow {
  id: number;
  org_id: number;
  booking_id: number;
  product_id: number;
  score: number;
  title: string;
  text: string;
  cleanliness: number | null;
  location: number | null;
  staff: number | null;
  value: number | null;
  first_name: string;
  country: string;
  stayed: string;
  language: string;
  hidden: number;
  hidden_reason: string;
  created_at: string;
}

const COLUMNS = 'id, org_id, booking_id, product_id, score, title, text, cleanliness, location, staff, value, first_name, country, stayed, language, hidden, hidden_reason, created_at';

/**
 * Writes the booking's review unless it has one: one statement, and the unique booking_id decides between any number of
 * requests at once. The product's stored count and score move in the same statement (the insert trigger). Null when
 * the booking had a review already.
 */
export function insertReview(db: D1Database, r: NewReview) {
  return db
    .prepare(
      `INSERT INTO reviews (org_id, booking_id, product_id, user_id, score, title, text, cleanliness, location, staff, value, first_name, country, stayed, language)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (booking_id) DO NOTHING
       RETURNING ${COLUMNS}`,
    )
    .bind(
      r.orgId, r.bookingId, r.productId, r.userId, r.score, r.title, r.text,
      r.categories.cleanliness ?? null, r.categories.location ?? null, r.categories.staff ?? null, r.categories.value ?? null,
      r.firstName, r.country, r.stayed, r.language,
    )
    .first<ReviewRow>();
}

/** The product's stored aggregate (its visible reviews), or null when the org has no such active product. */
export function reviewAggregate(db: D1Database, orgId: number, productId: number) {
  return db
    .prepare("SELECT review_count, review_score_total FROM products WHERE id = ? AND org_id = ? AND status = 'ACTIVE'")
    .bind(productId, orgId)
    .first<{ review_count: number; review_score_total: number }>();
}

/** A page of the product's visible reviews, newest first. */
export async function visibleReviews(db: D1Database, productId: number, limit: number, offset: number): Promise<ReviewRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM reviews WHERE product_id = ? AND hidden = 0 ORDER BY id DESC LIMIT ? OFFSET ?`)
    .bind(productId, limit, offset)
    .all<ReviewRow>();
  return results;
}

export interface AdminReviewRow extends ReviewRow {
  product_name: string;
  booking_ref: string;
}

/** The org's reviews, hidden ones too, newest first, with the product's name and the booking's reference. */
export async function orgReviews(db: D1Database, orgId: number, limit: number, offset: number) {
  const [count, rows] = await db.batch<{ n?: number } & AdminReviewRow>([
    db.prepare('SELECT COUNT(*) AS n FROM reviews WHERE org_id = ?').bind(orgId),
    db
      .prepare(
        `SELECT ${COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')}, p.name AS product_name, b.booking_ref
         FROM reviews r JOIN products p ON p.id = r.product_id JOIN bookings b ON b.id = r.booking_id
         WHERE r.org_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(orgId, limit, offset),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as AdminReviewRow[] };
}

/**
 * Hides or shows a review with its audit row (the reason kept there and on the review), one batch: both statements
 * carry the same guard on the same state, so of concurrent requests only one that changes something writes. The
 * product's stored aggregate moves with the update (the triggers). 'missing': no such review in the org; 'same': it
 * was so already.
 */
export async function moderateReview(db: D1Database, orgId: number, actor: Actor, reviewId: number, hidden: boolean, reason: string): Promise<'changed' | 'same' | 'missing'> {
  const action = hidden ? 'review.hide' : 'review.unhide';
  const to = hidden ? 1 : 0;
  const [, update, exists] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, ?, 'review:' || id || ' ' || (SELECT name FROM products WHERE id = reviews.product_id),
                json_object('before', json_object('hidden', json(CASE hidden WHEN 1 THEN 'true' ELSE 'false' END)),
                            'after', json_object('hidden', json(?), 'reason', ?))
         FROM reviews WHERE id = ? AND org_id = ? AND hidden <> ?`,
      )
      .bind(actor.id, actor.email, action, hidden ? 'true' : 'false', reason, reviewId, orgId, to),
    db.prepare('UPDATE reviews SET hidden = ?, hidden_reason = ? WHERE id = ? AND org_id = ? AND hidden <> ?').bind(to, hidden ? reason : '', reviewId, orgId, to),
    db.prepare('SELECT 1 AS x FROM reviews WHERE id = ? AND org_id = ?').bind(reviewId, orgId),
  ]);
  if ((update!.meta.changes ?? 0) > 0) return 'changed';
  return exists!.results.length ? 'same' : 'missing';
}

export async function reviewById(db: D1Database, orgId: number, reviewId: number) {
  return db
    .prepare(
      `SELECT ${COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')}, p.name AS product_name, b.booking_ref
       FROM reviews r JOIN products p ON p.id = r.product_id JOIN bookings b ON b.id = r.booking_id WHERE r.id = ? AND r.org_id = ?`,
    )
    .bind(reviewId, orgId)
    .first<AdminReviewRow>();
}

// ---- the review invitations (a day after check-out, one per booking) -------------------------------------------------

/**
 * Records the invitations now owed: each confirmed stay whose check-out (an activity's day) was at least a day before
 * `today` and at most 30 days before (older stays are not asked), with no review yet. The primary key keeps one per
 * booking however often the job runs. The link goes to the site the booking's own confirmation linked to.
 */
export function recordOwedInvitations(db: D1Database, today: string) {
  return db
    .prepare(
      `INSERT OR IGNORE INTO review_invitations (booking_id, site)
       SELECT b.id, COALESCE((SELECT m.site FROM booking_mails m WHERE m.booking_id = b.id AND m.kind = 'confirmed'), '')
       FROM bookings b
       WHERE b.status = 'CONFIRMED'
         AND COALESCE(b.check_out, b.check_in) <= date(?1, '-1 day') AND COALESCE(b.check_out, b.check_in) >= date(?1, '-30 days')
         AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id)`,
    )
    .bind(today)
    .run();
}

/** How long a claimed invitation is left to its claimant before the next run may send it again. */
const CLAIM_S = 120;

export async function owedInvitations(db: D1Database, limit = 50): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT booking_id FROM review_invitations WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ${NOW}) ORDER BY attempts, created_at LIMIT ?`)
    .bind(limit)
    .all<{ booking_id: number }>();
  return results.map((r) => r.booking_id);
}

/** Claims one owed invitation: one conditional UPDATE, so of any number of runs at once one sends it. */
export function claimInvitation(db: D1Database, bookingId: number) {
  return db
    .prepare(
      `UPDATE review_invitations SET claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${CLAIM_S} seconds'), attempts = attempts + 1
       WHERE booking_id = ? AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ${NOW})
       RETURNING booking_id, site`,
    )
    .bind(bookingId)
    .first<{ booking_id: number; site: string }>();
}

export async function markInvitationSent(db: D1Database, bookingId: number): Promise<void> {
  await db.prepare(`UPDATE review_invitations SET sent_at = ${NOW} WHERE booking_id = ? AND sent_at IS NULL`).bind(bookingId).run();
}

export async function releaseInvitation(db: D1Database, bookingId: number): Promise<void> {
  await db.prepare('UPDATE review_invitations SET claimed_until = NULL WHERE booking_id = ? AND sent_at IS NULL').bind(bookingId).run();
}

/** The host an org answers on first (its own domain before the platform's), for a link when a booking kept no site. */
export async function orgHost(db: D1Database, orgId: number): Promise<string | null> {
  const row = await db.prepare('SELECT host FROM org_domains WHERE org_id = ? ORDER BY host LIMIT 1').bind(orgId).first<{ host: string }>();
  return row?.host ?? null;
}
