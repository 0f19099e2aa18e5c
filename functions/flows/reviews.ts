// Verified reviews (docs/contract.md#after-booking, decision 0065): only the traveller of a confirmed stay that has checked
// out reviews it, once (the unique index decides), by the mailed link's signed token or signed in as the booking's owner.
// The public sees the first name, country and month of the stay; the product keeps its count and score as stored columns
// the search reads; the console hides and shows reviews with a reason and an audit row. Plain values in and out.
import { conflict, forbidden, notFound } from '../errors';
import { hmacSha256Hex } from '../lib/crypto';
import { accountEmailOf, bookingById } from '../db/bookings';
import { holderLanguage, withProductName } from '../db/content';
import { mailBrandOf } from './mail-brand';
import type { Actor } from '../db/console';
import {
  claimInvitation, insertReview, markInvitationSent, moderateReview, orgHost, orgReviews, owedInvitations, recordOwedInvitations, releaseInvitation,
  reviewableBooking, reviewAggregate, reviewById, visibleReviews, type AdminReviewRow, type ReviewRow,
} from '../db/reviews';
import type { MailSender } from '../outside/mail';
import { reviewInvitationMail } from '../services/review-mail';
import { REVIEW_MSG, REVIEWS_PER_PAGE, type ReviewCreate, type ReviewModeration } from '../../src/shared/contract/reviews';
import { scoreOf } from '../../src/shared/rules/review-score';

/** The signing key's use for reviews: a token signs one booking of one org, and nothing else. */
const tokenMessage = (orgId: number, ref: string) => `review:${orgId}:${ref}`;

/** The token of a booking's review link (HMAC-SHA-256, hex). */
export const reviewToken = (key: string, orgId: number, ref: string) => hmacSha256Hex(key, tokenMessage(orgId, ref));

async function tokenFits(key: string, orgId: number, ref: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const expected = await reviewToken(key, orgId, ref);
  if (token.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}

const categoriesOf = (r: Pick<ReviewRow, 'cleanliness' | 'location' | 'staff' | 'value'>) =>
  Object.fromEntries((['cleanliness', 'location', 'staff', 'value'] as const).flatMap((k) => (r[k] === null ? [] : [[k, r[k]]])));

/** A review as the public reads it: no e-mail, no surname, the month of the stay. */
export const publicReview = (r: ReviewRow) => ({
  review_id: r.id,
  score: r.score,
  title: r.title,
  text: r.text,
  first_name: r.first_name,
  country: r.country,
  stayed: r.stayed,
  categories: categoriesOf(r),
  language: r.language,
});

const adminReview = (r: AdminReviewRow) => ({
  ...publicReview(r),
  product_id: r.product_id,
  product_name: r.product_name,
  booking_id: r.booking_ref,
  language: r.language,
  hidden: r.hidden === 1,
  hidden_reason: r.hidden_reason,
  created_at: r.created_at,
});

export interface ReviewDeps {
  db: D1Database;
  org: { id: number };
  /** The key review links are signed with (functions/flows/rates.ts rateKey). */
  key: string;
  clock: () => number;
  language: (accountLanguage?: string | null) => string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes the review of a booking: 403 unless the caller holds the booking's signed token or is its signed-in owner, the
 * booking is confirmed and its stay is over (check-out, an activity's day, before today); 409 when it has a review.
 */
export async function submitReview(d: ReviewDeps, input: ReviewCreate, userId: number | null) {
  const booking = await reviewableBooking(d.db, d.org.id, input.booking_id);
  const owner = booking && userId !== null && booking.user_id === userId;
  if (!booking || !(owner || (await tokenFits(d.key, d.org.id, booking.booking_ref, input.token)))) throw forbidden(REVIEW_MSG.notYours);
  if (booking.status !== 'CONFIRMED') throw forbidden(REVIEW_MSG.notConfirmed);
  if ((booking.check_out ?? booking.check_in) >= dayOf(d.clock())) throw forbidden(REVIEW_MSG.notYet);
  const traveler = JSON.parse(booking.traveler || '{}') as { first_name?: string };
  const row = await insertReview(d.db, {
    orgId: d.org.id,
    bookingId: booking.id,
    productId: booking.product_id,
    userId: booking.user_id,
    score: input.score,
    title: input.title ?? '',
    text: input.text,
    categories: input.categories ?? {},
    firstName: (traveler.first_name ?? '').trim(),
    country: (booking.country ?? '').toUpperCase().slice(0, 2),
    stayed: booking.check_in.slice(0, 7),
    language: d.language(),
  });
  if (!row) throw conflict(REVIEW_MSG.already);
  return { ...publicReview(row), booking_id: booking.booking_ref, product_id: booking.product_id, created_at: row.created_at };
}

/** A product's stored count and score and one page of its visible reviews; 404 for a product the org does not sell. */
export async function productReviews(d: { db: D1Database; org: { id: number } }, productId: number, page: number) {
  const aggregate = await reviewAggregate(d.db, d.org.id, productId);
  if (!aggregate) throw notFound(REVIEW_MSG.noProduct);
  const rows = aggregate.review_count ? await visibleReviews(d.db, productId, REVIEWS_PER_PAGE, (page - 1) * REVIEWS_PER_PAGE) : [];
  return { count: aggregate.review_count, score: scoreOf(aggregate.review_count, aggregate.review_score_total), page, per_page: REVIEWS_PER_PAGE, data: rows.map(publicReview) };
}

export async function reviewsForConsole(db: D1Database, orgId: number, page: number) {
  const { count, rows } = await orgReviews(db, orgId, REVIEWS_PER_PAGE * 2, (page - 1) * REVIEWS_PER_PAGE * 2);
  return { count, page, per_page: REVIEWS_PER_PAGE * 2, data: rows.map(adminReview) };
}

/** Hides or shows a review with the reason and an audit row; the same state again changes nothing and answers it. */
export async function moderate(db: D1Database, orgId: number, actor: Actor, reviewId: number, change: ReviewModeration) {
  const outcome = await moderateReview(db, orgId, actor, reviewId, change.hidden, change.reason);
  if (outcome === 'missing') throw notFound(REVIEW_MSG.noReview);
  const row = await reviewById(db, orgId, reviewId);
  if (!row) throw notFound(REVIEW_MSG.noReview);
  return adminReview(row);
}

// ---- the invitation, a day after check-out ---------------------------------------------------------------------------

export interface InvitationDeps {
  db: D1Database;
  mailer: (orgId: number) => MailSender;
  failed?: (purpose: string, err: unknown) => void;
  key: string;
  /** The configured origin (SELF_ORIGIN): a booking that kept no site links to it on the org's own host. */
  selfOrigin: string;
  today: string;
}

/** The origin a booking's links start at: the site its confirmation linked to, else the configured one on the org's host. */
async function originOf(d: InvitationDeps, site: string, orgId: number): Promise<string> {
  if (site) return site;
  const origin = new URL(d.selfOrigin);
  const host = await orgHost(d.db, orgId);
  if (host && /^[A-Za-z0-9.-]+$/.test(host)) origin.hostname = host;
  return origin.origin;
}

/**
 * The hourly job's part: records the invitations owed today (one per booking, by the primary key), then sends each
 * inside the mail guard: claimed by one conditional UPDATE (so of runs at once one sends it), built and sent, marked
 * sent; a mail that cannot be built or sent is logged and stays owed for the next run.
 */
export async function sendReviewInvitations(d: InvitationDeps): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  await recordOwedInvitations(d.db, d.today);
  for (const bookingId of await owedInvitations(d.db)) {
    try {
      const claim = await claimInvitation(d.db, bookingId);
      if (!claim) continue;
      try {
        const booking = await bookingById(d.db, bookingId);
        if (booking && booking.status === 'CONFIRMED') {
          const traveler = JSON.parse(booking.traveler || '{}') as { email?: string; first_name?: string };
          const to = traveler.email || (await accountEmailOf(d.db, booking.user_id));
          if (to) {
            const language = booking.language ?? (await holderLanguage(d.db, booking.org_id, booking.user_id));
            const named = await withProductName(d.db, booking, language);
            const token = await reviewToken(d.key, booking.org_id, booking.booking_ref);
            const site = await originOf(d, claim.site, booking.org_id);
            const link = `${site}/review?booking=${encodeURIComponent(booking.booking_ref)}&token=${token}`;
            const brand = await mailBrandOf(d.db, booking.org_id, site);
            await d.mailer(booking.org_id).send(
              reviewInvitationMail({ to, firstName: traveler.first_name ?? '', brand, product: named.product_name, city: named.city, checkIn: booking.check_in, checkOut: booking.check_out, link, language }),
            );
            counts.sent += 1;
          }
        }
      } catch (err) {
        d.failed?.('review.invitation', err);
        counts.failed += 1;
        await releaseInvitation(d.db, bookingId).catch((again) => d.failed?.('review.invitation.release', again));
        continue;
      }
      await markInvitationSent(d.db, bookingId);
    } catch (err) {
      d.failed?.('review.invitation', err);
      counts.failed += 1;
    }
  }
  return counts;
}
