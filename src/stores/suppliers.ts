// The console's supplier calls (/admin/suppliers): the page calls these, never fetch.
import { request } from './api';
import type { Supplier, SupplierSave } from '../shared/contract/suppliers';

export const listSuppliers = async () => (await request('$get', '/api/admin/suppliers')).data;
export const saveSupplier = async (supplier: Supplier, body: SupplierSave) =>
  (await request('$put', '/api/admin/suppliers/:supplier', { param: { supplier }, body })).data;
export const startSupplierImport = async (supplier: Supplier) =>
  (await request('$post', '/api/admin/suppliers/:supplier/import', { param: { supplier } })).data;
export const supplierImport = async (supplier: Supplier) =>
  (await request('$get', '/api/admin/suppliers/:supplier/import', { param: { supplier } })).data;
