// Verified reviews (docs/contract.md#after-booking): the review a traveller writes of a stay booked here, the pages of
// them a product shows, and the console's moderation. Shared by the review page's form and the API's validation.
import { z } from 'zod';

/** The contract's messages of the reviews (the form shows its own labels for the same rules). */
export const REVIEW_MSG = {
  score: 'Choose a score from 1 to 10',
  text: 'Write your review (at most 2,000 characters)',
  title: 'Keep the title to 120 characters',
  reason: 'Say why (at most 300 characters)',
  notYours: 'Only the traveller of this booking can review it',
  notYet: 'This stay can be reviewed once it has checked out',
  notConfirmed: 'Only a confirmed stay can be reviewed',
  already: 'This booking has a review already',
  noReview: 'No such review',
  noProduct: 'No such product',
  noCertificate: 'No such certificate on offer',
} as const;

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;
export const REVIEWS_PER_PAGE = 10;
export const REVIEW_CATEGORIES = ['cleanliness', 'location', 'staff', 'value'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

const Score = z.number(REVIEW_MSG.score).int(REVIEW_MSG.score).min(1, REVIEW_MSG.score).max(10, REVIEW_MSG.score);

export const ReviewCategoriesSchema = z.object({ cleanliness: Score, location: Score, staff: Score, value: Score }).partial();
export type ReviewCategories = z.output<typeof ReviewCategoriesSchema>;

/** POST /api/reviews: the booking (its reference) and the mailed link's token, or the signed-in owner without one. */
export const ReviewCreateSchema = z.object({
  booking_id: z.string('Name the booking').trim().min(1, 'Name the booking').max(40),
  token: z.string().trim().max(200).optional(),
  score: Score,
  title: z.string().trim().max(REVIEW_TITLE_MAX, REVIEW_MSG.title).optional(),
  text: z.string(REVIEW_MSG.text).trim().min(1, REVIEW_MSG.text).max(REVIEW_TEXT_MAX, REVIEW_MSG.text),
  categories: ReviewCategoriesSchema.optional(),
});
export type ReviewCreate = z.output<typeof ReviewCreateSchema>;

/** What the public reads of a review: the first name and country, never an e-mail or a surname. */
export const PublicReviewSchema = z.object({
  review_id: z.number(),
  score: z.number(),
  title: z.string(),
  text: z.string(),
  first_name: z.string(),
  /** ISO 3166 alpha-2, or '' when the traveller's account names none. */
  country: z.string(),
  /** The month of the stay, YYYY-MM. */
  stayed: z.string(),
  categories: ReviewCategoriesSchema,
  /** The language the traveller wrote it in (the page's when they wrote it, e.g. fr-FR): a page in another marks it so. */
  language: z.string(),
});
export type PublicReview = z.output<typeof PublicReviewSchema>;

export const ReviewCreatedSchema = PublicReviewSchema.extend({ booking_id: z.string(), product_id: z.number(), created_at: z.string() });

/** GET /api/products/{id}/reviews: the product's stored count and score (of its visible reviews) and one page of them. */
export const ProductReviewsReplySchema = z.object({
  count: z.number(),
  /** The average of the visible reviews' scores to one decimal, null without any. */
  score: z.number().nullable(),
  page: z.number(),
  per_page: z.number(),
  data: z.array(PublicReviewSchema),
});
export type ProductReviews = z.output<typeof ProductReviewsReplySchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const ReviewsPageQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000).optional()),
});

/** A review as the console lists it, hidden ones too. */
export const AdminReviewSchema = PublicReviewSchema.extend({
  product_id: z.number(),
  product_name: z.string(),
  booking_id: z.string(),
  hidden: z.boolean(),
  hidden_reason: z.string(),
  created_at: z.string(),
});
export type AdminReview = z.output<typeof AdminReviewSchema>;

export const AdminReviewsReplySchema = z.object({ count: z.number(), page: z.number(), per_page: z.number(), data: z.array(AdminReviewSchema) });

export const ReviewIdSchema = z.coerce.number().int().positive().max(2 ** 31);

/** PATCH /api/admin/reviews/{id}: hide (with the reason, kept in the audit row) or show again. */
export const ReviewModerationSchema = z.object({
  hidden: z.boolean('Say whether the review is hidden'),
  reason: z.string(REVIEW_MSG.reason).trim().min(1, REVIEW_MSG.reason).max(300, REVIEW_MSG.reason),
});
export type ReviewModeration = z.output<typeof ReviewModerationSchema>;

/** POST /api/wallet/default-certificate: the org's certificate on offer, issued to the member for the booking being made. */
export const IssueDefaultCertificateSchema = z.object({
  payment_card_id: z.number('Choose the certificate').int().positive().max(2 ** 31),
  /** The certificate modal's key for this booking: the same key again is the same certificate. */
  issue_key: z.string('Send the issue key').trim().regex(/^[A-Za-z0-9-]{8,64}$/, 'Send the issue key'),
});
