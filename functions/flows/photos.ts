// Product photographs (docs/decisions/0032-photographs.md): an upload checked from its bytes, made into every width
// and format once (Cloudflare Images) and kept in R2 under its SHA-256; the galleries' and the console's views of them.
import { ApiError, conflict, notFound, refuse } from '../errors';
import { toHex } from '../lib/crypto';
import type { Actor } from '../db/console';
import { productNames, productTexts } from '../db/content';
import { deletePhoto, insertPhoto, photosOf, productOfOrg, productsWithPhotoCounts, reorderPhotos, updateAlt, type PhotoRow } from '../db/photos';
import { LANGUAGES, type Language } from '../../src/shared/i18n/types';
import {
  altFor, PHOTOS_PER_PRODUCT, PHOTO_MAX_BYTES, PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH, PHOTO_MSG, PHOTO_WIDTHS, photoSrcset, photoUrl, sniffPhotoType, type AltTexts,
} from '../../src/shared/rules/photos';
import type { AdminPhoto, AdminProduct, PhotoAlt, ProductPhoto } from '../../src/shared/contract/photos';

export interface PhotoStore { PHOTOS: R2Bucket; IMAGES: ImagesBinding }

/** The stored formats, best first: a browser gets the first its Accept header names. */
export const PHOTO_FORMATS = [
  { type: 'image/avif', ext: 'avif', quality: 55 },
  { type: 'image/webp', ext: 'webp', quality: 72 },
  { type: 'image/jpeg', ext: 'jpeg', quality: 78 },
] as const;
type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const variantKey = (key: string, width: number, ext: string) => `photos/${key}/${width}.${ext}`;
/** Written after every variant: its presence says the photo is complete (and holds the original's size). */
const readyKey = (key: string) => `photos/${key}/ready`;

export function formatFor(accept: string | undefined): PhotoFormat {
  const a = (accept ?? '').toLowerCase();
  return PHOTO_FORMATS.find((f) => a.includes(f.type)) ?? PHOTO_FORMATS[PHOTO_FORMATS.length - 1]!;
}

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Response(bytes).body!;

/**
 * The one ingest of a photograph, for the console's uploads and the bed bank import's photos alike (decision 0075):
 * checks the bytes alone and stores every width and format of it; returns its key and size.
 */
export async function storePhoto(store: PhotoStore, bytes: Uint8Array<ArrayBuffer>): Promise<{ key: string; width: number; height: number }> {
  if (bytes.byteLength === 0) throw refuse('file', PHOTO_MSG.empty);
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', PHOTO_MSG.tooLarge);
  const sniffed = sniffPhotoType(bytes);
  if (!sniffed) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_MSG.notImage);
  let info: ImageInfoResponse;
  try {
    info = await store.IMAGES.info(streamOf(bytes));
  } catch {
    throw refuse('file', PHOTO_MSG.unreadable);
  }
  if (!('width' in info) || info.format !== sniffed) throw refuse('file', PHOTO_MSG.unreadable);
  if (info.width < PHOTO_MIN_WIDTH || info.height < PHOTO_MIN_HEIGHT) throw refuse('file', PHOTO_MSG.tooSmall);
  const key = toHex(await crypto.subtle.digest('SHA-256', bytes));
  // The same bytes uploaded again (or to another product) are already stored: content-addressed, never rewritten.
  if (!(await store.PHOTOS.head(readyKey(key)))) {
    // Never enlarged: every width at or over the original's is the same image, made once and kept under each width.
    const made = new Map<number, number[]>();
    for (const width of PHOTO_WIDTHS) {
      const madeAt = Math.min(width, info.width);
      made.set(madeAt, [...(made.get(madeAt) ?? []), width]);
    }
    try {
      await Promise.all(
        [...made].flatMap(([width, widths]) =>
          PHOTO_FORMATS.map(async (f) => {
            const out = await store.IMAGES.input(streamOf(bytes)).transform({ width, fit: 'scale-down' }).output({ format: f.type, quality: f.quality });
            const variant = await out.response().arrayBuffer();
            await Promise.all(widths.map((w) => store.PHOTOS.put(variantKey(key, w, f.ext), variant, { httpMetadata: { contentType: f.type } })));
          }),
        ),
      );
    } catch {
      throw refuse('file', PHOTO_MSG.unreadable);
    }
    await store.PHOTOS.put(readyKey(key), JSON.stringify({ width: info.width, height: info.height }), { httpMetadata: { contentType: 'application/json' } });
  }
  return { key, width: info.width, height: info.height };
}

/** One stored variant, in the format the browser prefers; null for a key or width never stored. */
export async function photoVariant(store: Pick<PhotoStore, 'PHOTOS'>, key: string, width: number, accept: string | undefined) {
  const format = formatFor(accept);
  const object = await store.PHOTOS.get(variantKey(key, width, format.ext));
  return object ? { object, type: format.type } : null;
}

const altTextsOf = (row: Pick<PhotoRow, 'alt'>): AltTexts => {
  try {
    return JSON.parse(row.alt) as AltTexts;
  } catch {
    return {};
  }
};

/** A photo as the galleries show it: every language's alt text, each falling back to the org's default language's. */
export function galleryPhoto(row: PhotoRow, defaultLanguage: string, productName: string): ProductPhoto {
  const alt = altTextsOf(row);
  const fallback = (LANGUAGES as readonly string[]).includes(defaultLanguage) ? (defaultLanguage as Language) : 'en-US';
  const src = photoUrl(row.image_key);
  return {
    photo_id: row.id,
    src,
    srcset: photoSrcset(src),
    width: row.width,
    height: row.height,
    alt: Object.fromEntries(LANGUAGES.map((l) => [l, altFor(alt, l, fallback, productName)])) as ProductPhoto['alt'],
  };
}

export async function productGallery(db: D1Database, org: { id: number; default_language: string }, product: { id: number; name: string }): Promise<ProductPhoto[]> {
  return (await photosOf(db, org.id, product.id)).map((row) => galleryPhoto(row, org.default_language, product.name));
}

async function productOrThrow(db: D1Database, orgId: number, productId: number) {
  const product = await productOfOrg(db, orgId, productId);
  if (!product) throw notFound(PHOTO_MSG.noSuchProduct);
  return product;
}

/** The org whose photos change, and the language the console reader reads (the product is named in it). */
export type PhotoOrg = { id: number; default_language: string; shown?: string };

/** The org's products with their photo counts, each named in the console reader's language where it is translated. */
export async function adminProducts(db: D1Database, org: PhotoOrg): Promise<AdminProduct[]> {
  const products = await productsWithPhotoCounts(db, org.id);
  // Named, and their city too, in the console's language (decision 0049).
  const texts = await productTexts(db, products.map((p) => p.id), org.shown ?? org.default_language, org.default_language);
  return products.map((p) => {
    let images: string[] = [];
    try {
      images = JSON.parse(p.images) as string[];
    } catch {}
    const text = texts.get(p.id);
    return { product_id: p.id, code: p.code, status: p.status, bookable: p.bookable === 1, type: p.type, name: text?.name ?? p.name, city: text?.city || p.city, photos: p.photos, cover: images[0] ?? '' };
  });
}

export async function adminPhotos(db: D1Database, org: PhotoOrg, productId: number) {
  const product = await productOrThrow(db, org.id, productId);
  const shownName = (await productNames(db, [product.id], org.shown ?? org.default_language, org.default_language)).get(product.id) ?? product.name;
  const rows = await photosOf(db, org.id, productId);
  const photos: AdminPhoto[] = rows.map((row) => {
    const written = altTextsOf(row);
    return { ...galleryPhoto(row, org.default_language, product.name), position: row.position, alt_written: Object.fromEntries(LANGUAGES.map((l) => [l, written[l] ?? ''])) as AdminPhoto['alt_written'] };
  });
  return { product: { product_id: product.id, type: product.type, name: shownName, city: product.city }, photos };
}

export async function addPhoto(db: D1Database, store: PhotoStore, org: PhotoOrg, actor: Actor, productId: number, bytes: Uint8Array<ArrayBuffer>) {
  await productOrThrow(db, org.id, productId);
  // A full gallery is refused before any image work; the insert checks the cap again, atomically.
  if ((await photosOf(db, org.id, productId)).length >= PHOTOS_PER_PRODUCT) throw conflict(PHOTO_MSG.full);
  const stored = await storePhoto(store, bytes);
  const id = await insertPhoto(db, org.id, actor, productId, { ...stored, alt: '{}' });
  if (id === null) throw conflict(PHOTO_MSG.full);
  return adminPhotos(db, org, productId);
}

export async function changeAlt(db: D1Database, org: PhotoOrg, actor: Actor, productId: number, photoId: number, body: PhotoAlt) {
  await productOrThrow(db, org.id, productId);
  const row = (await photosOf(db, org.id, productId)).find((p) => p.id === photoId);
  if (!row) throw notFound(PHOTO_MSG.noSuchPhoto);
  const alt = Object.fromEntries(Object.entries(body.alt).filter(([, v]) => v));
  if (!(await updateAlt(db, org.id, actor, productId, photoId, JSON.stringify(alt), row.alt))) throw notFound(PHOTO_MSG.noSuchPhoto);
  return adminPhotos(db, org, productId);
}

export async function orderPhotos(db: D1Database, org: PhotoOrg, actor: Actor, productId: number, ids: number[]) {
  await productOrThrow(db, org.id, productId);
  const before = (await photosOf(db, org.id, productId)).map((p) => p.id);
  if (!(await reorderPhotos(db, org.id, actor, productId, ids, before))) throw refuse('photo_ids', PHOTO_MSG.orderMismatch);
  return adminPhotos(db, org, productId);
}

export async function removePhoto(db: D1Database, org: PhotoOrg, actor: Actor, productId: number, photoId: number) {
  await productOrThrow(db, org.id, productId);
  if (!(await deletePhoto(db, org.id, actor, productId, photoId))) throw notFound(PHOTO_MSG.noSuchPhoto);
  return adminPhotos(db, org, productId);
}
