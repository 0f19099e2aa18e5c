// Verified reviews (docs/contract.md#after-booking): writing one (by the mailed link's token or as the booking's owner),
// a product's reviews, the console's list and moderation; and the certificate modal's "Use this certificate". Thin:
// validate, flow, reply.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, signedInUser } from '../http/session';
import { requireRole } from '../http/require-role';
import { deps } from '../http/deps';
import { rateKey } from '../flows/rates';
import { moderate, productReviews, reviewsForConsole, submitReview } from '../flows/reviews';
import { issueDefaultCertificate } from '../flows/wallet';
import { ProductIdSchema } from '../../src/shared/contract/booking';
import { CardEntrySchema } from '../../src/shared/contract/booking';
import {
  AdminReviewSchema, AdminReviewsReplySchema, IssueDefaultCertificateSchema, ProductReviewsReplySchema, REVIEW_MSG, ReviewCreateSchema, ReviewCreatedSchema,
  ReviewIdSchema, ReviewModerationSchema, ReviewsPageQuerySchema,
} from '../../src/shared/contract/reviews';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const reviewDeps = (c: C) => ({ ...deps(c), key: rateKey(c.env) });

const routes = {
  create: createRoute({
    method: 'post', path: '/reviews', summary: 'Reviews a stay booked here, once per booking (the mailed link’s token, or the booking’s signed-in owner)', ...access('optional'),
    request: { body: body(ReviewCreateSchema) },
    responses: { 201: json(dataOf(ReviewCreatedSchema), 'Reviewed'), ...refusals },
  }),
  ofProduct: createRoute({
    method: 'get', path: '/products/{product_id}/reviews', summary: 'A product’s review count and score and a page of its reviews (first names only)', ...access('none'),
    request: { params: z.object({ product_id: ProductIdSchema }), query: ReviewsPageQuerySchema },
    responses: { 200: json(ProductReviewsReplySchema), ...refusals },
  }),
  defaultCertificate: createRoute({
    method: 'post', path: '/wallet/default-certificate', summary: 'Issues the org’s certificate on offer to the caller for the booking being made (once per issue key)', ...access('user'),
    request: { body: body(IssueDefaultCertificateSchema) },
    responses: { 200: json(dataOf(CardEntrySchema), 'Issued before under this key'), 201: json(dataOf(CardEntrySchema), 'Issued'), ...refusals },
  }),
};

export const reviews = router()
  .openapi(routes.create, async (c) => {
    const user = await currentUser(c);
    return c.json({ data: await submitReview(reviewDeps(c), c.req.valid('json'), user?.id ?? null) }, 201);
  })
  .openapi(
    routes.ofProduct,
    async (c) => {
      const { product_id } = c.req.valid('param');
      return c.json(await productReviews(deps(c), product_id, c.req.valid('query').page ?? 1), 200);
    },
    unknownInPath({ product_id: REVIEW_MSG.noProduct }),
  )
  .openapi(routes.defaultCertificate, async (c) => {
    const { payment_card_id, issue_key } = c.req.valid('json');
    const { card, issued } = await issueDefaultCertificate(deps(c), await signedInUser(c), payment_card_id, issue_key);
    return issued ? c.json({ data: card }, 201) : c.json({ data: card }, 200);
  });

const consoleRoutes = {
  list: createRoute({
    method: 'get', path: '/reviews', summary: 'The org’s reviews, hidden ones too, newest first', ...access('admin'),
    request: { query: ReviewsPageQuerySchema },
    responses: { 200: json(AdminReviewsReplySchema), ...refusals },
  }),
  moderate: createRoute({
    method: 'patch', path: '/reviews/{id}', summary: 'Hides or shows a review with a reason (audited)', ...access('admin'),
    request: { params: z.object({ id: ReviewIdSchema }), body: body(ReviewModerationSchema) },
    responses: { 200: json(dataOf(AdminReviewSchema)), ...refusals },
  }),
};

const guarded = router();
guarded.use('*', requireRole('admin'));

const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });

export const adminReviews = guarded
  .openapi(consoleRoutes.list, async (c) => c.json(await reviewsForConsole(c.env.DB, c.get('org').id, c.req.valid('query').page ?? 1), 200))
  .openapi(
    consoleRoutes.moderate,
    async (c) => c.json({ data: await moderate(c.env.DB, c.get('org').id, actorOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    unknownInPath(REVIEW_MSG.noReview),
  );
