// Supply from a bed bank (docs/contract.md section 18, docs/decisions/0068-supplier-console-and-import.md): the console's
// supplier credentials and markup, and the content import's job. Request and reply schemas, shared with the island.
import { z } from 'zod';
import { SUPPLIERS, SUPPLIER_MSG } from './supplier-text';

export { SUPPLIERS, SUPPLIER_MSG, type Supplier } from './supplier-text';

export const SupplierParamsSchema = z.object({ supplier: z.enum(SUPPLIERS) });

/** PUT /api/admin/suppliers/{supplier}: the secret may be left out once one is kept (the kept one is checked again). */
export const SupplierSaveSchema = z.object({
  // Sent as a request header (Api-key): printable ASCII without spaces, as every supplier's keys are.
  api_key: z.string({ error: SUPPLIER_MSG.apiKey }).trim().min(1, SUPPLIER_MSG.apiKey).max(200, SUPPLIER_MSG.apiKey).regex(/^[\x21-\x7e]+$/, SUPPLIER_MSG.apiKey),
  secret: z.string({ error: SUPPLIER_MSG.secret }).trim().min(1, SUPPLIER_MSG.secret).max(200, SUPPLIER_MSG.secret).optional(),
  markup_percent: z.number({ error: SUPPLIER_MSG.markup }).min(0, SUPPLIER_MSG.markup).max(100, SUPPLIER_MSG.markup)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, SUPPLIER_MSG.markup),
  enabled: z.boolean({ error: SUPPLIER_MSG.enabled }),
});
export type SupplierSave = z.input<typeof SupplierSaveSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/** An import job as the console shows it: hotels imported of the supplier's total, when it started and ended, why it failed. */
export const SupplierImportSchema = z.object({
  job_id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  imported: z.number(),
  /** What the supplier holds; null until its first page came. */
  total: z.number().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().optional(),
  /**
   * The hotels' photos, copied after the hotel pages (status `done` already: the hotels are sellable): `fetched` photos
   * copied into the product photo store, `errors` photos skipped (missing, not an image, too small, too slow).
   */
  photos: z.object({ status: z.enum(['pending', 'running', 'done']), fetched: z.number(), errors: z.number() }).optional(),
});
export type SupplierImport = z.output<typeof SupplierImportSchema>;

/** A supplier as the console shows it: never its secret, only whether one is kept. */
export const SupplierSchema = z.object({
  supplier: z.enum(SUPPLIERS),
  /** Credentials have been saved. */
  configured: z.boolean(),
  enabled: z.boolean(),
  markup_percent: z.number(),
  api_key: z.string().nullable(),
  secret_set: z.boolean(),
  /** Hotels of this supplier the org holds now. */
  hotels: z.number(),
  last_import: SupplierImportSchema.nullable(),
});
export type SupplierState = z.output<typeof SupplierSchema>;

export const ImportStartedSchema = z.object({ job_id: z.number() });

// ---- the bed bank’s hotels in the console (decision 0068 amended: listed apart from own products, taken off sale) -----

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An imported hotel's product id in the path: one that names nothing valid is a 404, as one of another org or supplier. */
export const SupplierHotelIdSchema = z.coerce.number(SUPPLIER_MSG.noSuchHotel).int(SUPPLIER_MSG.noSuchHotel).positive(SUPPLIER_MSG.noSuchHotel).max(2 ** 31, SUPPLIER_MSG.noSuchHotel);
export const SupplierHotelParamsSchema = z.object({ supplier: z.enum(SUPPLIERS), product_id: SupplierHotelIdSchema });

/** GET /api/admin/suppliers/{supplier}/hotels: a page of the org's hotels of the supplier, found by name, city or code. */
export const SupplierHotelsQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string(SUPPLIER_MSG.search).trim().max(100, SUPPLIER_MSG.search).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number(SUPPLIER_MSG.page).int(SUPPLIER_MSG.page).min(1, SUPPLIER_MSG.page).max(10_000, SUPPLIER_MSG.page).optional()),
});
export type SupplierHotelsQuery = z.input<typeof SupplierHotelsQuerySchema>;

/** Hotels per page of the console's list. */
export const SUPPLIER_HOTELS_PER_PAGE = 25;

/** An imported hotel as the console lists it: named in the reader's language, its photos counted, on sale or not. */
export const SupplierHotelSchema = z.object({
  product_id: z.number(),
  supplier_code: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  photos: z.number(),
  cover: z.string(),
  /** Shown to travellers (search, suggestions, its page) while the org's connection to the supplier is on. */
  on_sale: z.boolean(),
});
export type SupplierHotel = z.output<typeof SupplierHotelSchema>;

export const SupplierHotelsReplySchema = z.object({ count: z.number(), page: z.number(), per_page: z.number(), data: z.array(SupplierHotelSchema) });
export type SupplierHotelsPage = z.output<typeof SupplierHotelsReplySchema>;

const byLanguage = z.object({ 'en-US': z.string(), 'fr-FR': z.string(), 'es-ES': z.string() });

/** One imported hotel, read-only but for its sale: its name and city in each language, its room types and photos. */
export const SupplierHotelDetailSchema = SupplierHotelSchema.extend({
  supplier: z.enum(SUPPLIERS),
  names: byLanguage,
  cities: byLanguage,
  address: z.string(),
  rating: z.number(),
  rooms: z.array(z.object({ room_id: z.number(), code: z.string(), name: byLanguage, max_adults: z.number(), max_children: z.number(), max_occupancy: z.number() })),
});
export type SupplierHotelDetail = z.output<typeof SupplierHotelDetailSchema>;

/** PATCH /api/admin/suppliers/{supplier}/hotels/{product_id}: take the hotel off sale, or put it back (audited). */
export const SupplierHotelSaleSchema = z.strictObject({ on_sale: z.boolean(SUPPLIER_MSG.onSale) }, SUPPLIER_MSG.onSale);
