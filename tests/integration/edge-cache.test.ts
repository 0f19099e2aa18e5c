// The warm path needs nothing but the edge (docs/decisions/0025-edge-cache.md): X-D1-Queries counts the D1 statements
// each request ran, and the org, theme, labels, rates and pages come from the edge cache keyed by the org's version.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, baseUrl, call } from './helpers';
import { d1Query, DB_TEST_TIMEOUT, freshIp, signedInClient, verifiedAccount } from './auth-helpers';

const d1 = (r: { headers: Record<string, unknown> }) => {
  const v = r.headers['x-d1-queries'];
  expect(v, 'X-D1-Queries').toMatch(/^\d+$/);
  return Number(v);
};

describe('X-D1-Queries', () => {
  it('every response in development says how many D1 statements it ran', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/', '/resorts', '/favicon-none']) d1(await call(path));
    // A search runs its page and its count as one batch of two statements, after the org is known.
    expect(d1(await call('/api/products/search?type=HLT&city=Zzzz'))).toBeGreaterThanOrEqual(2);
  });
});

/** Two orgs of this file's own (orgs 1 and 2 stay as other suites expect them); A overrides its home heading in Spanish. */
let hostA: string;
let hostB: string;
let orgA: number;
const A_HEADING = 'Encabezado solo de A';

beforeAll(async () => {
  const slug = crypto.randomUUID().slice(0, 8);
  hostA = `edge-a-${slug}.localhost`;
  hostB = `edge-b-${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, eligible_products) VALUES ('Edge A ${slug}', 'hotel,resorts'); INSERT INTO org_domains (host, org_id) VALUES ('${hostA}', last_insert_rowid()); ` +
      `INSERT INTO label_overrides (org_id, lang, field_name, value) SELECT org_id, 'es-ES', 'home_title', '${A_HEADING}' FROM org_domains WHERE host = '${hostA}'; ` +
      `INSERT INTO orgs (name, eligible_products) VALUES ('Edge B ${slug}', 'hotel,resorts'); INSERT INTO org_domains (host, org_id) VALUES ('${hostB}', last_insert_rowid()); ` +
      `SELECT org_id AS id FROM org_domains WHERE host = '${hostA}';`,
  );
  orgA = row!.id;
}, DB_TEST_TIMEOUT);

const heading = (html: string) => /<h1 data-l="home_title">([^<]*)</.exec(html)?.[1];
const brand = (html: string) => /data-org-name>([^<]*)</.exec(html)?.[1];

describe('the warm path', () => {
  it('the second view of /, /resorts and GET getCountry for the same org and language runs no D1 statement', async () => {
    for (const host of ['localhost', ACME, hostA]) {
      for (const path of ['/?lang=es-ES', '/resorts?lang=es-ES', '/api/general/getCountry', '/api/general/getLabels?lang=es-ES']) {
        const first = await call(path, { host });
        expect(first.status, `${host}${path}`).toBe(200);
        const second = await call(path, { host });
        expect(second.status, `${host}${path}`).toBe(200);
        expect(d1(second), `${host}${path}`).toBe(0);
      }
    }
  });

  it("one org's page and labels are never served to another host", async () => {
    const a = await call('/?lang=es-ES', { host: hostA });
    expect(heading(a.text)).toBe(A_HEADING);
    expect(brand(a.text)).toMatch(/^Edge A /);
    for (let i = 0; i < 2; i++) {
      const b = await call('/?lang=es-ES', { host: hostB });
      expect(brand(b.text)).toMatch(/^Edge B /);
      expect(b.text).not.toContain(A_HEADING);
      expect(b.text).not.toContain('Edge A ');
      const labels = await call('/api/general/getLabels?lang=es-ES', { host: hostB });
      expect(labels.text).not.toContain(A_HEADING);
      expect((await call('/api/org/config', { host: hostB })).json.data.orgName).toMatch(/^Edge B /);
    }
  });

  it('a settings change shows on the very next request, then the path is warm again', async () => {
    const account = await verifiedAccount(hostA);
    await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgA} AND email = '${account.email}';`);
    const { client } = await signedInClient(account.email, account.password, hostA);
    for (const path of ['/', '/resorts', '/api/org/config']) await call(path, { host: hostA });
    const name = `Renamed ${crypto.randomUUID().slice(0, 6)}`;
    const patched = await client.call('/api/admin/org', { method: 'PATCH', body: { name }, headers: { 'cf-connecting-ip': freshIp() } });
    expect(patched.status, patched.text).toBe(200);
    expect(brand((await call('/', { host: hostA })).text)).toBe(name);
    expect(brand((await call('/resorts', { host: hostA })).text)).toBe(name);
    expect((await call('/api/org/config', { host: hostA })).json.data.orgName).toBe(name);
    const again = await call('/', { host: hostA });
    expect(brand(again.text)).toBe(name);
    expect(d1(again)).toBe(0);
  }, DB_TEST_TIMEOUT);
});

describe('a change reaches every data centre', () => {
  it("a console write purges the org's version by tag through the zone's purge API (the Cloudflare simulator's wire)", async () => {
    const account = await verifiedAccount(hostA);
    await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgA} AND email = '${account.email}';`);
    const { client } = await signedInClient(account.email, account.password, hostA);
    const seen = (await call('/_sim/cloudflare/purges')).json.data.length;
    const patched = await client.call('/api/admin/org', { method: 'PATCH', body: { name: `Purged ${crypto.randomUUID().slice(0, 6)}` }, headers: { 'cf-connecting-ip': freshIp() } });
    expect(patched.status, patched.text).toBe(200);
    const purges: { zone: string; tags: string[] }[] = (await call('/_sim/cloudflare/purges')).json.data.slice(seen);
    // The simulator checks the token and the body's shape ({ tags: [...] }) as the API does: a refused call is not listed.
    expect(purges).toContainEqual(expect.objectContaining({ zone: 'dev-zone-0001', tags: [`org-${orgA}`] }));
  }, DB_TEST_TIMEOUT);

  it('a console write that moves nothing a page shows purges nothing: ten short links (at once), then one settings change purges once', async () => {
    const account = await verifiedAccount(hostA);
    await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgA} AND email = '${account.email}';`);
    const { client } = await signedInClient(account.email, account.password, hostA);
    const seen = (await call('/_sim/cloudflare/purges')).json.data.length;
    const made = await Promise.all(Array.from({ length: 10 }, () => client.call('/api/admin/links', { body: { destination: '/' }, headers: { 'cf-connecting-ip': freshIp() } })));
    for (const r of made) expect(r.status, r.text).toBe(201);
    expect((await call('/_sim/cloudflare/purges')).json.data.length).toBe(seen);
    const patched = await client.call('/api/admin/org', { method: 'PATCH', body: { name: `Once ${crypto.randomUUID().slice(0, 6)}` }, headers: { 'cf-connecting-ip': freshIp() } });
    expect(patched.status, patched.text).toBe(200);
    const purges: { tags: string[] }[] = (await call('/_sim/cloudflare/purges')).json.data.slice(seen);
    expect(purges.filter((p) => p.tags.includes(`org-${orgA}`))).toHaveLength(1);
  }, DB_TEST_TIMEOUT);

  it('a read writes no purge: only a change does', async () => {
    const seen = (await call('/_sim/cloudflare/purges')).json.data.length;
    for (const path of ['/', '/resorts', '/api/org/config']) await call(path, { host: hostB });
    expect((await call('/_sim/cloudflare/purges')).json.data.length).toBe(seen);
  });
});

describe('the boot block', () => {
  const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="tc-boot">(.*?)<\/script>/s.exec(html)![1]!);

  it("holds the shell's labels and the org's own texts, under 8 KB on every page and language", async () => {
    for (const lang of ['en-US', 'fr-FR', 'es-ES']) {
      for (const path of ['/', '/resorts', '/search-detail', '/wallet', '/hotel-checkout', '/user-details', '/help', '/privacy-policy']) {
        const page = await call(`${path}?lang=${lang}`, { host: hostA });
        expect(page.status, path).toBe(200);
        const block = /<script type="application\/json" id="tc-boot">.*?<\/script>/s.exec(page.text)![0];
        expect(Buffer.byteLength(block), `${path} ${lang}`).toBeLessThanOrEqual(8 * 1024);
        const { labels } = bootOf(page.text);
        expect(labels.menu_signin, `${path} ${lang}`).toBeTruthy();
        // The search box's labels come with its code, not in the page; a results page draws its box before React, so
        // its page carries them (docs/decisions/0048-results-first-screen.md).
        if (['/resorts', '/search-detail'].includes(path)) expect(labels).toHaveProperty('bk_search_title_HLT');
        else expect(labels).not.toHaveProperty('bk_search_title_HLT');
      }
    }
    expect(bootOf((await call('/?lang=es-ES', { host: hostA })).text).labels.home_title).toBe(A_HEADING);
  });

  it("a results page's also holds its first screen's labels, in the page's language, plural forms included (decision 0048)", async () => {
    for (const path of ['/resorts', '/search-detail', '/activities', '/stays', '/resorts/search-details']) {
      const { labels } = bootOf((await call(`${path}?lang=fr-FR`, { host: hostA })).text);
      expect(labels, path).toMatchObject({ bk_view: 'Voir', bk_per_night: 'par nuit', bk_results_count_one: '{n} résultat · {place}', bk_results_count_other: '{n} résultats · {place}' });
    }
    // Other pages do not: a details page's island brings them with its code.
    expect(bootOf((await call('/hotel-details?lang=fr-FR', { host: hostA })).text).labels).not.toHaveProperty('bk_view');
  });
});

describe('pages cached at the edge', () => {
  it("a signed-in person's pages are kept for everyone, and nothing of theirs is in what others are served", async () => {
    const account = await verifiedAccount(hostB);
    const { client } = await signedInClient(account.email, account.password, hostB);
    const profile = await client.call('/api/auth/checkLogin', { body: {}, headers: { origin: `http://${hostB}:${new URL(baseUrl()).port}` } });
    const personal = [account.email, profile.json.result.username, String(profile.json.result.userId), client.jar.get('userToken')!].filter((s) => s && s.length > 3);
    const paths = ['/?lang=fr-FR', '/wallet?lang=fr-FR', '/user/profile?lang=fr-FR', '/resorts?lang=fr-FR', '/user/my-trips?lang=fr-FR'];
    for (const path of paths) {
      const mine = await client.call(path);
      expect(mine.status, path).toBe(200);
      expect(mine.headers['x-page-cache'], path).toBe('miss');
    }
    const other = await signedInClient('demo@example.com', 'Demo1!pass', 'localhost');
    for (const path of paths) {
      const guest = await call(path, { host: hostB });
      expect(guest.headers['x-page-cache'], path).toBe('hit');
      expect(guest.headers['cache-control'], path).toBe('private, no-cache');
      expect(guest.cookies.join(' '), path).not.toMatch(/userToken|userData/);
      const someoneElse = await call(path, { host: hostB, cookie: other.client.cookie });
      for (const reply of [guest, someoneElse]) for (const text of personal) expect(reply.text, `${path} holds ${text}`).not.toContain(text);
    }
  }, DB_TEST_TIMEOUT);

  it('one page is kept per org, language and currency, and the visitor still gets their own cookies', async () => {
    const eur = await call('/resorts?lang=es-ES', { host: hostA, cookie: 'currency_code=EUR' });
    const usd = await call('/resorts?lang=es-ES', { host: hostA, cookie: 'currency_code=USD' });
    expect(JSON.parse(/id="tc-boot">(.*?)<\/script>/s.exec(eur.text)![1]!).currency).toBe('EUR');
    expect(JSON.parse(/id="tc-boot">(.*?)<\/script>/s.exec(usd.text)![1]!).currency).toBe('USD');
    const again = await call('/resorts?lang=es-ES&latitude=40.4&longitude=-3.7', { host: hostA, cookie: 'currency_code=EUR' });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(d1(again)).toBe(0);
    expect(again.text).toBe(eur.text);
    expect(again.cookies.join(' ')).toMatch(/searchLatitude=40.4/);
    expect(again.cookies.join(' ')).toMatch(/orgid=\d+/);
  });
});

describe('read replicas', () => {
  it("a write's bookmark comes back in a cookie, and a request that sends it back is served", async () => {
    const account = await verifiedAccount(hostA);
    const { client } = await signedInClient(account.email, account.password, hostA);
    const bookmark = client.jar.get('d1bm');
    expect(bookmark, 'the sign-in wrote sessions: its bookmark is in the d1bm cookie').toMatch(/^[0-9a-f-]+$/i);
    const r = await client.call('/api/auth/checkLogin', { body: {}, headers: { origin: `http://${hostA}:${new URL(baseUrl()).port}` } });
    expect(r.json.status).toBe('success');
    const bad = await call('/', { host: hostA, cookie: 'd1bm=not%20a%20bookmark' });
    expect(bad.status).toBe(200);
  }, DB_TEST_TIMEOUT);
});
