// Product photographs over real HTTP and real local R2 (docs/decisions/0032-photographs.md): the seed's galleries,
// the image addresses (widths, format by Accept, immutable caching, 404s), the console's upload checked from the
// bytes, alt text, order, removal, audit rows, roles and other orgs, and the gallery's cap under 30 uploads at once.
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, freshIp, signedInClient, verifiedAccount, DB_TEST_TIMEOUT } from './auth-helpers';
import { seedPhotoKeys } from '../../seed/photos.mjs';
import { PHOTO_MSG, PHOTOS_PER_PRODUCT } from '../../src/shared/rules/photos';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';

const SEED_KEY: string = seedPhotoKeys()['dune-sea'];

let host: string;
let orgId: number;
let productId: number;
let admin: Client;
let member: Client;
let acmeAdmin: Client;
let orgOneAdminToken: string;

/** The image's bytes and headers (helpers' call() reads text). */
function image(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, any>; body: Buffer }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: `localhost:${url.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif', hue = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: (hue * 37) % 256, g: 120, b: 200 } } })[format]().toBuffer();

const upload = (client: Client | null, bytes: Buffer | string, type = 'image/jpeg', id = productId, h = host, headers: Record<string, string> = {}) => {
  const opts = { method: 'POST', rawBody: bytes, headers: { 'content-type': type, 'cf-connecting-ip': freshIp(), ...headers } };
  return client ? client.call(`/api/admin/products/${id}/photos`, opts) : call(`/api/admin/products/${id}/photos`, { host: h, ...opts });
};

const photosOf = async (id = productId) => {
  const r = await admin.call(`/api/admin/products/${id}/photos`);
  expect(r.status, r.text).toBe(200);
  return r.json.data.photos as { photo_id: number; src: string; srcset: string; alt: Record<string, string>; alt_written: Record<string, string> }[];
};

const details = async (id: number, h = host) => {
  const r = await call(`/api/products/${id}`, { host: h });
  expect(r.status, r.text).toBe(200);
  return r.json.data as { image: string; images: string[]; photos: { photo_id: number; src: string; srcset: string; width: number; height: number; alt: Record<string, string> }[] };
};

async function auditActions() {
  const rows = await d1Query<{ action: string; target: string; detail: string }>(`SELECT action, target, detail FROM admin_audit WHERE org_id = ${orgId} AND action LIKE 'photo.%' ORDER BY id DESC;`);
  return rows.map((r) => ({ action: r.action, target: r.target, detail: JSON.parse(r.detail) }));
}

function expectRefused(r: Reply, status: number, code: string, message: string) {
  expect(r.status, r.text).toBe(status);
  expectErrorShape(r.json, code);
  expect(r.json.error.message).toBe(message);
}

beforeAll(async () => {
  const slug = `photos-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number; product: number }>(
    `INSERT INTO orgs (name, default_language) VALUES ('Photos ${slug}', 'fr-FR'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit)
       SELECT org_id, 'HLT', 'Hôtel des Photos', 'Paris', 'FR', 48.85, 2.35, 20000, 'night' FROM org_domains WHERE host = '${host}';
     SELECT d.org_id AS id, p.id AS product FROM org_domains d JOIN products p ON p.org_id = d.org_id WHERE d.host = '${host}';`,
  );
  orgId = row!.id;
  productId = row!.product;
  // Its standard room and rate at its price, as every product written directly needs to be sold (decision 0057).
  await d1Query(DEFAULT_INVENTORY_SQL);
  const [a, m] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  const [sa, sm, acme, one] = await Promise.all([
    signedInClient(a!.email, a!.password, host),
    signedInClient(m!.email, m!.password, host),
    signedInClient('admin@acme.example.com', 'Admin1!pass', 'acme.localhost'),
    signedInClient('admin@example.com', 'Admin1!pass', 'localhost'),
  ]);
  admin = sa.client;
  member = sm.client;
  acmeAdmin = acme.client;
  orgOneAdminToken = one.token;
}, DB_TEST_TIMEOUT);

describe('the development seed', () => {
  it('gives every seeded product at least 3 photographs, first in its images, with alt text in every language', async () => {
    const [counts] = [await d1Query<{ fewest: number; products: number }>('SELECT MIN(n) AS fewest, COUNT(*) AS products FROM (SELECT (SELECT COUNT(*) FROM product_photos f WHERE f.product_id = p.id) AS n FROM products p WHERE p.org_id IN (1, 2));')];
    expect(counts[0]!.products).toBeGreaterThan(50);
    expect(counts[0]!.fewest).toBeGreaterThanOrEqual(3);
    const search = await call('/api/products/search?type=RST&city=Canc%C3%BAn&check_in=2026-12-20&check_out=2026-12-22&guests=2');
    expect(search.status, search.text).toBe(200);
    const resort = search.json.data[0];
    expect(resort.image).toMatch(/^\/api\/images\/[0-9a-f]{64}\/800$/);
    const d = await details(resort.product_id, 'localhost');
    expect(d.photos.length).toBeGreaterThanOrEqual(3);
    expect(d.photos[0]!.src).toBe(resort.image);
    expect(d.photos[0]!.srcset).toContain(' 1600w');
    expect(d.photos[0]!.alt['fr-FR']).not.toBe(d.photos[0]!.alt['en-US']);
    expect(d.photos[0]!.alt['es-ES']).not.toBe(d.photos[0]!.alt['en-US']);
  }, DB_TEST_TIMEOUT);
});

describe('image addresses', () => {
  it('serve each stored width in the best format the Accept header names, kept for good', async () => {
    for (const [accept, type] of [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ] as const) {
      for (const width of [480, 800, 1200, 1600]) {
        const r = await image(`/api/images/${SEED_KEY}/${width}`, { accept });
        expect(r.status).toBe(200);
        expect(r.headers['content-type']).toBe(type);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.headers['vary']).toContain('Accept');
        const meta = await sharp(r.body).metadata();
        expect(meta.width).toBe(width);
        expect(meta.format).toBe(type === 'image/avif' ? 'heif' : type.slice(6));
      }
    }
    const first = await image(`/api/images/${SEED_KEY}/800`, { accept: 'image/webp' });
    const again = await image(`/api/images/${SEED_KEY}/800`, { accept: 'image/webp', 'if-none-match': first.headers['etag'] });
    expect(again.status).toBe(304);
  });

  it('answer 404 in the error shape for an unknown image or width', async () => {
    for (const path of [`/api/images/${'0'.repeat(64)}/800`, `/api/images/${SEED_KEY}/801`, `/api/images/${SEED_KEY.toUpperCase()}/800`, '/api/images/x/800', `/api/images/${SEED_KEY}/w`]) {
      const r = await call(path);
      expectRefused(r, 404, 'NOT_FOUND', PHOTO_MSG.noSuchImage);
    }
  });
});

describe('uploads are checked from their bytes', () => {
  it('refuses what is not a usable JPEG, PNG, WebP or AVIF photo, with a clear message, and writes nothing', async () => {
    const jpeg = await photo(800, 500, 'jpeg');
    const before = (await auditActions()).length;
    expectRefused(await upload(admin, 'GIF89a not a photo at all', 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_MSG.notImage);
    expectRefused(await upload(admin, await sharp({ create: { width: 800, height: 500, channels: 3, background: '#888' } }).gif().toBuffer(), 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_MSG.notImage);
    expectRefused(await upload(admin, jpeg.subarray(0, 200), 'image/jpeg'), 400, 'BAD_REQUEST', PHOTO_MSG.unreadable);
    expectRefused(await upload(admin, await photo(300, 200, 'png'), 'image/png'), 400, 'BAD_REQUEST', PHOTO_MSG.tooSmall);
    expectRefused(await upload(admin, '', 'image/jpeg'), 400, 'BAD_REQUEST', PHOTO_MSG.empty);
    expectRefused(await upload(admin, Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]), 'image/jpeg'), 413, 'PAYLOAD_TOO_LARGE', PHOTO_MSG.tooLarge);
    expect(await photosOf()).toHaveLength(0);
    expect((await auditActions()).length).toBe(before);
  }, DB_TEST_TIMEOUT);

  it('takes JPEG, PNG, WebP and AVIF whatever type or name they are sent with, and shows them in that order', async () => {
    const added: number[] = [];
    for (const [i, format] of (['jpeg', 'png', 'webp', 'avif'] as const).entries()) {
      const r = await upload(admin, await photo(800, 500, format, i + 1), 'application/octet-stream');
      expect(r.status, r.text).toBe(201);
      added.push(r.json.data.photos.at(-1).photo_id);
    }
    const d = await details(productId);
    expect(d.photos.map((p) => p.photo_id)).toEqual(added);
    expect(d.images).toEqual(d.photos.map((p) => p.src));
    expect(d.photos[0]!.width).toBe(800);
    const served = await image(d.photos[3]!.src.replace('/800', '/480'), { accept: 'image/avif' });
    expect(served.headers['content-type']).toBe('image/avif');
    expect((await sharp(served.body).metadata()).width).toBe(480);
    const adds = (await auditActions()).filter((a) => a.action === 'photo.add');
    expect(adds).toHaveLength(4);
    // The console filters its audit by target: the product's id as written, never D1's `84.0` for a bound number.
    expect(new Set(adds.map((a) => a.target))).toEqual(new Set([`product:${productId}`]));
  }, DB_TEST_TIMEOUT);
});

describe('alt text, order and removal', () => {
  it('alt text per language falls back to the org’s default language; markup is refused', async () => {
    const [first] = await photosOf();
    const r = await admin.call(`/api/admin/products/${productId}/photos/${first!.photo_id}`, { method: 'PATCH', body: { alt: { 'en-US': 'The pool at dawn', 'fr-FR': 'La piscine à l’aube' } } });
    expect(r.status, r.text).toBe(200);
    const d = await details(productId);
    expect(d.photos[0]!.alt).toEqual({ 'en-US': 'The pool at dawn', 'fr-FR': 'La piscine à l’aube', 'es-ES': 'La piscine à l’aube' });
    expect(d.photos[1]!.alt['en-US']).toBe('Hôtel des Photos');
    const bad = await admin.call(`/api/admin/products/${productId}/photos/${first!.photo_id}`, { method: 'PATCH', body: { alt: { 'en-US': '<img src=x onerror=alert(1)>' } } });
    expect(bad.status, bad.text).toBe(400);
    expect((await details(productId)).photos[0]!.alt['en-US']).toBe('The pool at dawn');
    const audit = (await auditActions()).find((a) => a.action === 'photo.alt');
    expect(audit!.detail.after['fr-FR']).toBe('La piscine à l’aube');
  }, DB_TEST_TIMEOUT);

  it('a new order shows on the next request everywhere: details, search results and the console', async () => {
    const ids = (await photosOf()).map((p) => p.photo_id);
    const wanted = [ids[3]!, ids[0]!, ids[2]!, ids[1]!];
    const r = await admin.call(`/api/admin/products/${productId}/photos/order`, { method: 'PUT', body: { photo_ids: wanted } });
    expect(r.status, r.text).toBe(200);
    const d = await details(productId);
    expect(d.photos.map((p) => p.photo_id)).toEqual(wanted);
    const search = await call('/api/products/search?type=HLT&city=Paris&check_in=2026-12-20&check_out=2026-12-22&guests=2', { host });
    expect(search.json.data[0].image).toBe(d.photos[0]!.src);
    for (const bad of [[ids[0]], [...ids, ids[0]], [ids[0], ids[1], ids[2], 999999]]) {
      const refused = await admin.call(`/api/admin/products/${productId}/photos/order`, { method: 'PUT', body: { photo_ids: bad } });
      expect(refused.status, refused.text).toBe(400);
      expectErrorShape(refused.json, 'BAD_REQUEST');
    }
    expect((await details(productId)).photos.map((p) => p.photo_id)).toEqual(wanted);
  });

  it('the home page’s Paris card shows the hotel’s first photo in the page’s language, kept at the edge and moved by a new order', async () => {
    const card = async (lang: string) => {
      const r = await call(`/?lang=${lang}`, { host });
      const img = /<img [^>]*data-dest-photo="Paris"[^>]*>/.exec(r.text)?.[0] ?? '';
      return { img, src: /src="([^"]+)"/.exec(img)?.[1], alt: /alt="([^"]*)"/.exec(img)?.[1], queries: Number(r.headers['x-d1-queries']) };
    };
    const before = await details(productId);
    for (const lang of ['fr-FR', 'en-US']) {
      const shown = await card(lang);
      expect(shown.src).toBe(before.photos[0]!.src);
      expect(shown.img).toContain(`srcset="${before.photos[0]!.srcset}"`);
      expect(shown.alt).toBe(before.photos[0]!.alt[lang]);
      // A second view of the same page is the kept one: no D1 statement (docs/decisions/0025-edge-cache.md).
      expect((await card(lang)).queries).toBe(0);
    }
    const ids = before.photos.map((p) => p.photo_id);
    const r = await admin.call(`/api/admin/products/${productId}/photos/order`, { method: 'PUT', body: { photo_ids: [...ids.slice(1), ids[0]!] } });
    expect(r.status, r.text).toBe(200);
    expect((await card('fr-FR')).src).toBe(before.photos[1]!.src);
  });

  it('removal takes the photo out of the gallery and the images list', async () => {
    const [, second] = await photosOf();
    const r = await admin.call(`/api/admin/products/${productId}/photos/${second!.photo_id}`, { method: 'DELETE' });
    expect(r.status, r.text).toBe(200);
    const d = await details(productId);
    expect(d.photos.map((p) => p.photo_id)).not.toContain(second!.photo_id);
    expect(d.images).toHaveLength(3);
    const again = await admin.call(`/api/admin/products/${productId}/photos/${second!.photo_id}`, { method: 'DELETE' });
    expectRefused(again, 404, 'NOT_FOUND', PHOTO_MSG.noSuchPhoto);
    expect((await auditActions()).filter((a) => a.action === 'photo.remove')).toHaveLength(1);
  }, DB_TEST_TIMEOUT);
});

describe('roles and other orgs', () => {
  it('401 signed out, 403 for a member and for another org’s admin session, 404 for another org’s product', async () => {
    const jpeg = await photo(800, 500, 'jpeg', 9);
    expect((await upload(null, jpeg)).status).toBe(401);
    expect((await upload(member, jpeg)).status).toBe(403);
    expect((await upload(null, jpeg, 'image/jpeg', productId, host, { authorization: `Bearer ${orgOneAdminToken}` })).status).toBe(403);
    // Acme's admin on Acme's host, naming this org's product: no such product of theirs.
    expectRefused(await upload(acmeAdmin, jpeg), 404, 'NOT_FOUND', PHOTO_MSG.noSuchProduct);
    const [mine] = await photosOf();
    const patch = await acmeAdmin.call(`/api/admin/products/${productId}/photos/${mine!.photo_id}`, { method: 'PATCH', body: { alt: { 'en-US': 'Hacked' } } });
    expectRefused(patch, 404, 'NOT_FOUND', PHOTO_MSG.noSuchProduct);
    const del = await acmeAdmin.call(`/api/admin/products/${productId}/photos/${mine!.photo_id}`, { method: 'DELETE' });
    expectRefused(del, 404, 'NOT_FOUND', PHOTO_MSG.noSuchProduct);
    const list = await acmeAdmin.call('/api/admin/products');
    expect((list.json.data as { product_id: number }[]).map((p) => p.product_id)).not.toContain(productId);
    expect(await photosOf()).toHaveLength(3);
  });
});

describe('the gallery’s cap under concurrency', () => {
  it(`30 uploads at once fill the gallery to exactly ${PHOTOS_PER_PRODUCT} photos; the rest get 409 and write nothing`, async () => {
    const jpeg = await photo(800, 500, 'jpeg', 42);
    // Stored once first: the 30 then race on the gallery's cap in D1, not on making the same widths 30 times.
    expect((await upload(admin, jpeg)).status).toBe(201);
    const have = (await photosOf()).length;
    const audits = (await auditActions()).filter((a) => a.action === 'photo.add').length;
    const replies = await Promise.all(Array.from({ length: 30 }, () => upload(admin, jpeg)));
    const created = replies.filter((r) => r.status === 201).length;
    const full = replies.filter((r) => r.status === 409);
    expect(created).toBe(PHOTOS_PER_PRODUCT - have);
    expect(full).toHaveLength(30 - created);
    for (const r of full) expectRefused(r, 409, 'CONFLICT', PHOTO_MSG.full);
    const photos = await photosOf();
    expect(photos).toHaveLength(PHOTOS_PER_PRODUCT);
    expect((await details(productId)).images).toHaveLength(PHOTOS_PER_PRODUCT);
    expect((await auditActions()).filter((a) => a.action === 'photo.add').length).toBe(audits + created);
  }, 2 * DB_TEST_TIMEOUT);
});
