// Product photographs (docs/contract.md#photos): the public image addresses, and the console's photo management for
// the org's admins (upload, alt text, order, removal). Thin: validate, flow, reply.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { requestLanguage } from '../http/language';
import { notFound } from '../errors';
import { access, body, createRoute, dataOf, empty, json, refusals, RevalidationHeaders, router, unknownInPath } from '../http/route';
import { addPhoto, adminPhotos, adminProducts, changeAlt, orderPhotos, photoVariant, removePhoto } from '../flows/photos';
import { PHOTO_MSG } from '../../src/shared/rules/photos';
import { ProductIdSchema } from '../../src/shared/contract/booking';
import {
  AdminProductSchema, ImageBytesSchema, ImageParamsSchema, PHOTO_UPLOAD_TYPES, PhotoAltSchema, PhotoIdSchema, PhotoOrderSchema, ProductPhotosSchema,
} from '../../src/shared/contract/photos';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const YEAR_SECONDS = 31_536_000;

/** A product id or photo id in the path that names nothing valid is 404, as one that finds nothing. */
const unknownIds = unknownInPath({ product_id: PHOTO_MSG.noSuchProduct, photo_id: PHOTO_MSG.noSuchPhoto });
const ProductParams = z.object({ product_id: ProductIdSchema });
const PhotoParams = z.object({ product_id: ProductIdSchema, photo_id: PhotoIdSchema });
const PhotosReplySchema = dataOf(ProductPhotosSchema);
const imageBytes = { schema: ImageBytesSchema };

const imageRoutes = {
  image: createRoute({
    method: 'get', path: '/images/{key}/{width}', summary: 'A product photo at one width, in the best format the Accept header names (AVIF, WebP, else JPEG)', ...access('none'),
    request: { params: ImageParamsSchema, headers: RevalidationHeaders.extend({ accept: z.string().optional() }) },
    responses: {
      200: { content: { 'image/avif': imageBytes, 'image/webp': imageBytes, 'image/jpeg': imageBytes }, description: 'The image' },
      304: empty('Not modified (If-None-Match names the ETag)'),
      ...refusals,
    },
  }),
};

export const images = router().openapi(
  imageRoutes.image,
  async (c) => {
    const { key, width } = c.req.valid('param');
    const headers = c.req.valid('header');
    const variant = await photoVariant(c.env, key, width, headers.accept);
    if (!variant) throw notFound(PHOTO_MSG.noSuchImage);
    const etag = `"${key.slice(0, 16)}-${width}-${variant.type.slice(6)}"`;
    // The address names the bytes (their SHA-256), so every copy may be kept for good; the format follows Accept.
    const cache = { 'Content-Type': variant.type, 'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`, Vary: 'Accept', ETag: etag };
    if (headers['if-none-match'] === etag) return c.body(null, 304, cache);
    return c.body(variant.object.body, 200, { ...cache, 'Content-Length': String(variant.object.size) });
  },
  unknownInPath({ key: PHOTO_MSG.noSuchImage, width: PHOTO_MSG.noSuchImage }),
);

/** The org, with the language its console reader reads (product names are translated content). */
const readerOrg = (c: Context<AppEnv>) => ({ ...c.get('org'), shown: requestLanguage(c) });

const routes = {
  products: createRoute({
    method: 'get', path: '/products', summary: 'The org’s products with their photo counts', ...access('admin'),
    responses: { 200: json(dataOf(z.array(AdminProductSchema))), ...refusals },
  }),
  photos: createRoute({
    method: 'get', path: '/products/{product_id}/photos', summary: 'A product’s photos in their order', ...access('admin'),
    request: { params: ProductParams },
    responses: { 200: json(PhotosReplySchema), ...refusals },
  }),
  upload: createRoute({
    method: 'post', path: '/products/{product_id}/photos', summary: 'Uploads a photo: the body is the image itself (JPEG, PNG, WebP or AVIF, at most 8 MiB)', ...access('admin'),
    request: {
      params: ProductParams,
      body: {
        description: 'The image’s bytes; what they are is read from the bytes, whatever the Content-Type says',
        content: Object.fromEntries(PHOTO_UPLOAD_TYPES.map((type) => [type, imageBytes])),
        required: true,
      },
    },
    responses: { 201: json(PhotosReplySchema, 'Stored'), ...refusals },
  }),
  order: createRoute({
    method: 'put', path: '/products/{product_id}/photos/order', summary: 'Puts a product’s photos in a new order', ...access('admin'),
    request: { params: ProductParams, body: body(PhotoOrderSchema) },
    responses: { 200: json(PhotosReplySchema), ...refusals },
  }),
  alt: createRoute({
    method: 'patch', path: '/products/{product_id}/photos/{photo_id}', summary: 'Changes a photo’s alt text', ...access('admin'),
    request: { params: PhotoParams, body: body(PhotoAltSchema) },
    responses: { 200: json(PhotosReplySchema), ...refusals },
  }),
  remove: createRoute({
    method: 'delete', path: '/products/{product_id}/photos/{photo_id}', summary: 'Removes a photo', ...access('admin'),
    request: { params: PhotoParams },
    responses: { 200: json(PhotosReplySchema), ...refusals },
  }),
};

const guarded = router();
guarded.use('/products', requireRole('admin'));
guarded.use('/products/*', requireRole('admin'));

export const productPhotos = guarded
  .openapi(routes.products, async (c) => c.json({ data: await adminProducts(c.env.DB, readerOrg(c)) }, 200))
  .openapi(routes.photos, async (c) => c.json({ data: await adminPhotos(c.env.DB, readerOrg(c), c.req.valid('param').product_id) }, 200), unknownIds)
  .openapi(
    routes.upload,
    async (c) => {
      const { product_id } = c.req.valid('param');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json({ data: await addPhoto(c.env.DB, c.env, readerOrg(c), actorOf(c), product_id, bytes) }, 201);
    },
    unknownIds,
  )
  .openapi(
    routes.order,
    async (c) => {
      const { product_id } = c.req.valid('param');
      const { photo_ids } = c.req.valid('json');
      return c.json({ data: await orderPhotos(c.env.DB, readerOrg(c), actorOf(c), product_id, photo_ids) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.alt,
    async (c) => {
      const { product_id, photo_id } = c.req.valid('param');
      return c.json({ data: await changeAlt(c.env.DB, readerOrg(c), actorOf(c), product_id, photo_id, c.req.valid('json')) }, 200);
    },
    unknownIds,
  )
  .openapi(
    routes.remove,
    async (c) => {
      const { product_id, photo_id } = c.req.valid('param');
      return c.json({ data: await removePhoto(c.env.DB, readerOrg(c), actorOf(c), product_id, photo_id) }, 200);
    },
    unknownIds,
  );
