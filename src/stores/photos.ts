// The console's product photos (docs/contract.md#photos): the calls its pages make; the pages keep what they show.
import { api, ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import type { AdminPhoto, AdminProduct } from '../shared/contract/photos';
import type { Language } from '../shared/i18n/types';

export interface ProductPhotos {
  product: { product_id: number; type: string; name: string; city: string };
  photos: AdminPhoto[];
}

const base = (productId: number) => `/api/admin/products/${productId}/photos`;

export const loadProducts = () => api<{ data: AdminProduct[] }>('/api/admin/products').then((r) => r.data);
export const loadPhotos = (productId: number) => api<{ data: ProductPhotos }>(base(productId)).then((r) => r.data);

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

export const saveAlt = (productId: number, photoId: number, alt: Record<Language, string>) =>
  api<{ data: ProductPhotos }>(`${base(productId)}/${photoId}`, { method: 'PATCH', body: { alt } }).then((r) => r.data);

export const reorderPhotos = (productId: number, photoIds: number[]) =>
  api<{ data: ProductPhotos }>(`${base(productId)}/order`, { method: 'PUT', body: { photo_ids: photoIds } }).then((r) => r.data);

export const removePhoto = (productId: number, photoId: number) =>
  api<{ data: ProductPhotos }>(`${base(productId)}/${photoId}`, { method: 'DELETE' }).then((r) => r.data);
