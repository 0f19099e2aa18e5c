// The console's suppliers (docs/contract.md section 18, docs/decisions/0068-supplier-console-and-import.md), under
// /api/admin: the bed bank's credentials and markup, and the content import's start and progress. Admins of the host's
// org only. Thin: validate, hand plain values to flows/suppliers.ts, answer.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { deps } from '../http/deps';
import { importStatus, listSuppliers, saveSupplier, startImport, type SupplierDeps } from '../flows/suppliers';
import { reconcile } from '../flows/supplier-bookings';
import { ReconcileQuerySchema, SupplierMismatchSchema } from '../../src/shared/contract/supplier-bookings';
import {
  ImportStartedSchema, SupplierImportSchema, SupplierParamsSchema, SupplierSaveSchema, SupplierSchema, SUPPLIERS,
} from '../../src/shared/contract/suppliers';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const NO_SUCH_SUPPLIER = `No such supplier: the suppliers are ${SUPPLIERS.join(', ')}`;

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
  startImport: createRoute({
    method: 'post', path: '/suppliers/{supplier}/import',
    summary: 'Starts importing the supplier’s hotels in the background (one import at a time per org: another start is a 409; audited)',
    ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 202: json(dataOf(ImportStartedSchema), 'Started'), ...refusals },
  }),
  importStatus: createRoute({
    method: 'get', path: '/suppliers/{supplier}/import', summary: 'The last import’s progress: running, done or failed, hotels imported of the supplier’s total (null before the first)', ...access('admin'),
    request: { params: SupplierParamsSchema },
    responses: { 200: json(dataOf(SupplierImportSchema.nullable())), ...refusals },
  }),
  reconcile: createRoute({
    method: 'get', path: '/suppliers/{supplier}/reconcile',
    summary: 'The org’s bookings of the supplier made from one day to another whose status differs between the two sides (each read from the supplier)',
    ...access('admin'),
    request: { params: SupplierParamsSchema, query: ReconcileQuerySchema },
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
    routes.startImport,
    async (c) => c.json({ data: await startImport(supplierDeps(c), c.get('org').id, actorOf(c), c.req.valid('param').supplier) }, 202),
    unknownInPath(NO_SUCH_SUPPLIER),
  )
  .openapi(
    routes.importStatus,
    async (c) => c.json({ data: await importStatus(c.env.DB, c.get('org').id, c.req.valid('param').supplier) }, 200),
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
