// Marketing links (/api/admin/links, /r/{slug}, /api/referral/my-link): the redirect and its parameters, which visits
// count, unique visitors, attribution of sign-ups and first bookings within 30 days, org isolation, refused
// destinations and slugs, and the atomic steps under 30 requests at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { ACME, baseUrl, call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, DB_TEST_TIMEOUT, freshIp, linkToken, PASSWORD, signUpBody, uniqueEmail, verifiedAccount, withIp } from './auth-helpers';
import { bookingBody, firstProduct, key, signIn, traveler } from './booking-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { rollupSql } from '../../functions/db/links';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const NOT_PEOPLE = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'WhatsApp/2.23.20.0 A',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'TelegramBot (like TwitterBot)',
  'curl/8.5.0',
  '',
];

let marketer: Client;
let acmeAdmin: Client;
let consumer: Client;

beforeAll(async () => {
  [marketer, acmeAdmin, consumer] = await Promise.all([
    signIn('marketer@example.com', 'Market1!pass'),
    signIn('admin@acme.example.com', 'Admin1!pass', ACME),
    signIn('demo@example.com', 'Demo1!pass'),
  ]);
});

const slugName = (tag = 'l') => `${tag}-${crypto.randomUUID().slice(0, 8)}`;

async function createLink(body: Record<string, unknown>, who = marketer) {
  const r = await who.call('/api/admin/links', { body });
  expect(r.status, r.text).toBe(201);
  return r.json.data as { slug: string; short_url: string };
}

const visit = (slug: string, headers: Record<string, string> = {}, opts: { host?: string; method?: string } = {}) =>
  call(`/r/${slug}`, { host: opts.host, method: opts.method, headers: { 'user-agent': BROWSER, 'cf-connecting-ip': freshIp(), ...headers } });

async function stats(slug: string, query = '', who = marketer) {
  const r = await who.call(`/api/admin/links/${slug}/stats${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json.data;
}

/** The click is written after the 302 (waitUntil): wait until the figures show `done`, then a little more for strays. */
async function settledStats(slug: string, done: (s: any) => boolean, query = '') {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const s = await stats(slug, query);
    if (done(s)) {
      await new Promise((r) => setTimeout(r, 700));
      return stats(slug, query);
    }
    if (Date.now() > deadline) throw new Error(`figures never settled: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const cookieOf = (r: Reply) => r.cookies.find((c) => c.startsWith('tc_link='))?.split(';')[0];

describe('creating links', () => {
  it('a marketer creates a link with a custom slug and gets its short address; admins may too, members may not', async () => {
    const slug = slugName('spring');
    const made = await createLink({ destination: '/stays', slug, campaign: 'spring-26', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' });
    expect(made.slug).toBe(slug);
    expect(made.short_url).toMatch(new RegExp(`^http://localhost:\\d+/r/${slug}$`));
    const admin = await signIn('admin@example.com', 'Admin1!pass');
    expect((await admin.call('/api/admin/links', { body: { destination: '/' } })).status).toBe(201);
    const refused = await consumer.call('/api/admin/links', { body: { destination: '/' } });
    expect(refused.status).toBe(403);
    expectErrorShape(refused.json, 'FORBIDDEN');
    expect((await call('/api/admin/links', { body: { destination: '/' } })).status).toBe(401);
    const list = await marketer.call('/api/admin/links');
    expect(list.status).toBe(200);
    expect(list.json.data.find((l: any) => l.slug === slug)).toMatchObject({ campaign: 'spring-26', clicks: 0, unique_visitors: 0, signups: 0, first_bookings: 0 });
  });

  it('a slug with anything but letters, digits and dashes is refused with 400', async () => {
    for (const slug of ['has space', 'dot.ted', 'slash/ed', 'ü-mlaut', 'x', '-edge', 'a'.repeat(65), '<script>']) {
      const r = await marketer.call('/api/admin/links', { body: { destination: '/', slug } });
      expect(r.status, slug).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.issues[0].path).toBe('slug');
    }
  });

  it('a taken slug (in any case) is refused politely with 409; another org may use it', async () => {
    const slug = slugName('taken');
    await createLink({ destination: '/', slug });
    for (const again of [slug, slug.toUpperCase()]) {
      const r = await marketer.call('/api/admin/links', { body: { destination: '/stays', slug: again } });
      expect(r.status).toBe(409);
      expect(r.json.error.message).toBe('That short link name is already taken. Please choose another one.');
    }
    expect((await acmeAdmin.call('/api/admin/links', { body: { destination: '/', slug } })).status).toBe(201);
  });

  it('destinations off the site are refused; same-site paths and the landing address are accepted', async () => {
    const refused = ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', 'http://localhost/hotel', '/./%2fevil.example', 'hotel'];
    for (const destination of refused) {
      const r = await marketer.call('/api/admin/links', { body: { destination } });
      expect(r.status, destination).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.issues[0]).toEqual({
        path: 'destination',
        message: "The destination must be a page of this site (starting with /) or the organisation's landing address",
        // The label that says it in the console's language (src/shared/i18n/message-keys.ts).
        key: 'link_msg_destination',
      });
    }
    const admin = await signIn('admin@example.com', 'Admin1!pass');
    const before = (await admin.call('/api/admin/org')).json.data.loyalty_landing_url;
    expect((await admin.call('/api/admin/org', { method: 'PATCH', body: { loyalty_landing_url: 'https://landing.example/travel' } })).status).toBe(200);
    try {
      const landing = await createLink({ destination: 'https://landing.example/travel?from=qr' });
      const r = await visit(landing.slug);
      expect(r.status).toBe(302);
      expect(r.headers.location).toMatch(/^https:\/\/landing\.example\/travel\?from=qr/);
      expect((await marketer.call('/api/admin/links', { body: { destination: 'https://landing.example/other' } })).status).toBe(400);
    } finally {
      await admin.call('/api/admin/org', { method: 'PATCH', body: { loyalty_landing_url: before } });
    }
  });

  it("a path the site has no page for is refused as such (the form's old example /hotel among them); the site's pages with their own query are accepted", async () => {
    for (const destination of ['/hotel', '/no-such-page', '/admin/links', '/stays/extra']) {
      const r = await marketer.call('/api/admin/links', { body: { destination } });
      expect(r.status, destination).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.message).toBe('This page does not exist on your site');
      expect(r.json.error.issues[0]).toEqual({ path: 'destination', message: 'This page does not exist on your site', key: 'link_msg_noSuchPage' });
    }
    for (const destination of ['/', '/stays/', '/resorts/search-details?city=Lisbon', '/hotel-details?id=1#rooms', '/promotions']) {
      const { slug } = await createLink({ destination });
      const r = await visit(slug);
      expect(r.status, destination).toBe(302);
      // The page the link names answers 200, not the site's 404 page.
      const page = await call(r.headers.location as string, { headers: { accept: 'text/html' } });
      expect(page.status, `${destination} → ${r.headers.location}`).toBe(200);
    }
  });

  it('30 concurrent creations of one slug make exactly one link', async () => {
    const slug = slugName('race');
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => marketer.call('/api/admin/links', { body: { destination: `/stays?n=${i}`, slug } })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
  });
});

describe('the redirect', () => {
  it('answers 302 to the destination with the referral and UTM parameters, and sets the last-click cookie for 30 days', async () => {
    const { slug } = await createLink({ destination: '/stays?city=Paris', referral_code: 'SPRING26', utm_source: 'poster', utm_medium: 'qr', utm_campaign: 'spring sale' });
    const r = await visit(slug);
    expect(r.status).toBe(302);
    const to = new URL(r.headers.location as string, 'http://localhost');
    expect(r.headers.location).toMatch(/^\/stays\?/);
    expect(Object.fromEntries(to.searchParams)).toEqual({ city: 'Paris', referral_code: 'SPRING26', referral_org: '1', utm_source: 'poster', utm_medium: 'qr', utm_campaign: 'spring sale' });
    const cookie = r.cookies.find((c) => c.startsWith('tc_link='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(r.headers['cache-control']).toMatch(/no-store/);
  });

  it('an unknown slug is the site 404 page with a way home; the QR code is an SVG of the short address', async () => {
    const missing = await call('/r/no-such-link-here', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.text).toMatch(/href="\/"/);
    const { slug } = await createLink({ destination: '/' });
    const qr = await call(`/r/${slug}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(qr.text).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((await call('/r/no-such-link-here/qr.svg')).status).toBe(404);
  });

  it('bots, link previews, scripts, HEAD and prefetches are not counted; people are, by country, referrer and day', async () => {
    const { slug } = await createLink({ destination: '/' });
    for (const ua of NOT_PEOPLE) {
      const r = await visit(slug, { 'user-agent': ua });
      expect(r.status, ua).toBe(302);
      expect(cookieOf(r), ua).toBeUndefined();
    }
    expect((await visit(slug, {}, { method: 'HEAD' })).status).toBe(302);
    expect((await visit(slug, { 'sec-purpose': 'prefetch' })).status).toBe(302);
    await visit(slug, { 'x-dev-country': 'FR', referer: 'https://news.example.org/a?b=c' });
    await visit(slug, { 'x-dev-country': 'FR', 'user-agent': PHONE });
    const s = await settledStats(slug, (x) => x.clicks >= 2);
    expect(s.clicks).toBe(2);
    expect(s.by_country).toEqual([{ country: 'FR', clicks: 2 }]);
    expect(s.by_referrer).toEqual(expect.arrayContaining([{ referrer: 'news.example.org', clicks: 1 }, { referrer: '', clicks: 1 }]));
    const today = new Date().toISOString().slice(0, 10);
    expect(s.by_day.find((d: any) => d.day === today)).toMatchObject({ clicks: 2 });
    expect(s.by_day).toHaveLength(30);
  });

  it('a visitor counts once per link per day however often they click, whatever user agent they send; nothing but a hash of them is kept', async () => {
    const { slug } = await createLink({ destination: '/' });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await visit(slug, { 'cf-connecting-ip': ip });
    await visit(slug, { 'cf-connecting-ip': freshIp() });
    await visit(slug, { 'cf-connecting-ip': ip, 'user-agent': PHONE });
    const s = await settledStats(slug, (x) => x.clicks >= 5);
    expect(s.clicks).toBe(5);
    expect(s.unique_visitors).toBe(2);
    const rows = await d1Query<{ n: number }>(
      `SELECT (SELECT COUNT(*) FROM link_visitors v JOIN short_links l ON l.id = v.link_id WHERE l.slug = '${slug}') AS n;`,
    );
    expect(rows[0]!.n).toBe(2);
    const clicks = await d1Query<Record<string, unknown>>(`SELECT c.* FROM link_clicks c JOIN short_links l ON l.id = c.link_id WHERE l.slug = '${slug}';`);
    expect(clicks).toHaveLength(5);
    expect(Object.keys(clicks[0]!).sort()).toEqual(['at', 'country', 'device', 'first_visit', 'id', 'link_id', 'referrer_host']);
    expect(JSON.stringify(clicks)).not.toContain(ip);
    expect(clicks.map((c) => c.device).sort()).toEqual(['desktop', 'desktop', 'desktop', 'desktop', 'mobile']);
    expect(clicks.map((c) => c.first_visit)).toEqual([1, 0, 0, 1, 0]);

    // Once those clicks are written, the same visitor again is a click and no new visitor (a later write sees them).
    await visit(slug, { 'cf-connecting-ip': ip });
    const again = await settledStats(slug, (x) => x.clicks >= 6);
    expect([again.clicks, again.unique_visitors]).toEqual([6, 2]);
  }, DB_TEST_TIMEOUT);

  it('a warm redirect runs no D1 statement (the link from the edge, the click written after the answer), and the click is still counted', async () => {
    const { slug } = await createLink({ destination: '/stays', utm_source: 'warm' });
    const cold = await visit(slug);
    expect(cold.status).toBe(302);
    expect(Number(cold.headers['x-d1-queries'])).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const warm = await visit(slug);
      expect(warm.status).toBe(302);
      expect(warm.headers.location).toBe('/stays?utm_source=warm');
      expect(cookieOf(warm)).toMatch(/^tc_link=\d+\.\d+\.[0-9a-f]{32}$/);
      expect(warm.headers['x-d1-queries'], `warm visit ${i + 1}`).toBe('0');
    }
    const s = await settledStats(slug, (x) => x.clicks >= 4);
    expect(s.clicks).toBe(4);
  });

  it('a slug asked for before its link existed redirects as soon as the link is made; a change under a new org version is served on the next request', async () => {
    const slug = slugName('later');
    expect((await visit(slug)).status).toBe(404);
    await createLink({ destination: '/stays', slug });
    const first = await visit(slug);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/stays');
    expect((await visit(slug)).headers['x-d1-queries']).toBe('0');
    // Changed behind the console's back (the console's own change purges the link itself): the org's version moving retires the copy too.
    await d1Query(`UPDATE short_links SET destination = '/resorts' WHERE org_id = 1 AND slug = '${slug}';`);
    const admin = await signIn('admin@example.com', 'Admin1!pass');
    const days = (await admin.call('/api/admin/org')).json.data.min_checkin_days;
    expect((await visit(slug)).headers.location, 'the version unchanged, the kept copy answers').toBe('/stays');
    expect((await admin.call('/api/admin/org', { method: 'PATCH', body: { min_checkin_days: days === 30 ? 29 : days + 1 } })).status).toBe(200);
    try {
      const changed = await visit(slug);
      expect(changed.status).toBe(302);
      expect(changed.headers.location).toBe('/resorts');
      expect((await visit(slug, {}, { host: ACME })).status).toBe(404);
    } finally {
      await admin.call('/api/admin/org', { method: 'PATCH', body: { min_checkin_days: days } });
    }
  }, DB_TEST_TIMEOUT);

  it('30 concurrent clicks are all written, each once, with the visitor counted once', async () => {
    const { slug } = await createLink({ destination: '/' });
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 30 }, () => visit(slug, { 'cf-connecting-ip': ip })));
    expect(replies.every((r) => r.status === 302)).toBe(true);
    const s = await settledStats(slug, (x) => x.clicks >= 30);
    expect(s.clicks).toBe(30);
    expect(s.unique_visitors).toBe(1);
  });
});

describe('changing links', () => {
  const auditOf = async (target: string) => {
    const admin = await signIn('admin@example.com', 'Admin1!pass');
    const r = await admin.call('/api/admin/audit?page=1');
    expect(r.status, r.text).toBe(200);
    return (r.json.data as { action: string; target: string; actor_email: string; detail: any }[]).filter((row) => row.target === target);
  };

  it("a link's destination, campaign and UTMs change (checked as at creation), its next visit follows at once, and creation and every change are audited", async () => {
    const slug = slugName('edit');
    await createLink({ destination: '/stays', slug, campaign: 'autumn', utm_source: 'poster' });
    expect((await visit(slug)).headers.location).toBe('/stays?utm_source=poster');
    expect((await visit(slug)).headers['x-d1-queries'], 'kept warm before the change').toBe('0');
    const read = await marketer.call(`/api/admin/links/${slug}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json.data).toMatchObject({ slug, destination: '/stays', campaign: 'autumn', utm_source: 'poster', utm_medium: '', archived: false, clicks: expect.any(Number) });

    const r = await marketer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { destination: '/activities?city=Lisbon', campaign: '', utm_medium: 'print' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ slug, destination: '/activities?city=Lisbon', campaign: '', utm_source: 'poster', utm_medium: 'print' });
    const after = await visit(slug);
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe('/activities?city=Lisbon&utm_source=poster&utm_medium=print');

    const rows = await auditOf(`link:${slug}`);
    expect(rows.map((row) => row.action)).toEqual(['link.update', 'link.create']);
    expect(rows[0]).toMatchObject({
      actor_email: 'marketer@example.com',
      detail: { before: { destination: '/stays', campaign: 'autumn', utm_medium: '' }, after: { destination: '/activities?city=Lisbon', campaign: '', utm_medium: 'print' } },
    });
    expect(rows[1]!.detail.after).toMatchObject({ slug, destination: '/stays', campaign: 'autumn', utm_source: 'poster' });

    // The same values again change nothing and write nothing.
    expect((await marketer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { utm_medium: 'print' } })).status).toBe(200);
    expect(await auditOf(`link:${slug}`)).toHaveLength(2);
  }, DB_TEST_TIMEOUT);

  it('a refused change writes nothing: a page the site lacks, an off-site address, nothing to change, an unknown link, another org, a member', async () => {
    const { slug } = await createLink({ destination: '/stays' });
    const cases: [Record<string, unknown>, string][] = [
      [{ destination: '/hotel' }, 'This page does not exist on your site'],
      [{ destination: 'https://evil.example/' }, "Invalid destination: The destination must be a page of this site (starting with /) or the organisation's landing address"],
      [{}, 'Invalid request: Send at least one field to change'],
      [{ slug: 'renamed' }, ''],
      [{ archived: 'yes' }, ''],
    ];
    for (const [body, message] of cases) {
      const r = await marketer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      if (message) expect(r.json.error.message).toBe(message);
    }
    expect((await marketer.call('/api/admin/links/no-such-link-here', { method: 'PATCH', body: { utm_source: 'x' } })).status).toBe(404);
    expect((await marketer.call('/api/admin/links/x', { method: 'GET' })).status).toBe(404);
    expect((await acmeAdmin.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { utm_source: 'acme' } })).status).toBe(404);
    expect((await consumer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { utm_source: 'member' } })).status).toBe(403);
    expect((await marketer.call(`/api/admin/links/${slug}`)).json.data).toMatchObject({ destination: '/stays', utm_source: '' });
    expect(await auditOf(`link:${slug}`)).toHaveLength(1);
  });

  it('an archived link leaves the list as archived and keeps redirecting (printed QR codes keep working); restoring brings it back; both audited', async () => {
    const { slug } = await createLink({ destination: '/promotions' });
    const archived = await marketer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { archived: true } });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json.data.archived).toBe(true);
    const listed = (await marketer.call('/api/admin/links')).json.data.find((l: { slug: string }) => l.slug === slug);
    expect(listed.archived).toBe(true);
    expect((await visit(slug)).headers.location).toBe('/promotions');
    const restored = await marketer.call(`/api/admin/links/${slug}`, { method: 'PATCH', body: { archived: false } });
    expect(restored.json.data.archived).toBe(false);
    expect((await auditOf(`link:${slug}`)).map((row) => row.action)).toEqual(['link.restore', 'link.archive', 'link.create']);
  });
});

describe('QR codes', () => {
  it('come as SVG and PNG at a chosen size, as a file to save with download=1; sizes outside 256–2048 are 400', async () => {
    const { slug } = await createLink({ destination: '/' });
    const svg = await call(`/r/${slug}/qr.svg?size=1024&download=1`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe(`attachment; filename="qr-${slug}-1024.svg"`);
    expect(svg.text).toMatch(/^<svg[^>]*width="1024"[^>]*height="1024"/);
    expect((await call(`/r/${slug}/qr.svg`)).headers['content-disposition']).toBeUndefined();

    const declared = await call(`/r/${slug}/qr.png?size=512`);
    expect(declared.status).toBe(200);
    expect(declared.headers['content-type']).toBe('image/png');
    for (const size of [256, 2048]) {
      const png = await fetch(new URL(`/r/${slug}/qr.png?size=${size}&download=1`, baseUrl()));
      expect(png.status).toBe(200);
      expect(png.headers.get('content-disposition')).toBe(`attachment; filename="qr-${slug}-${size}.png"`);
      const bytes = new Uint8Array(await png.arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const view = new DataView(bytes.buffer);
      // IHDR: the image is as wide and as tall as asked.
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([size, size]);
    }
    for (const size of ['255', '2049', '0', 'big', '1e3']) {
      for (const kind of ['svg', 'png']) {
        const r = await call(`/r/${slug}/qr.${kind}?size=${size}`);
        expect(r.status, `${kind} ${size}`).toBe(400);
        expectErrorShape(r.json, 'BAD_REQUEST');
      }
    }
    expect((await call(`/r/no-such-link-here/qr.png`)).status).toBe(404);
  });
});

describe('who counts', () => {
  it('headless browsers, Lighthouse and automation tools are not visitors; 40 clicks in flight from one address changing its user agent are one visitor', async () => {
    const { slug } = await createLink({ destination: '/' });
    const AUTOMATED: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36' },
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse' },
      { 'user-agent': BROWSER, 'sec-ch-ua': '"HeadlessChrome";v="130", "Chromium";v="130", "Not?A_Brand";v="99"' },
    ];
    for (const headers of AUTOMATED) {
      const r = await visit(slug, headers);
      expect(r.status).toBe(302);
      expect(cookieOf(r), 'no last-click cookie for a program').toBeUndefined();
    }
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => visit(slug, { 'cf-connecting-ip': ip, 'user-agent': `${i % 2 ? PHONE : BROWSER} Build/${i}` })),
    );
    expect(replies.every((r) => r.status === 302)).toBe(true);
    const s = await settledStats(slug, (x) => x.clicks >= 40);
    expect(s.clicks).toBe(40);
    expect(s.unique_visitors).toBe(1);
    expect(s.by_device).toEqual(expect.arrayContaining([{ device: 'desktop', clicks: 20 }, { device: 'mobile', clicks: 20 }]));
    expect(s.by_device).toHaveLength(2);
  }, DB_TEST_TIMEOUT);
});

describe('attribution', () => {
  async function signUpWith(cookie: string | undefined) {
    const email = uniqueEmail('link');
    const ip = freshIp();
    const r = await call('/api/signUp', withIp(ip, { body: signUpBody(email), cookie }));
    expect(r.json?.data?.code, r.text).toBe(200);
    return { email, ip };
  }
  async function confirm(email: string, ip: string) {
    const { token } = await linkToken(email, '/verify-account');
    expect((await call('/api/auth/verifyAccount', withIp(ip, { body: { token } }))).status).toBe(200);
  }
  async function book(email: string, cookie?: string) {
    const client = await signIn(email, PASSWORD);
    if (cookie) client.jar.set('tc_link', cookie.split('=')[1]!);
    const hotel = await firstProduct('HLT');
    const r = await client.call('/api/booking/checkout', { body: { ...bookingBody(hotel.product_id), traveler, idempotency_key: key() } });
    expect(r.status, r.text).toBe(200);
    // A first booking is credited once confirmed (docs/decisions/0029): its card part is paid on the provider's page.
    if (r.json.data.payment_url) await call(`/_sim/stripe/checkout/${String(r.json.data.payment_url).split('/').pop()}/pay`, { body: { card: '4242424242424242' } });
    return r.json.data as { total: number; currency: string; booking_id: string };
  }

  it('the last click is credited with the confirmed sign-up and the first booking and its revenue, each once', async () => {
    const first = await createLink({ destination: '/' });
    const last = await createLink({ destination: '/stays' });
    await visit(first.slug);
    const cookie = cookieOf(await visit(last.slug))!;
    const { email, ip } = await signUpWith(cookie);
    let s = await stats(last.slug);
    expect(s.signups).toBe(0);
    await confirm(email, ip);
    s = await stats(last.slug);
    expect(s.signups).toBe(1);
    expect((await stats(first.slug)).signups).toBe(0);
    const booked = await book(email, cookie);
    await book(email, cookie);
    s = await stats(last.slug);
    expect(s.first_bookings).toBe(1);
    expect(s.currency).toBe('USD');
    const price = await d1Query<{ p: number }>(`SELECT price_minor AS p FROM bookings WHERE booking_ref = '${booked.booking_id}';`);
    expect(s.revenue).toBe(price[0]!.p / 100);
    expect(s.revenue).toBeGreaterThan(0);
    expect(s.conversion).toBeGreaterThan(0);
    const rows = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM link_conversions c JOIN users u ON u.id = c.user_id WHERE u.email = '${email}';`);
    expect(rows[0]!.n).toBe(2);
  }, DB_TEST_TIMEOUT);

  it('a click older than 30 days, or a cookie changed by hand, is credited with nothing', async () => {
    const { slug } = await createLink({ destination: '/' });
    const [row] = await d1Query<{ id: number }>(`SELECT id FROM short_links WHERE slug = '${slug}' AND org_id = 1;`);
    const pepper = (readDevVars() as Record<string, string>).PASSWORD_PEPPER ?? '';
    const signed = (at: number) => {
      const body = `${row!.id}.${at}`;
      return `tc_link=${body}.${createHmac('sha256', `marketing-link-click:${pepper}`).update(body).digest('hex').slice(0, 32)}`;
    };
    const day = 86_400_000;
    const old = await signUpWith(signed(Date.now() - 31 * day));
    await confirm(old.email, old.ip);
    expect((await stats(slug)).signups).toBe(0);
    const forged = signed(Date.now() - day).replace(/.$/, (ch) => (ch === '0' ? '1' : '0'));
    const tampered = await signUpWith(forged);
    await confirm(tampered.email, tampered.ip);
    expect((await stats(slug)).signups).toBe(0);
    const recent = await signUpWith(signed(Date.now() - 29 * day));
    await confirm(recent.email, recent.ip);
    expect((await stats(slug)).signups).toBe(1);
    // Booking later on another device (no cookie): the sign-up's click, 29 days old, is still within the window...
    await book(recent.email);
    expect((await stats(slug)).first_bookings).toBe(1);
    // ...and one that fell out of the window credits nothing.
    const late = await signUpWith(signed(Date.now() - 29 * day));
    await confirm(late.email, late.ip);
    await d1Query(`UPDATE link_conversions SET click_at = '${new Date(Date.now() - 31 * day).toISOString()}' WHERE user_id = (SELECT id FROM users WHERE email = '${late.email}');`);
    await book(late.email);
    expect((await stats(slug)).first_bookings).toBe(1);
  }, DB_TEST_TIMEOUT * 2);
});

describe('figures', () => {
  it('per link and per campaign, a date range and CSV; bad ranges are 400', async () => {
    const campaign = `camp-${crypto.randomUUID().slice(0, 6)}`;
    const a = await createLink({ destination: '/', campaign });
    const b = await createLink({ destination: '/stays', campaign });
    await visit(a.slug, { 'x-dev-country': 'DE' });
    await visit(b.slug, { 'x-dev-country': 'ES' });
    await settledStats(a.slug, (x) => x.clicks >= 1);
    await settledStats(b.slug, (x) => x.clicks >= 1);
    const today = new Date().toISOString().slice(0, 10);
    const r = await marketer.call(`/api/admin/campaigns/${campaign}/stats?from=${today}&to=${today}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ from: today, to: today, clicks: 2, unique_visitors: 2 });
    expect(r.json.data.by_country).toEqual(expect.arrayContaining([{ country: 'DE', clicks: 1 }, { country: 'ES', clicks: 1 }]));
    expect((await marketer.call(`/api/admin/campaigns/no-such-${campaign}/stats`)).status).toBe(404);
    const csv = await marketer.call(`/api/admin/links/${a.slug}/stats?from=${today}&to=${today}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toBe(`day,clicks,unique_visitors,signups,first_bookings,revenue_USD\r\n${today},1,1,0,0,0\r\n`);
    for (const q of ['?from=2026-13-01', '?from=2026-05-02&to=2026-05-01', '?from=2024-01-01&to=2026-01-01', '?format=xml', '?to=yesterday']) {
      const bad = await marketer.call(`/api/admin/links/${a.slug}/stats${q}`);
      expect(bad.status, q).toBe(400);
      expectErrorShape(bad.json, 'BAD_REQUEST');
    }
    expect((await marketer.call('/api/admin/links/no-such-link-x/stats')).status).toBe(404);
  });

  it('the figures read the roll-ups through their primary key, never a scan of the clicks', async () => {
    const scope = 'SELECT id FROM short_links WHERE org_id = 1 AND slug = \'x\'';
    for (const dim of ['day', 'country', 'referrer'] as const) {
      const sql = rollupSql(scope, dim).replace(/\?3/g, "'2026-01-01'").replace(/\?4/g, "'2026-12-31'");
      const plan = (await d1Query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail).join('\n');
      expect(plan, plan).toMatch(/SEARCH link_daily USING (?:PRIMARY KEY|INDEX sqlite_autoindex_link_daily_1) \(link_id=\? AND dim=\? AND day>\? AND day<\?\)/);
      expect(plan).not.toMatch(/SCAN link_daily|link_clicks/);
    }
  }, DB_TEST_TIMEOUT);
});

describe('organisations and members', () => {
  it("another org sees neither the link nor its figures, and its host does not redirect it", async () => {
    const { slug } = await createLink({ destination: '/' });
    expect((await acmeAdmin.call(`/api/admin/links/${slug}/stats`)).status).toBe(404);
    expect((await acmeAdmin.call('/api/admin/links')).json.data.some((l: any) => l.slug === slug)).toBe(false);
    expect((await visit(slug, {}, { host: ACME })).status).toBe(404);
    const wrongHost = await marketer.call(`/api/admin/links/${slug}/stats`, { host: ACME });
    expect(wrongHost.status).toBe(403);
  });

  it('members get one short link each, created once under 30 concurrent first asks per member (90 in flight), carrying their referral code', async () => {
    // Nobody has a link yet and every ask is in flight before the first answer: each ask reads "no link" and inserts,
    // so only the one-per-member index can keep it to one row (the rows are counted in D1, not from the replies).
    const accounts = await Promise.all([verifiedAccount(), verifiedAccount(), verifiedAccount()]);
    const members = await Promise.all(accounts.map((a) => signIn(a.email, a.password)));
    const emails = accounts.map((a) => `'${a.email}'`).join(', ');
    expect((await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM short_links WHERE owner_user_id IN (SELECT id FROM users WHERE email IN (${emails}));`))[0]!.n).toBe(0);
    const replies = await Promise.all(members.flatMap((m) => Array.from({ length: 30 }, () => m.call('/api/referral/my-link'))));
    expect(replies.map((r) => r.status)).toEqual(Array(90).fill(200));
    const rows = await d1Query<{ email: string; n: number }>(
      `SELECT u.email AS email, COUNT(l.id) AS n FROM users u LEFT JOIN short_links l ON l.owner_user_id = u.id WHERE u.email IN (${emails}) GROUP BY u.email;`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.email, r.n]))).toEqual(Object.fromEntries(accounts.map((a) => [a.email, 1])));
    for (let i = 0; i < members.length; i++) {
      const mine = replies.slice(i * 30, (i + 1) * 30);
      expect(new Set(mine.map((r) => r.json.data.short_url)).size).toBe(1);
    }
    const [member] = members;
    const { short_url, long_url } = replies[0]!.json.data;
    const code = (await member!.call('/api/referral/getRewards')).json.data.referralCode;
    expect(new URL(long_url).searchParams.get('referral_code')).toBe(code);
    const r = await visit(new URL(short_url).pathname.slice(3));
    expect(new URL(r.headers.location as string, 'http://localhost').searchParams.get('referral_code')).toBe(code);
    expect((await call('/api/referral/my-link')).status).toBe(401);
  }, DB_TEST_TIMEOUT * 2);
});
