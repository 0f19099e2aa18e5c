// The console's supplier calls (/admin/suppliers): the page calls these, never fetch.
import { request } from './api';
import type { Supplier, SupplierSave } from '../shared/contract/suppliers';

export const listSuppliers = async () => (await request('$get', '/api/admin/suppliers')).data;
export const saveSupplier = async (supplier: Supplier, body: SupplierSave) =>
  (await request('$put', '/api/admin/suppliers/:supplier', { param: { supplier }, body })).data;
export const removeSupplier = async (supplier: Supplier) => (await request('$delete', '/api/admin/suppliers/:supplier', { param: { supplier } })).data;
export const startSupplierImport = async (supplier: Supplier) =>
  (await request('$post', '/api/admin/suppliers/:supplier/import', { param: { supplier } })).data;
export const stopSupplierImport = async (supplier: Supplier) =>
  (await request('$delete', '/api/admin/suppliers/:supplier/import', { param: { supplier } })).data;
export const supplierImport = async (supplier: Supplier) =>
  (await request('$get', '/api/admin/suppliers/:supplier/import', { param: { supplier } })).data;

export const supplierMismatches = async (supplier: Supplier) => (await request('$get', '/api/admin/suppliers/:supplier/mismatches', { param: { supplier } })).data;
export const reconcileSupplier = async (supplier: Supplier, from: string, to: string) =>
  (await request('$get', '/api/admin/suppliers/:supplier/reconcile', { param: { supplier }, query: { from, to } })).data;

// The bed bank's hotels in the console's products area (/admin/products?from=…, /admin/products/hotel?id=…).
export const listSupplierHotels = (supplier: Supplier, q: string, page: number) =>
  request('$get', '/api/admin/suppliers/:supplier/hotels', { param: { supplier }, query: { ...(q ? { q } : {}), page } });
export const loadSupplierHotel = async (supplier: Supplier, productId: number) =>
  (await request('$get', '/api/admin/suppliers/:supplier/hotels/:product_id', { param: { supplier, product_id: productId } })).data;
export const setSupplierHotelOnSale = async (supplier: Supplier, productId: number, onSale: boolean) =>
  (await request('$patch', '/api/admin/suppliers/:supplier/hotels/:product_id', { param: { supplier, product_id: productId }, body: { on_sale: onSale } })).data;
