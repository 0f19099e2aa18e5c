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
