// The console's product photos (docs/contract.md#photos): the calls its pages make; the pages keep what they show.
import { ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import { request, urlOf, type ApiBody, type ApiReply } from './api';

/** A product and its photos, as the photo routes answer (functions/routes/photos.ts). */
export type ProductPhotos = ApiReply<'/api/admin/products/:product_id/photos', '$get'>['data'];

export const loadProducts = async () => (await request('$get', '/api/admin/products')).data;
export const loadPhotos = async (productId: number) => (await request('$get', '/api/admin/products/:product_id/photos', { param: { product_id: productId } })).data;

const base = (productId: number) => urlOf('/api/admin/products/:product_id/photos', { product_id: productId });

/** The file's bytes as they are: the server decides what they are from the bytes, whatever the name or type says. */
export async function uploadPhoto(productId: number, file: File): Promise<ProductPhotos> {
  const res = await fetch(base(productId), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
    body: file,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiFailure(res.status, body as ApiErrorBody | undefined);
  return (body as { data: ProductPhotos }).data;
}

export type PhotoAltBody = ApiBody<'/api/admin/products/:product_id/photos/:photo_id', '$patch'>;
export const saveAlt = async (productId: number, photoId: number, alt: PhotoAltBody['alt']) =>
  (await request('$patch', '/api/admin/products/:product_id/photos/:photo_id', { param: { product_id: productId, photo_id: photoId }, body: { alt } })).data;

export const reorderPhotos = async (productId: number, photoIds: number[]) =>
  (await request('$put', '/api/admin/products/:product_id/photos/order', { param: { product_id: productId }, body: { photo_ids: photoIds } })).data;

export const removePhoto = async (productId: number, photoId: number) =>
  (await request('$delete', '/api/admin/products/:product_id/photos/:photo_id', { param: { product_id: productId, photo_id: photoId } })).data;
