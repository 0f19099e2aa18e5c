// Product photographs (docs/decisions/0032-photographs.md): the widths made at upload, their addresses, and the upload's limits.
import type { Language } from '../i18n/types';

/** Every photo is stored at these widths (never enlarged), each as AVIF, WebP and JPEG. */
export const PHOTO_WIDTHS = [480, 800, 1200, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The width an `src` names (a browser without srcset support still gets a sensible one). */
export const DEFAULT_PHOTO_WIDTH: PhotoWidth = 800;
/** The width a results card's photo takes: the card's `sizes`, and the first card's preload (results-start.ts). */
export const RESULT_CARD_SIZES = '(min-width: 768px) 240px, 100vw';
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_MIN_WIDTH = 640;
export const PHOTO_MIN_HEIGHT = 400;
export const PHOTOS_PER_PRODUCT = 12;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const ALT_MAX = 200;

export const PHOTO_MSG = {
  tooLarge: 'The photo is larger than 8 MiB',
  empty: 'Choose a photo to upload',
  notImage: 'The file is not a JPEG, PNG, WebP or AVIF image',
  unreadable: 'The image could not be read: it may be damaged',
  tooSmall: `The photo must be at least ${PHOTO_MIN_WIDTH} × ${PHOTO_MIN_HEIGHT} pixels`,
  full: `A product holds at most ${PHOTOS_PER_PRODUCT} photos: remove one first`,
  noSuchProduct: 'No such product',
  noSuchPhoto: 'No such photo',
  noSuchImage: 'No such image',
  orderMismatch: 'The order must list every photo of the product once',
} as const;

const KEY = /^[0-9a-f]{64}$/;
export const isPhotoKey = (key: string) => KEY.test(key);
export const photoUrl = (key: string, width: number = DEFAULT_PHOTO_WIDTH) => `/api/images/${key}/${width}`;
const URL_RE = /^\/api\/images\/([0-9a-f]{64})\/\d+$/;

/** A stored photo's address at another width; anything else unchanged. */
export function photoAtWidth(src: string, width: PhotoWidth): string {
  const key = URL_RE.exec(src)?.[1];
  return key ? photoUrl(key, width) : src;
}

/** The srcset of a stored photo's address; empty for anything else (an older drawing keeps its one src). */
export function photoSrcset(src: string): string {
  const key = URL_RE.exec(src)?.[1];
  return key ? PHOTO_WIDTHS.map((w) => `${photoUrl(key, w)} ${w}w`).join(', ') : '';
}

/** The first bytes of each accepted type: the file name and the claimed type are never trusted. */
export function sniffPhotoType(bytes: Uint8Array): (typeof PHOTO_TYPES)[number] | null {
  const at = (i: number, s: string) => [...s].every((ch, k) => bytes[i + k] === ch.charCodeAt(0));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes[0] === 0x89 && at(1, 'PNG\r\n\x1a\n')) return 'image/png';
  if (bytes.length >= 12 && at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  if (bytes.length >= 12 && at(4, 'ftyp') && (at(8, 'avif') || at(8, 'avis'))) return 'image/avif';
  return null;
}

export type AltTexts = Partial<Record<Language, string>>;

/** A photo's alt text in a language: that language's, else the org's default language's, else the product's name. */
export function altFor(alt: AltTexts, lang: Language, fallbackLang: Language, name: string): string {
  return alt[lang]?.trim() || alt[fallbackLang]?.trim() || name;
}
