// Imported hotels' photos through the console upload's path (CONTRACT §18, decision 0075): after the hotel pages, the
// import copies each hotel's photos from the simulator's addresses into R2 through the Images binding, rows in the
// console's product_photos, served by the same photo route as an upload; a re-run fetches nothing again and adds no row;
// a broken address (missing, or too small) is skipped and counted, never failing the import.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { d1Query, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { SEED_PHOTO_KEYS } from '../../functions/dev/sim/hotelbeds-world';
import { PHOTO_WIDTHS } from '../../src/shared/rules/photos';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const SIM_HOTELS = 360;
const IMPORT_TIMEOUT = 300_000;
const SEED_KEYS = new Set(Object.values(SEED_PHOTO_KEYS));

let host: string;
let orgId: number;
let admin: Client;
/** The hotel the simulator gave two broken addresses (the first of the first content page). */
let brokenId: number;

interface ImportState {
  job_id: number;
  status: string;
  imported: number;
  total: number | null;
  photos?: { status: string; fetched: number; errors: number };
}

const importState = async (): Promise<ImportState> => (await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data;

/** Polls until the hotel pages and the photo step are both over. */
async function untilPhotosDone(): Promise<ImportState> {
  for (const started = Date.now(); Date.now() - started < IMPORT_TIMEOUT - 20_000; ) {
    const state = await importState();
    if (state && (state.status === 'failed' || (state.status === 'done' && state.photos?.status === 'done'))) return state;
    await new Promise((done) => setTimeout(done, 1_000));
  }
  throw new Error(`the import's photos did not finish in time: ${JSON.stringify(await importState())}`);
}

/** The purges naming the org's version the zone has received (the Cloudflare simulator's record). */
const purgesOfOrg = async () =>
  ((await call('/_sim/cloudflare/purges')).json.data as { tags: string[] }[]).filter((p) => p.tags.includes(`org-${orgId}`)).length;

const photoRows = () =>
  d1Query<{ id: number; product_id: number; image_key: string; position: number }>(
    `SELECT f.id, f.product_id, f.image_key, f.position FROM product_photos f JOIN products p ON p.id = f.product_id
     WHERE p.org_id = ${orgId} AND p.source = 'hotelbeds' ORDER BY f.id`,
  );

const hotelRow = async (where: string) =>
  (await d1Query<{ id: number; name: string; images: string; supplier_images: string }>(
    `SELECT id, name, images, supplier_images FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' AND ${where}`,
  ))[0]!;

beforeAll(async () => {
  ({ host, orgId } = await newOrg('bankphotos', 'Bank photos'));
  const [a] = await Promise.all([verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);

describe('an imported hotel’s photos', () => {
  it('are copied into R2 through the upload’s path, served by the same photo route; a broken address is skipped and counted', async () => {
    // The next content page's first hotel gets a missing photo (404) and one too small (480 × 300) after its own.
    const control = await call('/_sim/hotelbeds/control', { body: { broken_photos_next: true } });
    expect(control.status, control.text).toBe(200);
    const seen = await purgesOfOrg();
    const started = await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
    expect(started.status, started.text).toBe(202);
    const state = await untilPhotosDone();
    expect(state, JSON.stringify(state)).toMatchObject({ status: 'done', imported: SIM_HOTELS, photos: { status: 'done', errors: 2 } });
    // The galleries moved the org's version: the edge is told once, when the photos are done (pages kept under the old
    // version are passed over in every data centre).
    expect((await purgesOfOrg()) - seen).toBe(1);
    // The simulator's hotels share the twelve development photographs: each copied once for the org, never per hotel.
    expect(state.photos!.fetched).toBeGreaterThan(0);
    expect(state.photos!.fetched).toBeLessThanOrEqual(SEED_KEYS.size);

    const mapped = await d1Query<{ url: string; image_key: string }>(`SELECT url, image_key FROM supplier_photos WHERE org_id = ${orgId}`);
    expect(mapped).toHaveLength(state.photos!.fetched);
    for (const m of mapped) {
      expect(m.url).toMatch(/^\/api\/images\/[0-9a-f]{64}\/800$/);
      // A copy: the key is the SHA-256 of the bytes fetched, not the address's own key.
      expect(SEED_KEYS.has(m.image_key)).toBe(false);
    }
    const rows = await photoRows();
    const hotels = new Set(rows.map((r) => r.product_id));
    expect(hotels.size).toBe(SIM_HOTELS);

    // The broken hotel shows its own photos, not the two broken ones, and they are the console's kind of photo.
    const hotel = await hotelRow(`supplier_images LIKE '%${'0'.repeat(64)}%'`);
    brokenId = hotel.id;
    const sources = JSON.parse(hotel.supplier_images) as string[];
    const gallery = rows.filter((r) => r.product_id === hotel.id);
    expect(gallery.length).toBeGreaterThan(0);
    expect(gallery.length).toBeLessThanOrEqual(sources.length - 2);
    const keys = gallery.sort((x, y) => x.position - y.position).map((r) => r.image_key);
    expect(JSON.parse(hotel.images)).toEqual(keys.map((k) => `/api/images/${k}/800`));

    const detail = await call(`/api/products/${hotel.id}`, { host });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json.data.photos.map((p: { src: string }) => p.src)).toEqual(keys.map((k) => `/api/images/${k}/800`));
    expect(detail.json.data.photos[0].srcset).toContain(`/api/images/${keys[0]}/${PHOTO_WIDTHS[0]}`);
    // No alt text written: each language falls back to the hotel's name, as for an upload.
    expect(detail.json.data.photos[0].alt['en-US']).toBe(hotel.name);
    const photosPage = await admin.call(`/api/admin/products/${hotel.id}/photos`);
    expect(photosPage.status, photosPage.text).toBe(200);
    expect(photosPage.json.data.photos.map((p: { photo_id: number }) => p.photo_id)).toEqual(gallery.map((r) => r.id));

    for (const [accept, type] of [['image/avif,image/webp,*/*', 'image/avif'], ['image/webp,*/*', 'image/webp'], ['*/*', 'image/jpeg']] as const) {
      for (const width of [PHOTO_WIDTHS[0], 800]) {
        const img = await call(`/api/images/${keys[0]}/${width}`, { host, headers: { accept } });
        expect(img.status, `${width} ${accept}`).toBe(200);
        expect(img.headers['content-type']).toBe(type);
      }
    }
  }, IMPORT_TIMEOUT);

  it('a re-run fetches no photo again and adds no photo row', async () => {
    const before = await photoRows();
    const mappedBefore = await d1Query<{ url: string; image_key: string }>(`SELECT url, image_key FROM supplier_photos WHERE org_id = ${orgId} ORDER BY url`);
    const seen = await purgesOfOrg();
    const started = await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
    expect(started.status, started.text).toBe(202);
    const state = await untilPhotosDone();
    expect(state, JSON.stringify(state)).toMatchObject({ job_id: started.json.data.job_id, status: 'done', imported: SIM_HOTELS, photos: { status: 'done', fetched: 0, errors: 0 } });
    // Nothing a page shows changed: nothing is purged.
    expect(await purgesOfOrg()).toBe(seen);
    expect(await photoRows()).toEqual(before);
    expect(await d1Query(`SELECT url, image_key FROM supplier_photos WHERE org_id = ${orgId} ORDER BY url`)).toEqual(mappedBefore);
    // The hotel's images stay its gallery's, not the supplier's addresses again.
    const hotel = await hotelRow(`id = ${brokenId}`);
    const keys = before.filter((r) => r.product_id === hotel.id).sort((x, y) => x.position - y.position).map((r) => r.image_key);
    expect(JSON.parse(hotel.images)).toEqual(keys.map((k) => `/api/images/${k}/800`));
  }, IMPORT_TIMEOUT);
});
