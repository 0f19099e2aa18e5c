// Product photographs on the wire (docs/contract.md#photos): the console's forms and the galleries' replies.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';
import { ALT_MAX, PHOTOS_PER_PRODUCT, PHOTO_MSG } from '../rules/photos';

export const ALT_MSG = `Alt text is at most ${ALT_MAX} characters of plain text`;
const altText = z.string(ALT_MSG).trim().max(ALT_MAX, ALT_MSG).refine((s) => !/[<>]/.test(s), ALT_MSG);

/** Alt text per language; a language left out or empty falls back to the org's default language. */
export const PhotoAltSchema = z.strictObject(
  { alt: z.strictObject(Object.fromEntries(LANGUAGES.map((l) => [l, altText.optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<typeof altText>>, 'Alt text is given per language: en-US, fr-FR, es-ES') },
  'Send { "alt": { "en-US": "…", "fr-FR": "…", "es-ES": "…" } }',
);
export type PhotoAlt = z.output<typeof PhotoAltSchema>;

export const PhotoIdSchema = z.coerce.number(PHOTO_MSG.noSuchPhoto).int(PHOTO_MSG.noSuchPhoto).positive(PHOTO_MSG.noSuchPhoto).max(2 ** 31);

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

export const AdminProductSchema = z.object({ product_id: z.number(), type: z.string(), name: z.string(), city: z.string(), photos: z.number(), cover: z.string() });
export type AdminProduct = z.output<typeof AdminProductSchema>;
