// Product photographs (docs/contract.md#photos): the public image addresses, and the console's photo management for
// the org's admins (upload, alt text, order, removal). Thin: validate, flow, reply.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { requestLanguage } from '../http/language';
import { notFound } from '../errors';
import { jsonBody } from '../validate';
import { dataOf, doc } from '../http/openapi';
import { addPhoto, adminPhotos, adminProducts, changeAlt, orderPhotos, photoVariant, removePhoto } from '../flows/photos';
import { isPhotoKey, PHOTO_MSG, PHOTO_WIDTHS } from '../../src/shared/rules/photos';
import { ProductIdSchema } from '../../src/shared/contract/booking';
import { AdminPhotoSchema, AdminProductSchema, PhotoAltSchema, PhotoIdSchema, PhotoOrderSchema } from '../../src/shared/contract/photos';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const YEAR_SECONDS = 31_536_000;

function productParam(c: C): number {
  const id = ProductIdSchema.safeParse(c.req.param('product_id'));
  if (!id.success) throw notFound(PHOTO_MSG.noSuchProduct);
  return id.data;
}
const photoParam = (c: C) => {
  const id = PhotoIdSchema.safeParse(c.req.param('photo_id'));
  if (!id.success) throw notFound(PHOTO_MSG.noSuchPhoto);
  return id.data;
};

const PhotosReplySchema = dataOf(z.object({ product: z.object({ product_id: z.number(), type: z.string(), name: z.string(), city: z.string() }), photos: z.array(AdminPhotoSchema) }));

export const images = new Hono<AppEnv>().get('/images/:key/:width', doc({ summary: 'A product photo at one width, in the best format the Accept header names (AVIF, WebP, else JPEG)', media: 'image/avif' }), async (c) => {
  const key = c.req.param('key');
  const width = Number(c.req.param('width'));
  if (!isPhotoKey(key) || !(PHOTO_WIDTHS as readonly number[]).includes(width)) throw notFound(PHOTO_MSG.noSuchImage);
  const variant = await photoVariant(c.env, key, width, c.req.header('accept'));
  if (!variant) throw notFound(PHOTO_MSG.noSuchImage);
  const etag = `"${key.slice(0, 16)}-${width}-${variant.type.slice(6)}"`;
  // The address names the bytes (their SHA-256), so every copy may be kept for good; the format follows Accept.
  const headers = { 'Content-Type': variant.type, 'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`, Vary: 'Accept', ETag: etag };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(variant.object.body, 200, { ...headers, 'Content-Length': String(variant.object.size) });
});

/** The org, with the language its console reader reads (product names are translated content). */
const readerOrg = (c: Context<AppEnv>) => ({ ...c.get('org'), shown: requestLanguage(c) });

export const productPhotos = new Hono<AppEnv>()
  .use('/products', requireRole('admin'))
  .use('/products/*', requireRole('admin'))
  .get('/products', doc({ summary: 'The org’s products with their photo counts', reply: dataOf(z.array(AdminProductSchema)) }), async (c) => c.json({ data: await adminProducts(c.env.DB, readerOrg(c)) }))
  .get('/products/:product_id/photos', doc({ reply: PhotosReplySchema }), async (c) => c.json({ data: await adminPhotos(c.env.DB, readerOrg(c), productParam(c)) }))
  .post('/products/:product_id/photos', doc({ summary: 'Uploads a photo: the body is the image itself (JPEG, PNG, WebP or AVIF, at most 8 MiB)', reply: PhotosReplySchema, status: 201 }), async (c) => {
    const productId = productParam(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json({ data: await addPhoto(c.env.DB, c.env, readerOrg(c), actorOf(c), productId, bytes) }, 201);
  })
  .put('/products/:product_id/photos/order', doc({ body: PhotoOrderSchema, reply: PhotosReplySchema }), async (c) => {
    const productId = productParam(c);
    const { photo_ids } = await jsonBody(c, PhotoOrderSchema);
    return c.json({ data: await orderPhotos(c.env.DB, readerOrg(c), actorOf(c), productId, photo_ids) });
  })
  .patch('/products/:product_id/photos/:photo_id', doc({ body: PhotoAltSchema, reply: PhotosReplySchema }), async (c) => {
    const productId = productParam(c);
    const photoId = photoParam(c);
    return c.json({ data: await changeAlt(c.env.DB, readerOrg(c), actorOf(c), productId, photoId, await jsonBody(c, PhotoAltSchema)) });
  })
  .delete('/products/:product_id/photos/:photo_id', doc({ reply: PhotosReplySchema }), async (c) => {
    const productId = productParam(c);
    return c.json({ data: await removePhoto(c.env.DB, readerOrg(c), actorOf(c), productId, photoParam(c)) });
  });
