// Go live (docs/contract.md section 19, decision 0066): an org made by `npm run admin -- create-org` starts closed, with
// a neutral brand; its visitors get "coming soon" with its name (200, noindex, in the page's language), its signed-in
// admins the site under a preview bar, its staff the invitation and console pages; the logo upload refuses what could
// run or fetch; going live needs a brand, sign-in options and something bookable (409 naming what is missing), happens
// once, and no page kept while the org was closed is served once it is open (nor the open site before).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { d1Query, outbox, signedInClient, uniqueEmail } from './auth-helpers';
import { runAdmin } from './agent-helpers';
import { DEFAULT_THEME } from '../../src/shared/rules/theme';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const svg = (inner: string) => `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

let host: string;
let orgId: number;
let owner: { client: Client; token: string };

const page = (path: string, opts: { cookie?: string; lang?: string } = {}) =>
  call(`${path}${opts.lang ? `${path.includes('?') ? '&' : '?'}lang=${opts.lang}` : ''}`, { host, cookie: opts.cookie, headers: { accept: 'text/html' } });
const ownerCookie = () => `userToken=${owner.token}`;
const isComingSoon = (html: string) => html.includes('class="coming-soon"');
const uploadLogo = (bytes: Buffer | string, type: string) =>
  owner.client.call('/api/admin/logo', { method: 'POST', rawBody: bytes, headers: { 'content-type': type } });
const steps = async () => Object.fromEntries(((await owner.client.call('/api/admin/launch')).json.data.steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done]));

beforeAll(async () => {
  const slug = `soon${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const email = uniqueEmail('owner');
  const r = await runAdmin(['create-org', '--name', 'Harbour Trips', '--slug', slug, '--admin-email', email]);
  expect(r.code, r.stderr).toBe(0);
  const token = /\/change-password\?token=([A-Za-z0-9_-]{43})/.exec((await outbox(email, host))[0]!.text)![1];
  expect((await call('/api/auth/changePassword', { host, body: { token, password: 'Owner1!pass' } })).status).toBe(200);
  owner = await signedInClient(email, 'Owner1!pass', host);
  orgId = (await call('/api/org/config', { host })).json.data.orgId;
}, 240_000);

describe('a new org starts closed', () => {
  it('visitors get "coming soon" with its name on every page: 200, noindex, in the page’s language, no other org’s logo', async () => {
    for (const path of ['/', '/stays', '/hotel-details?id=1']) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(isComingSoon(r.text), path).toBe(true);
      expect(r.headers['x-robots-tag']).toBe('noindex');
      // Never kept at the edge: nothing of a closed org is served from there (decision 0066).
      expect(r.headers['x-page-cache']).toBe('bypass');
      expect(r.text).toContain('<meta name="robots" content="noindex"');
      expect(r.text).toContain('Harbour Trips');
      expect(r.text).toMatch(/<h1[^>]*>Coming soon<\/h1>/);
      expect(r.text).not.toContain('logo-travel-club.svg');
    }
    const fr = await page('/', { lang: 'fr-FR' });
    expect(fr.text).toMatch(/<html lang="fr-FR"/);
    expect(fr.text).toMatch(/<h1[^>]*>Bientôt disponible<\/h1>/);
    expect((await page('/', { lang: 'es-ES' })).text).toMatch(/<h1[^>]*>Próximamente<\/h1>/);
  });

  it('an open org has no coming-soon page: its address answers as an unknown one does', async () => {
    const r = await call('/coming-soon', { headers: { accept: 'text/html' } });
    expect(r.status).toBe(404);
    expect(isComingSoon(r.text)).toBe(false);
  });

  it('staff still get in: the invitation, password and console pages are served as they are', async () => {
    for (const path of ['/invitation?token=x', '/change-password', '/admin', '/admin/brand']) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(isComingSoon(r.text), path).toBe(false);
    }
  });

  it('its signed-in admin sees the site under a preview bar; that page is never kept for a visitor', async () => {
    const r = await page('/', { cookie: ownerCookie() });
    expect(isComingSoon(r.text)).toBe(false);
    expect(r.text).toContain('data-testid="preview-bar"');
    expect(r.text).toContain('your site is not live yet');
    expect(r.headers['x-page-cache']).toBe('bypass');
    expect((await page('/', { cookie: ownerCookie(), lang: 'fr-FR' })).text).toContain('votre site n’est pas encore en ligne');
    // Right after, a visitor of the same address: coming soon, not the admin's page.
    expect(isComingSoon((await page('/')).text)).toBe(true);
    // A member of another org's session is nobody here.
    const demo = await signedInClient('demo@example.com', 'Demo1!pass');
    expect(isComingSoon((await page('/', { cookie: `userToken=${demo.token}` })).text)).toBe(true);
  });

  it('the seeded orgs are live: their sites are served, "Go live" is done', async () => {
    const home = await call('/', { headers: { accept: 'text/html' } });
    expect(isComingSoon(home.text)).toBe(false);
    expect(home.text).not.toContain('preview-bar');
    const admin = await signedInClient('admin@example.com', 'Admin1!pass');
    const launch = (await admin.client.call('/api/admin/launch')).json.data.steps as { step: string; done: boolean }[];
    expect(launch.find((s) => s.step === 'live')!.done).toBe(true);
    expect((await admin.client.call('/api/admin/go-live', { method: 'POST' })).status).toBe(409);
  });
});

describe('the logo upload', () => {
  it('refuses an SVG that runs or fetches, a file of another kind and one over 1 MiB, each with a clear message', async () => {
    for (const [bytes, message] of [
      [svg('<script>alert(1)</script>'), 'This SVG contains a script or an event handler: export it again without them'],
      [svg('<rect width="10" height="10" onload="alert(1)"/>'), 'This SVG contains a script or an event handler: export it again without them'],
      [svg('<image href="https://evil.example/x.png" width="10" height="10"/>'), 'This SVG refers to files or addresses outside itself: embed everything it draws'],
      [svg('<rect style="fill:url(https://evil.example/x)" width="10" height="10"/>'), 'This SVG refers to files or addresses outside itself: embed everything it draws'],
      [svg('<foreignObject><div>x</div></foreignObject>'), 'This SVG refers to files or addresses outside itself: embed everything it draws'],
      ['GIF89a not a logo', 'Upload a PNG, WebP or SVG image'],
    ] as const) {
      const r = await uploadLogo(bytes, 'image/svg+xml');
      expect(r.status, bytes).toBe(400);
      expect(r.json.error.message).toBe(message);
      expect(r.json.error.key).toMatch(/^logo_msg_/);
    }
    const big = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'image/png');
    expect(big.status).toBe(413);
    expect((await d1Query<{ logo_url: string }>(`SELECT logo_url FROM orgs WHERE id = ${orgId}`))[0]!.logo_url).toBe('');
  });

  it('a PNG becomes the org’s logo at its versioned address, served for good; an SVG of shapes and #references is taken', async () => {
    const r = await uploadLogo(PNG, 'application/octet-stream');
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.logo_url).toMatch(/^\/api\/logos\/[0-9a-f]{64}\.png$/);
    const file = await call(r.json.data.logo_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect((await owner.client.call('/api/admin/org')).json.data.logo_url).toBe(r.json.data.logo_url);
    const audit = (await owner.client.call('/api/admin/audit?page=1')).json.data[0];
    expect(audit).toMatchObject({ action: 'org.logo' });
    const shapes = await uploadLogo(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/><use href="#g"/>'), 'image/svg+xml');
    expect(shapes.status, shapes.text).toBe(201);
    expect(shapes.json.data.logo_url).toMatch(/\.svg$/);
    expect((await call(shapes.json.data.logo_url)).headers['content-type']).toBe('image/svg+xml');
    expect((await call('/api/logos/nope.svg')).status).toBe(404);
  });
});

describe('going live', () => {
  it('is refused with 409 naming each missing step, then opens once: audited, and the next visitor gets the site', async () => {
    await d1Query(`DELETE FROM org_themes WHERE org_id = ${orgId}`);
    const early = await owner.client.call('/api/admin/go-live', { method: 'POST' });
    expect(early.status).toBe(409);
    expect(early.json.error.message).toBe('Finish these steps before going live: brand, sign-in options, products offered');
    expect(early.json.error.issues.map((i: { path: string }) => i.path)).toEqual(['brand', 'sign_in', 'products']);
    // A visitor's page while closed (kept nowhere): coming soon.
    expect(isComingSoon((await page('/')).text)).toBe(true);

    expect((await owner.client.call('/api/admin/theme', { method: 'PUT', body: DEFAULT_THEME })).status).toBe(200);
    expect((await owner.client.call('/api/admin/org', { method: 'PATCH', body: { access_code_required: 1 } })).status).toBe(200);
    const still = await owner.client.call('/api/admin/go-live', { method: 'POST' });
    expect(still.json.error.issues.map((i: { path: string }) => i.path)).toEqual(['products']);
    expect((await steps()).products).toBe(false);

    const hotel = await owner.client.call('/api/admin/products', {
      method: 'POST',
      body: { type: 'HLT', name: 'Harbour Hotel', city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.83, time_zone: 'Europe/Paris' },
    });
    expect(hotel.status, hotel.text).toBe(201);
    const productId = hotel.json.data.product_id;
    const room = await owner.client.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: { code: 'DBL', name: { 'en-US': 'Double' }, max_adults: 2, max_occupancy: 2, units: 2 } });
    const plan = await owner.client.call(`/api/admin/products/${productId}/rate-plans`, { method: 'POST', body: { code: 'BAR', name: { 'en-US': 'Best rate' }, room_ids: [room.json.data.room_id] } });
    const night = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const priced = await owner.client.call(`/api/admin/products/${productId}/ari`, {
      method: 'POST',
      body: { updates: [{ room_id: room.json.data.room_id, rate_plan_id: plan.json.data.rate_plan_id, from: night, to: night, price_usd_minor: 9900 }] },
    });
    expect(priced.status, priced.text).toBe(200);
    expect(await steps()).toMatchObject({ brand: true, sign_in: true, products: true, live: false });

    const replies = await Promise.all(Array.from({ length: 30 }, () => owner.client.call('/api/admin/go-live', { method: 'POST' })));
    expect(replies.filter((x) => x.status === 200)).toHaveLength(1);
    expect(replies.filter((x) => x.status === 409)).toHaveLength(29);
    expect(replies.find((x) => x.status === 200)!.json.data.steps.find((s: { step: string }) => s.step === 'live').done).toBe(true);
    expect(await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM admin_audit WHERE org_id = ${orgId} AND action = 'org.live'`)).toEqual([{ n: 1 }]);

    for (const path of ['/', '/stays']) {
      const open = await page(path);
      expect(open.status).toBe(200);
      // Built for this version: no page of the closed org's version could be served.
      expect(open.headers['x-page-cache']).toBe('miss');
      expect(isComingSoon(open.text), path).toBe(false);
      expect(open.text).not.toContain('preview-bar');
      expect(open.headers['x-robots-tag']).toBeUndefined();
    }
    // The admin no longer gets the preview bar either.
    expect((await page('/', { cookie: ownerCookie() })).text).not.toContain('preview-bar');
  }, 120_000);
});
