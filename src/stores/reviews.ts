// Verified reviews as the islands call them (docs/contract.md#after-booking): writing one, a product's reviews, and the
// console's list and moderation. Typed by the routes' own declarations (./api.ts).
import { request, type ApiBody } from './api';

export const submitReview = async (review: ApiBody<'/api/reviews', '$post'>) => (await request('$post', '/api/reviews', { body: review })).data;

export const loadProductReviews = (productId: number, page = 1) => request('$get', '/api/products/:product_id/reviews', { param: { product_id: productId }, query: { page } });

export const loadConsoleReviews = (page: number) => request('$get', '/api/admin/reviews', { query: { page } });

export const moderateReview = async (id: number, change: ApiBody<'/api/admin/reviews/:id', '$patch'>) =>
  (await request('$patch', '/api/admin/reviews/:id', { param: { id }, body: change })).data;
