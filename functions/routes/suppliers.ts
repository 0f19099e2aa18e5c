// The console's suppliers (docs/contract.md section 18, docs/decisions/0068-supplier-console-and-import.md), under
// /api/admin: the bed bank's credentials and markup, and the content import's start and progress. Admins of the host's
// org only. Thin: validate, hand plain values to flows/suppliers.ts, answer.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { deps } from '../http/deps';
import { importStatus, listSuppliers, removeSupplier, saveSupplier, startImport, stopImport, type SupplierDeps } from '../flows/suppliers';
import { notedMismatches, reconcile } from '../flows/supplier-bookings';
import { listSupplierHotels, setSupplierHotelOnSale, supplierHotelDetail } from '../flows/supplier-hotels';
import { requestLanguage } from '../http/language';
import { ReconcileQuerySchema, SupplierMismatchSchema } from '../../src/shared/contract/supplier-bookings';
import {
  ImportStartedSchema, SupplierHotelDetailSchema, SupplierHotelParamsSchema, SupplierHotelSaleSchema, SupplierHotelsQuerySchema, SupplierHotelsReplySchema,
  SupplierImportSchema, SupplierParamsSchema, SupplierSaveSchema, SupplierSchema, SUPPLIER_MSG, SUPPLIERS,
} from '../../src/shared/contract/suppliers';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const NO_SUCH_SUPPLIER = `No such supplier: the suppliers are ${SUPPLIERS.join(', ')}`;

/** The org, with the language its console reader reads (hotel names and cities are translated content). */
const readerOrg = (c: C) => ({ ...c.get('org'), shown: requestLanguage(c) });
const unknownHotel = unknownInPath({ supplier: NO_SUCH_SUPPLIER, product_id: SUPPLIER_MSG.noSuchHotel });

function supplierDeps(c: C): SupplierDeps {
  const d = deps(c);
  return { db: d.db, env: d.env, clock: d.clock, log: d.log, later: d.later };
}

const routes = {
  list: createRoute({
    method: 'get', path: '/suppliers', summary: 'The bed banks the org can sell: credentials kept (never the secret), markup, switch, hotels held and the last import', ...access('admin'),
    responses: { 200: json(dataOf(z.array(SupplierSchema))), ...refusals },
  }),
  save: createRoute({
    method: 'put', path: '/suppliers/{supplier}',
    summary: 'Saves a bed bank’s credentials, markup (0–100 %) and switch once the supplier accepts the credentials (audited; the secret is kept sealed and never returned)',
    ...access('admin'),
    request: { params: SupplierParamsSchema, body: body(SupplierSaveSchema) },
    responses: { 200: json(dataOf(SupplierSchema)), ...refusals },
  }),
  remove: createRoute({
    method: 'delete', path: '/suppliers/{supplier}',
    summary:
      'Disconnects a bed bank: its credentials and markup are forgotten and its hotels no longer sold, the imported hotels kept (audited). Refused (409) while an import runs or bookings still to come need it',
    ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 200: json(dataOf(SupplierSchema), 'Disconnected'), ...refusals },
  }),
  startImport: createRoute({
    method: 'post', path: '/suppliers/{supplier}/import',
    summary: 'Starts importing the supplier’s hotels in the background (one import at a time per org: another start is a 409; audited)',
    ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 202: json(dataOf(ImportStartedSchema), 'Started'), ...refusals },
  }),
  stopImport: createRoute({
    method: 'delete', path: '/suppliers/{supplier}/import',
    summary: 'Stops the running import: it ends failed, "Stopped from the console", the hotels it wrote kept (audited; 409 when none is running)',
    ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 200: json(dataOf(SupplierImportSchema), 'Stopped'), ...refusals },
  }),
  importStatus: createRoute({
    method: 'get', path: '/suppliers/{supplier}/import', summary: 'The last import’s progress: running, done or failed, hotels imported of the supplier’s total (null before the first)', ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 200: json(dataOf(SupplierImportSchema.nullable())), ...refusals },
  }),
  hotels: createRoute({
    method: 'get', path: '/suppliers/{supplier}/hotels',
    summary: 'A page of the org’s hotels imported from the supplier (25 a page), found by name or city (in the reader’s language too) or the supplier’s code, with photo counts and whether each is on sale',
    ...access('admin'),
    request: { params: SupplierParamsSchema, query: SupplierHotelsQuerySchema },
    responses: { 200: json(SupplierHotelsReplySchema), ...refusals },
  }),
  hotel: createRoute({
    method: 'get', path: '/suppliers/{supplier}/hotels/{product_id}',
    summary: 'One imported hotel as the console reads it: name and city in each language, its room types (the supplier’s, read-only), photos and sale',
    ...access('admin'),
    request: { params: SupplierHotelParamsSchema },
    responses: { 200: json(dataOf(SupplierHotelDetailSchema)), ...refusals },
  }),
  hotelSale: createRoute({
    method: 'patch', path: '/suppliers/{supplier}/hotels/{product_id}',
    summary: 'Takes an imported hotel off sale (travellers no longer find it) or puts it back; a re-run of the import keeps the choice (audited)',
    ...access('admin'),
    request: { params: SupplierHotelParamsSchema, body: body(SupplierHotelSaleSchema) },
    responses: { 200: json(dataOf(SupplierHotelDetailSchema)), ...refusals },
  }),
  reconcile: createRoute({
    method: 'get', path: '/suppliers/{supplier}/reconcile',
    summary: 'The org’s bookings of the supplier made from one day to another whose status differs between the two sides (each read from the supplier)',
    ...access('admin'),
    request: { params: SupplierParamsSchema, query: ReconcileQuerySchema },
    responses: { 200: json(dataOf(z.array(SupplierMismatchSchema))), ...refusals },
  }),
  mismatches: createRoute({
    method: 'get', path: '/suppliers/{supplier}/mismatches',
    summary: 'The org’s bookings of the supplier the hourly check found differing, and those paid and still not booked there, each read at the supplier again: what still differs',
    ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 200: json(dataOf(z.array(SupplierMismatchSchema))), ...refusals },
  }),
};

const guarded = router();
guarded.use('*', requireRole('admin'));

export const adminSuppliers = guarded
  .openapi(routes.list, async (c) => c.json({ data: await listSuppliers(c.env.DB, c.get('org').id) }, 200))
  .openapi(
    routes.save,
    async (c) => {
      const { supplier } = c.req.valid('param');
      return c.json({ data: await saveSupplier(supplierDeps(c), c.get('org').id, actorOf(c), supplier, c.req.valid('json')) }, 200);
    },
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.remove,
    async (c) => c.json({ data: await removeSupplier(supplierDeps(c), c.get('org').id, actorOf(c), c.req.valid('param').supplier) }, 200),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.startImport,
    async (c) => c.json({ data: await startImport(supplierDeps(c), c.get('org').id, actorOf(c), c.req.valid('param').supplier) }, 202),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.stopImport,
    async (c) => c.json({ data: await stopImport(supplierDeps(c), c.get('org').id, actorOf(c), c.req.valid('param').supplier) }, 200),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.importStatus,
    async (c) => c.json({ data: await importStatus(c.env.DB, c.get('org').id, c.req.valid('param').supplier) }, 200),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(routes.hotels, async (c) => c.json(await listSupplierHotels(c.env.DB, readerOrg(c), c.req.valid('param').supplier, c.req.valid('query')), 200), unknownInPath(NO_SUCH_SUPPLIER))
  .openapi(
    routes.hotel,
    async (c) => {
      const { supplier, product_id } = c.req.valid('param');
      return c.json({ data: await supplierHotelDetail(c.env.DB, readerOrg(c), supplier, product_id) }, 200);
    },
    unknownHotel,
  )
  .openapi(
    routes.hotelSale,
    async (c) => {
      const { supplier, product_id } = c.req.valid('param');
      return c.json({ data: await setSupplierHotelOnSale(c.env.DB, readerOrg(c), actorOf(c), supplier, product_id, c.req.valid('json').on_sale) }, 200);
    },
    unknownHotel,
  )
  .openapi(
    routes.mismatches,
    async (c) => c.json({ data: await notedMismatches(supplierDeps(c), c.get('org').id, c.req.valid('param').supplier) }, 200),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.reconcile,
    async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json({ data: await reconcile(supplierDeps(c), c.get('org').id, c.req.valid('param').supplier, from, to) }, 200);
    },
    unknownInPath(NO_SUCH_SUPPLIER),
  );
