// The console's inventory (docs/contract.md#rooms-rates-and-availability): the calls its product, room and calendar
// pages make through the typed client; the pages keep what they show.
import { request, type ApiBody, type ApiReply } from './api';

export type ProductDetail = ApiReply<'/api/admin/products/:product_id', '$get'>['data'];
export type ProductCreateBody = ApiBody<'/api/admin/products', '$post'>;
export type ProductPatchBody = ApiBody<'/api/admin/products/:product_id', '$patch'>;
export type RoomBody = ApiBody<'/api/admin/products/:product_id/rooms', '$post'>;
export type RoomPatchBody = ApiBody<'/api/admin/products/:product_id/rooms/:room_id', '$patch'>;
export type PlanBody = ApiBody<'/api/admin/products/:product_id/rate-plans', '$post'>;
export type PlanPatchBody = ApiBody<'/api/admin/products/:product_id/rate-plans/:rate_plan_id', '$patch'>;
export type AriBody = ApiBody<'/api/admin/products/:product_id/ari', '$post'>;
export type AriGrid = ApiReply<'/api/admin/products/:product_id/ari', '$get'>['data'];

export const loadProduct = async (productId: number) => (await request('$get', '/api/admin/products/:product_id', { param: { product_id: productId } })).data;

export const createProduct = async (body: ProductCreateBody) => (await request('$post', '/api/admin/products', { body })).data;

export const saveProduct = async (productId: number, body: ProductPatchBody) =>
  (await request('$patch', '/api/admin/products/:product_id', { param: { product_id: productId }, body })).data;

export const addRoom = async (productId: number, body: RoomBody) =>
  (await request('$post', '/api/admin/products/:product_id/rooms', { param: { product_id: productId }, body })).data;

export const saveRoom = async (productId: number, roomId: number, body: RoomPatchBody) =>
  (await request('$patch', '/api/admin/products/:product_id/rooms/:room_id', { param: { product_id: productId, room_id: roomId }, body })).data;

export const removeRoom = async (productId: number, roomId: number) =>
  (await request('$delete', '/api/admin/products/:product_id/rooms/:room_id', { param: { product_id: productId, room_id: roomId } })).data;

export const addPlan = async (productId: number, body: PlanBody) =>
  (await request('$post', '/api/admin/products/:product_id/rate-plans', { param: { product_id: productId }, body })).data;

export const savePlan = async (productId: number, planId: number, body: PlanPatchBody) =>
  (await request('$patch', '/api/admin/products/:product_id/rate-plans/:rate_plan_id', { param: { product_id: productId, rate_plan_id: planId }, body })).data;

export const removePlan = async (productId: number, planId: number) =>
  (await request('$delete', '/api/admin/products/:product_id/rate-plans/:rate_plan_id', { param: { product_id: productId, rate_plan_id: planId } })).data;

export const loadAri = async (productId: number, from: string, to: string) =>
  (await request('$get', '/api/admin/products/:product_id/ari', { param: { product_id: productId }, query: { from, to } })).data;

export const changeAri = async (productId: number, body: AriBody) =>
  (await request('$post', '/api/admin/products/:product_id/ari', { param: { product_id: productId }, body })).data;
