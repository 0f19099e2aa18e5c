// The content import's photo step (docs/decisions/0075-supplier-photos.md, CONTRACT section 18): after the hotel pages,
// each imported hotel's photos are copied through the console upload's own path (`storePhoto`: bytes checked by
// sniffing and size, every width and format made once by the Images binding, kept in R2 under the content's SHA-256)
// into the console's photo table, so galleries, srcsets and the console's Photos page show them as uploads. A photo the
// org already copied (same address, or same bytes) is not fetched or transformed again; one that fails is skipped and
// counted; a step's galleries and the job's photo cursor are written in one batch, so a re-run or a resumed job neither
// duplicates a photo nor does a step twice.
import { ApiError } from '../errors';
import { serviceUrl, type Bindings } from '../env';
import type { Log } from '../log';
import type { ImportRow } from '../db/suppliers';
import { finishPhotos, galleriesOf, hotelsForPhotos, storedSupplierPhotos, writePhotoStep, type GalleryChange, type StoredSupplierPhoto } from '../db/supplier-photos';
import { fetchSupplierPhoto } from '../outside/hotelbeds';
import { publishOrgVersionIfBehind } from '../cache/orgs';
import { storePhoto, type PhotoStore } from './photos';
import { PHOTOS_PER_PRODUCT, PHOTO_MAX_BYTES } from '../../src/shared/rules/photos';

/** Hotels per photo step: one read of their galleries and one batch. */
export const PHOTO_STEP_HOTELS = 50;
/** Photos fetched and made at once (each makes 12 variants through the Images binding). */
const COPIES_AT_ONCE = 2;

/** Where photos resolve (relative addresses are the Worker's own) and where they are kept (the uploads' bucket and binding). */
export type PhotoStepEnv = Pick<Bindings, 'SELF_ORIGIN'> & Partial<Pick<Bindings, 'PHOTOS' | 'IMAGES'>>;

export interface PhotoStepDeps {
  db: D1Database;
  env: PhotoStepEnv;
  clock: () => number;
  log: Log;
  fetch?: typeof fetch;
}

/** Addresses that failed during this run of the job: one broken address shared by many hotels is tried and counted once. */
export type FailedPhotos = Set<string>;

const photoStoreOf = (env: PhotoStepEnv): PhotoStore | null => (env.PHOTOS && env.IMAGES ? { PHOTOS: env.PHOTOS, IMAGES: env.IMAGES } : null);

/** The supplier's addresses of a hotel, in its order, each once, at most the gallery's cap. */
function addressesOf(supplierImages: string): string[] {
  let list: unknown;
  try {
    list = JSON.parse(supplierImages);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((u): u is string => typeof u === 'string' && u.length > 0 && u.length <= 2000))].slice(0, PHOTOS_PER_PRODUCT);
}

/** Fetches one address through the adapter and stores it through the upload's pipeline; null (logged) when it fails. */
async function copyPhoto(d: PhotoStepDeps, store: PhotoStore, jobId: number, url: string): Promise<StoredSupplierPhoto | null> {
  const got = await fetchSupplierPhoto(serviceUrl(d.env, url), { maxBytes: PHOTO_MAX_BYTES, ...(d.fetch ? { fetch: d.fetch } : {}) });
  if (!got.ok) {
    d.log('warn', 'supplier.photo_skipped', { job_id: jobId, url, kind: got.kind, reason: got.message });
    return null;
  }
  try {
    const stored = await storePhoto(store, got.bytes);
    return { url, ...stored };
  } catch (err) {
    const reason = err instanceof ApiError ? err.message : String(err);
    d.log('warn', 'supplier.photo_skipped', { job_id: jobId, url, kind: 'refused', reason });
    return null;
  }
}

/**
 * One photo step of a finished import: the next hotels after the cursor, their photos copied (those not copied yet),
 * their galleries brought to the supplier's list, in one batch with the cursor. Returns whether there is more to do
 * (false: done, or another runner or a newer import has the job).
 */
export async function runPhotoStep(d: PhotoStepDeps, job: ImportRow, failed: FailedPhotos): Promise<boolean> {
  const store = photoStoreOf(d.env);
  if (!store) {
    await finishPhotos(d.db, job.id);
    return false;
  }
  const hotels = (await hotelsForPhotos(d.db, job.org_id, job.supplier, job.photos_after, PHOTO_STEP_HOTELS)).map((h) => ({ id: h.id, urls: addressesOf(h.supplier_images) }));
  const urls = [...new Set(hotels.flatMap((h) => h.urls))];
  const known = await storedSupplierPhotos(d.db, job.org_id, urls);
  const missing = urls.filter((u) => !known.has(u) && !failed.has(u));
  const stored: StoredSupplierPhoto[] = [];
  let failures = 0;
  for (let i = 0; i < missing.length; i += COPIES_AT_ONCE) {
    const copies = await Promise.all(missing.slice(i, i + COPIES_AT_ONCE).map((url) => copyPhoto(d, store, job.id, url)));
    copies.forEach((copy, j) => {
      if (copy) {
        stored.push(copy);
        known.set(copy.url, copy);
      } else {
        failed.add(missing[i + j]!);
        failures += 1;
      }
    });
  }
  const now = new Map<number, { key: string; imported: boolean }[]>();
  for (const row of await galleriesOf(d.db, job.org_id, hotels.map((h) => h.id))) {
    const list = now.get(row.product_id) ?? [];
    list.push({ key: row.image_key, imported: row.imported === 1 });
    now.set(row.product_id, list);
  }
  const changes: GalleryChange[] = [];
  for (const hotel of hotels) {
    const current = now.get(hotel.id) ?? [];
    const own = current.filter((c) => !c.imported).length;
    const wanted = [...new Map(hotel.urls.flatMap((u) => (known.has(u) ? [known.get(u)!] : [])).map((p) => [p.key, p])).values()].slice(0, Math.max(0, PHOTOS_PER_PRODUCT - own));
    const imported = current.filter((c) => c.imported).map((c) => c.key);
    if (wanted.length === imported.length && wanted.every((p, i) => p.key === imported[i])) continue;
    const has = new Set(current.map((c) => c.key));
    let rank = 0;
    changes.push({ p: hotel.id, keys: wanted.map((p) => ({ key: p.key, width: p.width, height: p.height, rank: has.has(p.key) ? 0 : ++rank })) });
  }
  const done = hotels.length < PHOTO_STEP_HOTELS;
  const next = hotels.at(-1)?.id ?? job.photos_after;
  const moved = await writePhotoStep(d.db, job, { after: job.photos_after, next, stored, changes, fetched: stored.length, failed: failures, done, nowMs: d.clock(), cap: PHOTOS_PER_PRODUCT });
  if (moved && done) {
    // The steps moved the org's version in D1 (a gallery changed); the edge learns it once, at the end, not per step
    // (a purge reaches every data centre, and the zone's purges are shared by every org).
    await publishOrgVersionIfBehind(d.db, job.org_id);
    d.log('info', 'supplier.photos_done', { job_id: job.id });
  }
  return moved && !done;
}
