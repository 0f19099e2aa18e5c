// The console's inventory (/api/admin/products/*, docs/contract.md#rooms-rates-and-availability): an admin creates and
// edits the org's products, their room types and rate plans, and sets their nights in ranges. The product list and the
// photos are the photo router's (functions/routes/photos.ts). Thin: validate, flow, reply.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';
import {
  addPlan, addRoom, ariGrid, changeAri, changePlan, changeProduct, changeRoom, createProduct, productDetail, removePlan, removeRoom,
} from '../flows/inventory';
import { ProductIdSchema } from '../../src/shared/contract/booking';
import {
  AdminProductDetailSchema, AriBodySchema, AriChangedSchema, AriGridSchema, AriQuerySchema, ariRange, INVENTORY_MSG, ProductCreateSchema, ProductPatchSchema,
  RatePlanCreateSchema, RatePlanIdSchema, RatePlanPatchSchema, RatePlanRemovedSchema, RatePlanSchema, RoomCreateSchema, RoomIdSchema, RoomPatchSchema,
  RoomRemovedSchema, RoomTypeSchema,
} from '../../src/shared/contract/inventory';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgOf = (c: C) => c.get('org');

const ProductParams = z.object({ product_id: ProductIdSchema });
const RoomParams = z.object({ product_id: ProductIdSchema, room_id: RoomIdSchema });
const PlanParams = z.object({ product_id: ProductIdSchema, rate_plan_id: RatePlanIdSchema });
/** An id in the path that names nothing valid is a 404, as one that finds nothing (the product before its room or plan). */
const unknownIds = unknownInPath({ product_id: INVENTORY_MSG.noSuchProduct, room_id: INVENTORY_MSG.noSuchRoom, rate_plan_id: INVENTORY_MSG.noSuchPlan });

const routes = {
  createProduct: createRoute({
    method: 'post', path: '/products', summary: 'Creates a product (its code P<id> unless one is given; audited)', ...access('admin'),
    request: { body: body(ProductCreateSchema) },
    responses: { 201: json(dataOf(AdminProductDetailSchema), 'Created'), ...refusals },
  }),
  product: createRoute({
    method: 'get', path: '/products/{product_id}', summary: 'A product as the console edits it, with its room types and rate plans', ...access('admin'),
    request: { params: ProductParams },
    responses: { 200: json(dataOf(AdminProductDetailSchema)), ...refusals },
  }),
  changeProduct: createRoute({
    method: 'patch', path: '/products/{product_id}', summary: 'Changes a product’s fields or status (audited)', ...access('admin'),
    request: { params: ProductParams, body: body(ProductPatchSchema) },
    responses: { 200: json(dataOf(AdminProductDetailSchema)), ...refusals },
  }),
  addRoom: createRoute({
    method: 'post', path: '/products/{product_id}/rooms', summary: 'Adds a room type to a hotel, resort or stay (audited)', ...access('admin'),
    request: { params: ProductParams, body: body(RoomCreateSchema) },
    responses: { 201: json(dataOf(RoomTypeSchema), 'Added'), ...refusals },
  }),
  changeRoom: createRoute({
    method: 'patch', path: '/products/{product_id}/rooms/{room_id}',
    summary: 'Changes a room type; one with bookings still to come cannot shrink (409; audited)', ...access('admin'),
    request: { params: RoomParams, body: body(RoomPatchSchema) },
    responses: { 200: json(dataOf(RoomTypeSchema)), ...refusals },
  }),
  removeRoom: createRoute({
    method: 'delete', path: '/products/{product_id}/rooms/{room_id}',
    summary: 'Removes a room type and its nights; one with bookings still to come is kept (409; audited)', ...access('admin'),
    request: { params: RoomParams },
    responses: { 200: json(dataOf(RoomRemovedSchema)), ...refusals },
  }),
  addPlan: createRoute({
    method: 'post', path: '/products/{product_id}/rate-plans', summary: 'Adds a rate plan selling some of the product’s room types (audited)', ...access('admin'),
    request: { params: ProductParams, body: body(RatePlanCreateSchema) },
    responses: { 201: json(dataOf(RatePlanSchema), 'Added'), ...refusals },
  }),
  changePlan: createRoute({
    method: 'patch', path: '/products/{product_id}/rate-plans/{rate_plan_id}',
    summary: 'Changes a rate plan; it keeps selling the room types its bookings still to come use (409; audited)', ...access('admin'),
    request: { params: PlanParams, body: body(RatePlanPatchSchema) },
    responses: { 200: json(dataOf(RatePlanSchema)), ...refusals },
  }),
  removePlan: createRoute({
    method: 'delete', path: '/products/{product_id}/rate-plans/{rate_plan_id}',
    summary: 'Removes a rate plan and its nights; one with bookings still to come is kept (409; audited)', ...access('admin'),
    request: { params: PlanParams },
    responses: { 200: json(dataOf(RatePlanRemovedSchema)), ...refusals },
  }),
  ari: createRoute({
    method: 'get', path: '/products/{product_id}/ari',
    summary: 'The calendar from one night to another (both included, at most 400): each room type’s rooms for sale and each plan’s rate', ...access('admin'),
    request: { params: ProductParams, query: AriQuerySchema },
    responses: { 200: json(dataOf(AriGridSchema)), ...refusals },
  }),
  changeAri: createRoute({
    method: 'post', path: '/products/{product_id}/ari',
    summary: 'Sets ranges of nights (price, rooms, stays, closures, stop sell), all of them or none (audited)', ...access('admin'),
    request: { params: ProductParams, body: body(AriBodySchema) },
    responses: { 200: json(dataOf(AriChangedSchema)), ...refusals },
  }),
};

const guarded = router();
guarded.use('/products', requireRole('admin'));
guarded.use('/products/*', requireRole('admin'));

export const adminInventory = guarded
  .openapi(routes.createProduct, async (c) => c.json({ data: await createProduct(c.env.DB, orgOf(c), actorOf(c), c.req.valid('json')) }, 201))
  .openapi(routes.product, async (c) => c.json({ data: await productDetail(c.env.DB, orgOf(c), c.req.valid('param').product_id) }, 200), unknownIds)
  .openapi(
    routes.changeProduct,
    async (c) => c.json({ data: await changeProduct(c.env.DB, orgOf(c), actorOf(c), c.req.valid('param').product_id, c.req.valid('json')) }, 200),
    unknownIds,
  )
  .openapi(routes.addRoom, async (c) => c.json({ data: await addRoom(c.env.DB, orgOf(c), actorOf(c), c.req.valid('param').product_id, c.req.valid('json')) }, 201), unknownIds)
  .openapi(
    routes.changeRoom,
    async (c) => {
      const { product_id, room_id } = c.req.valid('param');
      return c.json({ data: await changeRoom(c.env.DB, orgOf(c), actorOf(c), product_id, room_id, c.req.valid('json')) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.removeRoom,
    async (c) => {
      const { product_id, room_id } = c.req.valid('param');
      return c.json({ data: await removeRoom(c.env.DB, orgOf(c), actorOf(c), product_id, room_id) }, 200);
    },
    unknownIds,
  )
  .openapi(routes.addPlan, async (c) => c.json({ data: await addPlan(c.env.DB, orgOf(c), actorOf(c), c.req.valid('param').product_id, c.req.valid('json')) }, 201), unknownIds)
  .openapi(
    routes.changePlan,
    async (c) => {
      const { product_id, rate_plan_id } = c.req.valid('param');
      return c.json({ data: await changePlan(c.env.DB, orgOf(c), actorOf(c), product_id, rate_plan_id, c.req.valid('json')) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.removePlan,
    async (c) => {
      const { product_id, rate_plan_id } = c.req.valid('param');
      return c.json({ data: await removePlan(c.env.DB, orgOf(c), actorOf(c), product_id, rate_plan_id) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.ari,
    async (c) => {
      const { from, to } = ariRange(c.req.valid('query'));
      return c.json({ data: await ariGrid(c.env.DB, orgOf(c), c.req.valid('param').product_id, from, to) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.changeAri,
    async (c) => c.json({ data: await changeAri(c.env.DB, orgOf(c), actorOf(c), c.req.valid('param').product_id, c.req.valid('json')) }, 200),
    unknownIds,
  );
