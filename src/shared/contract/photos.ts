// Product photographs on the wire (docs/contract.md#photos): the console's forms and the galleries' replies.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';
import { ALT_MAX, PHOTOS_PER_PRODUCT, PHOTO_MSG, PHOTO_TYPES, PHOTO_WIDTHS, isPhotoKey } from '../rules/photos';

export const ALT_MSG = `Alt text is at most ${ALT_MAX} characters of plain text`;
const altText = z.string(ALT_MSG).trim().max(ALT_MAX, ALT_MSG).refine((s) => !/[<>]/.test(s), ALT_MSG);

/** Alt text per language; a language left out or empty falls back to the org's default language. */
export const PhotoAltSchema = z.strictObject(
  { alt: z.strictObject(Object.fromEntries(LANGUAGES.map((l) => [l, altText.optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<typeof altText>>, 'Alt text is given per language: en-US, fr-FR, es-ES') },
  'Send { "alt": { "en-US": "…", "fr-FR": "…", "es-ES": "…" } }',
);
export type PhotoAlt = z.output<typeof PhotoAltSchema>;

export const PhotoIdSchema = z.coerce.number(PHOTO_MSG.noSuchPhoto).int(PHOTO_MSG.noSuchPhoto).positive(PHOTO_MSG.noSuchPhoto).max(2 ** 31);

/** An image's address: the SHA-256 of the uploaded bytes and one of the stored widths. */
export const ImageParamsSchema = z.object({
  key: z.string().refine(isPhotoKey, PHOTO_MSG.noSuchImage).meta({ description: 'The SHA-256 of the uploaded bytes, in hex' }),
  width: z.coerce.number(PHOTO_MSG.noSuchImage).pipe(z.literal(PHOTO_WIDTHS, PHOTO_MSG.noSuchImage)).meta({ description: `One of the stored widths: ${PHOTO_WIDTHS.join(', ')}` }),
});

/** An image's own bytes, as an upload sends them and an image address answers them. */
export const ImageBytesSchema = z.string().meta({ format: 'binary' });

/** The upload's body: the image itself, whatever type its name or Content-Type claims (the server reads the bytes). */
export const PHOTO_UPLOAD_TYPES = [...PHOTO_TYPES, 'application/octet-stream'] as const;

export const PhotoOrderSchema = z.strictObject(
  {
    photo_ids: z
      .array(z.number(PHOTO_MSG.orderMismatch).int(PHOTO_MSG.orderMismatch).positive(PHOTO_MSG.orderMismatch), PHOTO_MSG.orderMismatch)
      .min(1, PHOTO_MSG.orderMismatch)
      .max(PHOTOS_PER_PRODUCT, PHOTO_MSG.orderMismatch)
      .refine((ids) => new Set(ids).size === ids.length, PHOTO_MSG.orderMismatch),
  },
  'Send { "photo_ids": [ … ] }',
);

const altByLanguage = z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<(typeof LANGUAGES)[number], z.ZodString>);

/** One photo as a gallery shows it: alt text resolved for every language (falling back to the org's default). */
export const ProductPhotoSchema = z.object({
  photo_id: z.number(),
  src: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
  alt: altByLanguage,
});
export type ProductPhoto = z.output<typeof ProductPhotoSchema>;

/** One photo as the console edits it: the alt text as written (empty where none). */
export const AdminPhotoSchema = ProductPhotoSchema.extend({ alt_written: altByLanguage, position: z.number() });
export type AdminPhoto = z.output<typeof AdminPhotoSchema>;

/** A product in the console's list: its code and status, whether something of it can be sold, its photos. */
export const AdminProductSchema = z.object({
  product_id: z.number(),
  code: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  bookable: z.boolean(),
  type: z.string(),
  name: z.string(),
  city: z.string(),
  photos: z.number(),
  cover: z.string(),
});
export type AdminProduct = z.output<typeof AdminProductSchema>;

/** A product and its photos, as the console's photo routes answer after every change. */
export const ProductPhotosSchema = z.object({
  product: z.object({ product_id: z.number(), type: z.string(), name: z.string(), city: z.string() }),
  photos: z.array(AdminPhotoSchema),
});
export type ProductPhotos = z.output<typeof ProductPhotosSchema>;
