// The org console's API (/api/admin/*): roles, the org of the host only, validation in the contract's error shape, the
// audit log, org changes visible on the next request, and the last admin kept under 30 concurrent demotions.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, freshIp, signedInClient, signUpBody, uniqueEmail, verifiedAccount, withIp, signInBody, DB_TEST_TIMEOUT } from './auth-helpers';

const SEEDED = {
  admin: { email: 'admin@example.com', password: 'Admin1!pass' },
  acmeAdmin: { email: 'admin@acme.example.com', password: 'Admin1!pass' },
  marketer: { email: 'marketer@example.com', password: 'Market1!pass' },
  agent: { email: 'agent@example.com', password: 'Agent1!pass' },
  consumer: { email: 'demo@example.com', password: 'Demo1!pass' },
};

/** Every console route with a request that an admin of the org may make. */
const ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/org' },
  { method: 'PATCH', path: '/api/admin/org', body: { min_checkin_days: 2 } },
  { method: 'GET', path: '/api/admin/access-codes' },
  { method: 'POST', path: '/api/admin/access-codes', body: { code: 'ROLECHECK1' } },
  { method: 'DELETE', path: '/api/admin/access-codes/ROLECHECK1' },
  { method: 'GET', path: '/api/admin/members?q=&page=1' },
  { method: 'PATCH', path: '/api/admin/members/1', body: { can_user_book: 1 } },
  { method: 'GET', path: '/api/admin/audit?page=1' },
  { method: 'GET', path: '/api/admin/members/1' },
  { method: 'POST', path: '/api/admin/members/1/payments', body: { amount: 10 } },
  { method: 'GET', path: '/api/admin/theme' },
  {
    method: 'PUT', path: '/api/admin/theme',
    body: { primary: '#0b5cad', primary_text: '#ffffff', accent: '#f59e0b', background: '#ffffff', text: '#1c2430', font_family: 'serif', radius: 4 },
  },
  { method: 'GET', path: '/api/admin/launch' },
  { method: 'POST', path: '/api/admin/go-live' },
  { method: 'GET', path: '/api/admin/enquiries?page=1' },
];

/** An org of its own (the shared orgs 1 and 2 stay as other suites expect them), with two admins, a member and a marketer. */
let host: string;
let orgId: number;
let adminA: { client: Client; token: string; email: string; userId: number };
let adminB: { client: Client; token: string; email: string; userId: number };
let member: { email: string; userId: number };
let marketer: Client;
let consumer: Client;
/** Members who signed up with an access code in the access codes tests (the member list counts them too). */
let codedMembers = 0;

async function signedIn(who: { email: string; password: string }, h = host) {
  const s = await signedInClient(who.email, who.password, h);
  return { client: s.client, token: s.token, email: who.email, userId: s.reply.json.result.userId as number };
}

beforeAll(async () => {
  const slug = `console-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, eligible_products) VALUES ('Console ${slug}', 'hotel,activities'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid()); SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  const accounts = await Promise.all([0, 1, 2, 3].map(() => verifiedAccount(host)));
  const [a, b, m, k] = accounts;
  await d1Query(
    `UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email IN ('${a!.email}', '${b!.email}'); UPDATE users SET role = 'marketer' WHERE org_id = ${orgId} AND email = '${k!.email}';`,
  );
  [adminA, adminB] = await Promise.all([signedIn(a!), signedIn(b!)]);
  const mem = await signedIn(m!);
  member = { email: m!.email, userId: mem.userId };
  consumer = mem.client;
  marketer = (await signedIn(k!)).client;
}, DB_TEST_TIMEOUT);

const send = (client: Client | null, r: { method: string; path: string; body?: unknown }, h = host, headers: Record<string, string> = {}) =>
  client
    ? client.call(r.path, { method: r.method, body: r.body, headers: { 'cf-connecting-ip': freshIp(), ...headers } })
    : call(r.path, { host: h, method: r.method, body: r.body, headers: { 'cf-connecting-ip': freshIp(), ...headers } });

function expect400(r: Reply, path: string) {
  expect(r.status, r.text).toBe(400);
  expectErrorShape(r.json, 'BAD_REQUEST');
  expect(r.json.error.issues.map((i: { path: string }) => i.path), r.text).toContain(path);
  for (const i of r.json.error.issues) expect(typeof i.message).toBe('string');
}

async function auditRows(client = adminA.client) {
  const r = await client.call('/api/admin/audit?page=1');
  expect(r.status, r.text).toBe(200);
  return r.json as { count: number; data: { at: string; actor_email: string; action: string; target: string; detail: any }[] };
}

describe('roles', () => {
  it('sign-in answers the stored role admin or marketer, in the LoginResult and the userData cookie', async () => {
    for (const [who, role] of [[SEEDED.admin, 'admin'], [SEEDED.marketer, 'marketer']] as const) {
      const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(who.email, who.password) }));
      expect(r.status, r.text).toBe(200);
      expect(r.json.result.role).toBe(role);
      const data = r.cookies.find((c) => c.startsWith('userData='))!;
      expect(JSON.parse(decodeURIComponent(data.split(';')[0]!.slice('userData='.length))).role).toBe(role);
    }
    const acme = await call('/api/signIn', withIp(freshIp(), { host: 'acme.localhost', body: signInBody(SEEDED.acmeAdmin.email, SEEDED.acmeAdmin.password) }));
    expect(acme.json.result.role).toBe('admin');
  });

  it('an admin or a marketer is not an agent: the agent API refuses both with 403', async () => {
    const admin = await signedIn(SEEDED.admin, 'localhost');
    const mkt = await signedIn(SEEDED.marketer, 'localhost');
    for (const c of [admin.client, mkt.client]) expect((await c.call('/api/agent/profile')).status).toBe(403);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 signed out, 403 for a member, an agent and a marketer', async (_, route) => {
    const signedOut = await send(null, route);
    expect(signedOut.status, signedOut.text).toBe(401);
    expectErrorShape(signedOut.json, 'UNAUTHORIZED');
    const agent = (await signedIn(SEEDED.agent, 'localhost')).client;
    const orgOneMarketer = (await signedIn(SEEDED.marketer, 'localhost')).client;
    for (const [who, client] of [['member', consumer], ['marketer', marketer], ['agent of org 1', agent], ['marketer of org 1', orgOneMarketer]] as const) {
      const r = await send(client, route);
      expect(r.status, `${who}: ${r.text}`).toBe(403);
      expectErrorShape(r.json, 'FORBIDDEN');
    }
  });
});

describe('one org only', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))("%s: an admin of org 1 on this org's host gets 403 and changes nothing", async (_, route) => {
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const before = await auditRows();
    const r = await send(null, route, host, { authorization: `Bearer ${orgOne.token}` });
    expect(r.status, r.text).toBe(403);
    expectErrorShape(r.json, 'FORBIDDEN');
    expect((await auditRows()).count).toBe(before.count);
  });

  it("an admin of org 1 on Acme's host gets 403; Acme's admin reads Acme's settings there", async () => {
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const r = await call('/api/admin/org', { host: 'acme.localhost', headers: { authorization: `Bearer ${orgOne.token}` } });
    expect(r.status, r.text).toBe(403);
    const acme = await signedIn(SEEDED.acmeAdmin, 'acme.localhost');
    const mine = await acme.client.call('/api/admin/org');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.data.name).toBe('Acme Travel');
  });

  it("another org's member ids are 404 and unchanged; its members and audit rows never show", async () => {
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const before = await d1Query<{ can_user_book: number; role: string }>(`SELECT can_user_book, role FROM users WHERE id = ${member.userId}`);
    for (const body of [{ can_user_book: 0 }, { role: 'admin' }]) {
      const r = await orgOne.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body });
      expect(r.status, r.text).toBe(404);
    }
    expect(await d1Query(`SELECT can_user_book, role FROM users WHERE id = ${member.userId}`)).toEqual(before);
    const list = await orgOne.client.call(`/api/admin/members?q=${encodeURIComponent(member.email)}`);
    expect(list.json).toMatchObject({ count: 0, data: [] });
    const audit = await orgOne.client.call('/api/admin/audit');
    expect(JSON.stringify(audit.json)).not.toContain(adminA.email);
  }, DB_TEST_TIMEOUT);

  it("a code of this org cannot be revoked from another org (and the same text there is another org's code)", async () => {
    expect((await adminA.client.call('/api/admin/access-codes', { body: { code: 'CROSSORG26' } })).status).toBe(201);
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    expect((await orgOne.client.call('/api/admin/access-codes/CROSSORG26', { method: 'DELETE' })).status).toBe(404);
    const check = await call('/api/signUp/validateAccessCode', { host, body: { jsonRegister: { accesscode: 'CROSSORG26', email_id: '' } } });
    expect(check.json.data.status).toBe(1);
  });

  it("another org's member detail is 404; org 1's code list never shows this org's codes or who used them", async () => {
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const detail = await orgOne.client.call(`/api/admin/members/${member.userId}`);
    expect(detail.status, detail.text).toBe(404);
    expectErrorShape(detail.json, 'NOT_FOUND');
    expect((await adminA.client.call('/api/admin/access-codes', { body: { code: 'ONLYHERE77', label: 'Only here' } })).status).toBe(201);
    const theirs = await orgOne.client.call('/api/admin/access-codes');
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.json)).not.toContain('Only here');
    expect(JSON.stringify(theirs.json)).not.toContain(member.email);
  });

  it("the marketing routes: org 1's admin and marketer get 403 on this host; a link of this org is 404 from org 1", async () => {
    const made = await marketer.call('/api/admin/links', { body: { destination: '/resorts', slug: `here-${crypto.randomUUID().slice(0, 6)}`, campaign: 'herecamp' } });
    expect(made.status, made.text).toBe(201);
    const slug = made.json.data.slug as string;
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const orgOneMarketer = await signedIn(SEEDED.marketer, 'localhost');
    const routes = [
      { method: 'GET', path: '/api/admin/links' },
      { method: 'POST', path: '/api/admin/links', body: { destination: '/resorts' } },
      { method: 'GET', path: `/api/admin/links/${slug}/stats` },
      { method: 'GET', path: '/api/admin/campaigns/herecamp/stats' },
    ];
    for (const route of routes) {
      for (const token of [orgOne.token, orgOneMarketer.token]) {
        const r = await send(null, route, host, { authorization: `Bearer ${token}` });
        expect(r.status, `${route.method} ${route.path}: ${r.text}`).toBe(403);
        expectErrorShape(r.json, 'FORBIDDEN');
      }
    }
    const stats = await orgOneMarketer.client.call(`/api/admin/links/${slug}/stats`);
    expect(stats.status, stats.text).toBe(404);
    const list = await orgOne.client.call('/api/admin/links');
    expect(JSON.stringify(list.json)).not.toContain(slug);
  }, DB_TEST_TIMEOUT);

  it('a cross-site change is refused with 403 and writes nothing', async () => {
    const before = await auditRows();
    const r = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { name: 'Evil' }, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect((await auditRows()).count).toBe(before.count);
  }, DB_TEST_TIMEOUT);
});

describe('settings', () => {
  it('GET answers every setting of the org', async () => {
    const r = await adminA.client.call('/api/admin/org');
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json.data).sort()).toEqual(
      [
        'access_code_required', 'all_inclusive_url', 'allow_guest_booking', 'b2b_mode', 'calendar_type', 'default_currency', 'default_language',
        'eligible_products', 'facebook_app_id', 'facebook_enabled', 'google_client_id', 'google_enabled', 'loyalty_landing_url', 'logo_url',
        'min_checkin_days', 'name', 'session_out_url', 'trips_site_url', 'wallet_options', 'display_price', 'support_phone', 'support_email',
        'require_2fa_for_staff',
      ].sort(),
    );
    expect(r.json.data.eligible_products).toEqual(['hotel', 'activities']);
  });

  it('a change shows on the next /api/org/config and page view, and is audited with before and after', async () => {
    // Warm the org caches of the isolate first: the change must not wait for them to expire.
    const warm = await call('/api/org/config', { host });
    expect(warm.json.data.orgBySite.minCheckinDays).toBe(1);
    await call('/', { host, headers: { accept: 'text/html' } });
    const name = `Blue Sky ${crypto.randomUUID().slice(0, 6)}`;
    const r = await adminA.client.call('/api/admin/org', {
      method: 'PATCH',
      body: { name, min_checkin_days: 4, eligible_products: ['hotel', 'stays', 'hotel'], access_code_required: true, calendar_type: 'Monday' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ name, min_checkin_days: 4, eligible_products: ['hotel', 'stays'], access_code_required: 1, calendar_type: 'Monday' });
    const config = await call('/api/org/config', { host });
    // Browsers must not keep a copy that outlives the change either.
    expect(config.headers['cache-control']).toBe('private, no-cache');
    expect(config.json.data).toMatchObject({
      orgName: name, accessCodeRequired: 1, orgBySite: { minCheckinDays: 4, orgCountryData: { calendarType: 'Monday' } },
      eligibleProducts: [{ product_id: 'hotel' }, { product_id: 'stays' }],
    });
    const page = await call('/', { host, headers: { accept: 'text/html' } });
    expect(page.text).toContain(name);
    const audit = await auditRows();
    expect(audit.data[0]).toMatchObject({
      actor_email: adminA.email,
      action: 'org.update',
      target: `org:${orgId}`,
      detail: {
        before: { min_checkin_days: 1, eligible_products: ['hotel', 'activities'], access_code_required: 0, calendar_type: 'Sunday' },
        after: { name, min_checkin_days: 4, eligible_products: ['hotel', 'stays'], access_code_required: 1, calendar_type: 'Monday' },
      },
    });
    expect(Date.now() - Date.parse(audit.data[0]!.at)).toBeLessThan(120_000);
    // Back to no access code, so the sign-ups of the other tests here need none.
    expect((await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { access_code_required: 0 } })).status).toBe(200);
  });

  it.each([
    ['min_checkin_days above 30', { min_checkin_days: 31 }, 'min_checkin_days'],
    ['min_checkin_days not whole', { min_checkin_days: 1.5 }, 'min_checkin_days'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name with markup', { name: '<b>Shop</b>' }, 'name'],
    ['an unknown product', { eligible_products: ['hotel', 'spaceflights'] }, 'eligible_products.1'],
    ['no products', { eligible_products: [] }, 'eligible_products'],
    ['an unknown wallet option', { wallet_options: ['Gold Bars'] }, 'wallet_options.0'],
    ['a javascript: address', { session_out_url: 'javascript:alert(1)' }, 'session_out_url'],
    ['a protocol-relative address', { trips_site_url: '//evil.example/' }, 'trips_site_url'],
    ['an unknown language', { default_language: 'de-DE' }, 'default_language'],
    ['a currency that is not offered', { default_currency: 'XYZ' }, 'default_currency'],
    ['a flag that is not a flag', { display_price: 'yes' }, 'display_price'],
    ['an unknown field', { theme: 'dark' }, ''],
    ['Google on without a client id', { google_enabled: 1, google_client_id: '' }, 'google_client_id'],
    ['a valid field beside an invalid one', { name: 'Half Saved', min_checkin_days: -1 }, 'min_checkin_days'],
  ])('%s → 400 with the issue, nothing changed, nothing audited', async (_, body, path) => {
    const before = await adminA.client.call('/api/admin/org');
    const audit = await auditRows();
    const r = await adminA.client.call('/api/admin/org', { method: 'PATCH', body });
    expect400(r, path);
    expect((await adminA.client.call('/api/admin/org')).json).toEqual(before.json);
    expect((await auditRows()).count).toBe(audit.count);
  });

  it('every wallet option the spec names is accepted, only-discount among them; an org that has it stored still saves its other settings', async () => {
    const only = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { wallet_options: ['only-discount'] } });
    expect(only.status, only.text).toBe(200);
    expect(only.json.data.wallet_options).toEqual(['only-discount']);
    expect((await call('/api/org/config', { host })).json.data.walletOptions).toBe('only-discount');
    // Written by an earlier tool, in its own case: the list is read as the wallet reads it.
    await d1Query(`UPDATE orgs SET wallet_options = 'Discount Cards,Certificates,Cash Card,ONLY-DISCOUNT' WHERE id = ${orgId}`);
    const other = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { min_checkin_days: 3 } });
    expect(other.status, other.text).toBe(200);
    expect(other.json.data).toMatchObject({ min_checkin_days: 3, wallet_options: ['Discount Cards', 'Certificates', 'Cash Card', 'only-discount'] });
    const all = ['Discount Cards', 'Certificates', 'Cash Card', 'myvacations', 'only-discount'];
    const every = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { wallet_options: all } });
    expect(every.status, every.text).toBe(200);
    expect(every.json.data.wallet_options).toEqual(all);
    expect((await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { wallet_options: ['Discount Cards', 'Certificates', 'Cash Card'], min_checkin_days: 1 } })).status).toBe(200);
  });

  it("a new default currency is what a fresh visitor's page shows at once; a visitor's own choice still wins", async () => {
    const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="tc-boot">(.*?)<\/script>/s.exec(html)![1]!);
    // The page kept at the edge before the change must not be what the next visitor gets.
    expect(bootOf((await call('/', { host, headers: { accept: 'text/html' } })).text).currency).toBe('USD');
    const r = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { default_currency: 'EUR' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.default_currency).toBe('EUR');
    const fresh = await call('/', { host, headers: { accept: 'text/html' } });
    expect(bootOf(fresh.text).currency).toBe('EUR');
    expect((await call('/api/layout/getCurrencyinfo', { host })).json.data.defaultCurrency).toBe('EUR');
    const chose = await call('/', { host, headers: { accept: 'text/html', cookie: 'currency_code=USD' } });
    expect(bootOf(chose.text).currency).toBe('USD');
    expect((await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { default_currency: 'USD' } })).status).toBe(200);
    expect(bootOf((await call('/', { host, headers: { accept: 'text/html' } })).text).currency).toBe('USD');
  });

  it('malformed JSON and an empty change are 400 in the error shape', async () => {
    const bad = await adminA.client.call('/api/admin/org', { method: 'PATCH', rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.json, 'BAD_REQUEST');
    const empty = await adminA.client.call('/api/admin/org', { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error.issues[0].message).toBe('Send at least one setting to change');
  });
});

describe('access codes', () => {
  it('create, list (by hint, never the code), use at sign-up, revoke; every change audited', async () => {
    const code = `SPRING-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const made = await adminA.client.call('/api/admin/access-codes', { body: { code, label: 'Spring', expires_at: expires, max_uses: 3 } });
    expect(made.status, made.text).toBe(201);
    expect(made.json.data).toMatchObject({ hint: `${code.slice(0, 2)}…${code.slice(-2)}`, label: 'Spring', expires_at: expires, max_uses: 3, uses: 0 });
    const listed = await adminA.client.call('/api/admin/access-codes');
    expect(listed.json.data.some((e: { label: string }) => e.label === 'Spring')).toBe(true);
    expect(listed.text).not.toContain(code);
    const valid = await call('/api/signUp/validateAccessCode', { host, body: { jsonRegister: { accesscode: code.toLowerCase(), email_id: '' } } });
    expect(valid.json.data.status).toBe(1);
    const again = await adminA.client.call('/api/admin/access-codes', { body: { code: code.toLowerCase() } });
    expect(again.status, again.text).toBe(409);
    expectErrorShape(again.json, 'CONFLICT');
    const gone = await adminA.client.call(`/api/admin/access-codes/${code}`, { method: 'DELETE' });
    expect(gone.status, gone.text).toBe(200);
    const after = await call('/api/signUp/validateAccessCode', { host, body: { jsonRegister: { accesscode: code, email_id: '' } } });
    expect(after.json.data.status).toBe(0);
    expect((await adminA.client.call(`/api/admin/access-codes/${code}`, { method: 'DELETE' })).status).toBe(404);
    const audit = await auditRows();
    expect(audit.data.slice(0, 2).map((r) => r.action)).toEqual(['access_code.delete', 'access_code.create']);
    expect(audit.data[0]!.detail.before).toMatchObject({ label: 'Spring', max_uses: 3, uses: 0 });
  });

  it('who signed up with a code and when: each sign-up is listed under its code, newest first, and counts one use', async () => {
    await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { access_code_required: 1 } });
    const code = `USES-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    expect((await adminA.client.call('/api/admin/access-codes', { body: { code, label: 'Uses', max_uses: 2 } })).status).toBe(201);
    const first = uniqueEmail('coded');
    const second = uniqueEmail('coded');
    for (const email of [first, second]) {
      const r = await call('/api/signUp', withIp(freshIp(), { host, body: signUpBody(email, { accesscode: code.toLowerCase(), site_url: `http://${host}/` }) }));
      expect(r.status, r.text).toBe(200);
      codedMembers += 1;
    }
    const third = await call('/api/signUp', withIp(freshIp(), { host, body: signUpBody(uniqueEmail('coded'), { accesscode: code, site_url: `http://${host}/` }) }));
    expect(third.status).toBe(400);
    const entry = (await adminA.client.call('/api/admin/access-codes')).json.data.find((e: { label: string }) => e.label === 'Uses');
    expect(entry).toMatchObject({ uses: 2, max_uses: 2 });
    expect(entry.used_by.map((u: { email: string }) => u.email)).toEqual([second, first]);
    for (const u of entry.used_by) expect(Date.now() - Date.parse(u.at)).toBeLessThan(10 * 60_000);
    await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { access_code_required: 0 } });
  }, DB_TEST_TIMEOUT);

  it('30 concurrent creations of one code: exactly one 201, the rest 409, one audit row', async () => {
    const code = `RACE-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    const before = await auditRows();
    const replies = await Promise.all(Array.from({ length: 30 }, () => adminA.client.call('/api/admin/access-codes', { body: { code } })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
    expect((await auditRows()).count).toBe(before.count + 1);
  });

  it.each([
    ['a code too short', { code: 'AB' }, 'code'],
    ['a code with spaces', { code: 'NEW CODE' }, 'code'],
    ['an expiry in the past', { code: 'PASTCODE1', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    ['an expiry that is not a date', { code: 'BADDATE1', expires_at: 'tomorrow' }, 'expires_at'],
    ['no uses', { code: 'ZEROUSE1', max_uses: 0 }, 'max_uses'],
  ])('%s → 400, nothing created', async (_, body, path) => {
    const before = await adminA.client.call('/api/admin/access-codes');
    expect400(await adminA.client.call('/api/admin/access-codes', { body }), path);
    expect((await adminA.client.call('/api/admin/access-codes')).json).toEqual(before.json);
  });
});

describe('members', () => {
  it('search by email or name, paged', async () => {
    const r = await adminA.client.call(`/api/admin/members?q=${encodeURIComponent(member.email.slice(0, 14))}&page=1`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.count).toBe(1);
    expect(r.json.data[0]).toMatchObject({ userId: member.userId, email: member.email, role: 'user', verified: 1, can_user_book: 1 });
    expect(Object.keys(r.json.data[0]).sort()).toEqual(
      ['can_user_book', 'created_at', 'credit_limit', 'email', 'first_name', 'last_name', 'role', 'userId', 'verified'].sort(),
    );
    const all = await adminA.client.call('/api/admin/members');
    expect(all.json.count).toBe(4 + codedMembers);
    const wild = await adminA.client.call('/api/admin/members?q=%25');
    expect(wild.json.count).toBe(0);
    const bad = await adminA.client.call('/api/admin/members?page=0');
    expect400(bad, 'page');
  });

  it('a search text of up to 80 characters answers 200 (D1 refuses LIKE patterns over 50 bytes; the fuzz gate found a 500)', async () => {
    const long = await adminA.client.call(`/api/admin/members?q=${encodeURIComponent('x'.repeat(80))}`);
    expect(long.status, long.text).toBe(200);
    expect(long.json.count).toBe(0);
    const upper = await adminA.client.call(`/api/admin/members?q=${encodeURIComponent(member.email.toUpperCase())}`);
    expect(upper.status, upper.text).toBe(200);
    expect(upper.json.count).toBe(1);
  });

  it('booking allowed, credit limit and role change, each audited with before and after', async () => {
    const r = await adminA.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body: { can_user_book: false, credit_limit: 1234.5, role: 'agent' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ userId: member.userId, can_user_book: 0, credit_limit: 1234.5, role: 'agent' });
    const audit = await auditRows();
    expect(audit.data[0]).toMatchObject({
      actor_email: adminA.email,
      action: 'member.update',
      target: `user:${member.userId} ${member.email}`,
      detail: { before: { role: 'user', can_user_book: 1, credit_limit: 0 }, after: { role: 'agent', can_user_book: 0, credit_limit: 1234.5 } },
    });
    // The stored role decides at once: the member now reaches the agent API, and back as a consumer does not.
    expect((await consumer.call('/api/agent/bookings')).status).toBe(200);
    expect((await adminA.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body: { role: 'user', can_user_book: 1 } })).status).toBe(200);
    expect((await consumer.call('/api/agent/bookings')).status).toBe(403);
  });

  it.each([
    ['an unknown role', { role: 'owner' }, 'role'],
    ['a negative credit limit', { credit_limit: -1 }, 'credit_limit'],
    ['a credit limit with 3 decimals', { credit_limit: 1.005 }, 'credit_limit'],
    ['an unknown field', { email: 'x@example.com' }, ''],
  ])('%s → 400, nothing changed', async (_, body, path) => {
    const before = await d1Query(`SELECT role, can_user_book, credit_limit_minor FROM users WHERE id = ${member.userId}`);
    expect400(await adminA.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body }), path);
    expect(await d1Query(`SELECT role, can_user_book, credit_limit_minor FROM users WHERE id = ${member.userId}`)).toEqual(before);
  }, DB_TEST_TIMEOUT);

  it('an unknown member is 404', async () => {
    expect((await adminA.client.call('/api/admin/members/999999999', { method: 'PATCH', body: { can_user_book: 1 } })).status).toBe(404);
    expect((await adminA.client.call('/api/admin/members/abc', { method: 'PATCH', body: { can_user_book: 1 } })).status).toBe(404);
  });

  it("30 concurrent demotions of the org's two admins leave exactly one admin; the refused ones write nothing", async () => {
    const before = await auditRows();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const actor = i % 2 ? adminA : adminB;
        const target = i % 4 < 2 ? adminA : adminB;
        return actor.client.call(`/api/admin/members/${target.userId}`, { method: 'PATCH', body: { role: 'user' } });
      }),
    );
    const statuses = replies.map((r) => r.status);
    // 409: the last admin; 403: the actor was demoted by an earlier request of the race.
    expect(statuses.filter((s) => ![200, 403, 409].includes(s))).toEqual([]);
    expect(statuses).toContain(409);
    const admins = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM users WHERE org_id = ${orgId} AND role = 'admin'`);
    expect(admins[0]!.n).toBe(1);
    const ok = statuses.filter((s) => s === 200).length;
    const survivor = (await d1Query<{ email: string }>(`SELECT email FROM users WHERE org_id = ${orgId} AND role = 'admin'`))[0]!.email;
    const last = survivor === adminA.email ? adminA : adminB;
    expect((await auditRows(last.client)).count).toBe(before.count + ok);
    const refused = await last.client.call(`/api/admin/members/${last.userId}`, { method: 'PATCH', body: { role: 'marketer' } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.message).toBe('An organisation keeps at least one admin: make another member admin first');
    // Put the other admin back for the tests that follow.
    const other = last === adminA ? adminB : adminA;
    expect((await last.client.call(`/api/admin/members/${other.userId}`, { method: 'PATCH', body: { role: 'admin' } })).status).toBe(200);
  }, DB_TEST_TIMEOUT);
});

describe('audit log', () => {
  it('newest first, paged by 20, with who, when, what, target and before → after', async () => {
    for (let i = 0; i < 21; i++) {
      const r = await adminA.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body: { credit_limit: i } });
      expect(r.status, r.text).toBe(200);
    }
    const page1 = await auditRows();
    expect(page1.count).toBeGreaterThan(20);
    expect(page1.data[0]!.detail).toMatchObject({ before: { credit_limit: 19 }, after: { credit_limit: 20 } });
    expect(page1.data).toHaveLength(20);
    const ids = page1.data.map((r) => Date.parse(r.at));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page2 = await adminA.client.call('/api/admin/audit?page=2');
    expect(page2.json.data[0].at <= page1.data[19]!.at).toBe(true);
    expect400(await adminA.client.call('/api/admin/audit?page=x'), 'page');
  });
});

const THEME = { primary: '#1d4ed8', primary_text: '#ffffff', accent: '#f59e0b', background: '#ffffff', text: '#111827', font_family: 'serif', radius: 4 };
const themeLink = (html: string) => /<link rel="stylesheet" href="(\/api\/general\/getCss\/theme\?v=[0-9a-f]{16})"/.exec(html)?.[1];

describe('theme', () => {
  it('PUT publishes the stylesheet at a new versioned address, the next page view names it, and the change is audited', async () => {
    const before = themeLink((await call('/', { host })).text);
    const r = await adminA.client.call('/api/admin/theme', { method: 'PUT', body: THEME });
    expect(r.status, r.text).toBe(200);
    const href = r.json.data.href as string;
    expect(href).toMatch(/^\/api\/general\/getCss\/theme\?v=[0-9a-f]{16}$/);
    expect(href).not.toBe(before);
    expect(themeLink((await call('/home', { host })).text)).toBe(href);
    const css = await call(href, { host });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.text).toContain('--brand:#1d4ed8;');
    expect(css.text).toContain('--radius:4px;');
    expect((await adminA.client.call('/api/admin/theme')).json.data).toEqual({ values: THEME, href });

    const second = await adminA.client.call('/api/admin/theme', { method: 'PUT', body: { ...THEME, primary: '#0f766e' } });
    expect(second.json.data.href).not.toBe(href);
    expect(themeLink((await call('/', { host })).text)).toBe(second.json.data.href);
    const [row] = (await auditRows()).data;
    expect(row).toMatchObject({ actor_email: adminA.email, action: 'theme.update', detail: { before: { primary: '#1d4ed8' }, after: { primary: '#0f766e' } } });
  });

  it('a text/background pair under WCAG AA is 400 naming the pair and its ratio; nothing is written', async () => {
    const before = await auditRows();
    const stored = await d1Query(`SELECT css, source FROM org_themes WHERE org_id = ${orgId}`);
    const r = await adminA.client.call('/api/admin/theme', { method: 'PUT', body: { ...THEME, text: '#999999' } });
    expect400(r, 'text');
    expect(r.json.error.message).toBe('Invalid text: text on background has a contrast of 2.84:1; WCAG AA needs at least 4.5:1');
    const button = await adminA.client.call('/api/admin/theme', { method: 'PUT', body: { ...THEME, primary_text: '#60a5fa' } });
    expect400(button, 'primary_text');
    expect(button.json.error.issues[0].message).toMatch(/^primary_text on primary has a contrast of [\d.]+:1/);
    expect((await auditRows()).count).toBe(before.count);
    expect(await d1Query(`SELECT css, source FROM org_themes WHERE org_id = ${orgId}`)).toEqual(stored);
  }, DB_TEST_TIMEOUT);

  it('the stylesheet comes from checked values only: CSS in a colour, an unknown font or an extra field is 400', async () => {
    for (const [path, body] of [
      ['primary', { ...THEME, primary: '#fff;}body{background:url(//evil.example/x)}' }],
      ['background', { ...THEME, background: 'expression(alert(1))' }],
      ['font_family', { ...THEME, font_family: 'Arial;}*{display:none' }],
      ['radius', { ...THEME, radius: '4px;}' }],
      ['', { ...THEME, css: 'body{}' }],
    ] as const) {
      const r = await adminA.client.call('/api/admin/theme', { method: 'PUT', body });
      expect(r.status, r.text).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      if (path) expect(r.json.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const [{ css }] = (await d1Query<{ css: string }>(`SELECT css FROM org_themes WHERE org_id = ${orgId} AND name = 'theme'`)) as [{ css: string }];
    expect(css).toMatch(/^:root\{(--[a-z0-9-]+:[^;{}<>]+;)+\}$/);
    expect(css).not.toMatch(/evil|expression|display:none/);
  }, DB_TEST_TIMEOUT);
});

describe('launch checklist', () => {
  it('each step follows the org’s state; "Go live" once, audited', async () => {
    const steps = async () =>
      Object.fromEntries(((await adminA.client.call('/api/admin/launch')).json.data.steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done]));
    await d1Query(`UPDATE orgs SET closed = 1, logo_url = '', google_enabled = 0, facebook_enabled = 0, access_code_required = 0, wallet_options = '' WHERE id = ${orgId}`);
    await d1Query(`DELETE FROM org_themes WHERE org_id = ${orgId}`);
    // Nothing can be booked yet (decision 0057): a hotel with a room type priced for a night to come makes the step done.
    expect(await steps()).toEqual({ brand: false, products: false, sign_in: false, wallet: false, domain: false, live: false });
    const admin = adminA.client;
    const hotel = await admin.call('/api/admin/products', {
      method: 'POST',
      body: { type: 'HLT', name: 'Launch Hotel', city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.83, time_zone: 'Europe/Paris' },
    });
    expect(hotel.status, hotel.text).toBe(201);
    const productId = hotel.json.data.product_id;
    const room = await admin.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: { code: 'DBL', name: { 'en-US': 'Double' }, max_adults: 2, max_occupancy: 2, units: 2 } });
    const plan = await admin.call(`/api/admin/products/${productId}/rate-plans`, { method: 'POST', body: { code: 'BAR', name: { 'en-US': 'Best rate' }, room_ids: [room.json.data.room_id] } });
    expect(await steps()).toMatchObject({ products: false });
    const night = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const priced = await admin.call(`/api/admin/products/${productId}/ari`, {
      method: 'POST',
      body: { updates: [{ room_id: room.json.data.room_id, rate_plan_id: plan.json.data.rate_plan_id, from: night, to: night, price_usd_minor: 9900 }] },
    });
    expect(priced.status, priced.text).toBe(200);
    await adminA.client.call('/api/admin/theme', { method: 'PUT', body: THEME });
    await adminA.client.call('/api/admin/org', { method: 'PATCH', body: { logo_url: '/images/logo-acme.svg', access_code_required: 1, wallet_options: ['Cash Card'] } });
    await d1Query(`INSERT INTO org_domains (host, org_id) VALUES ('travel-${orgId}.example', ${orgId})`);
    expect(await steps()).toEqual({ brand: true, products: true, sign_in: true, wallet: true, domain: true, live: false });
  }, DB_TEST_TIMEOUT);

  it('30 concurrent "Go live" requests: exactly one 200, the rest 409, one audit row', async () => {
    const before = await auditRows();
    const replies = await Promise.all(Array.from({ length: 30 }, () => adminA.client.call('/api/admin/go-live', { method: 'POST' })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(replies.find((r) => r.status === 409)!.json.error.message).toBe('The site is live already');
    const ok = replies.find((r) => r.status === 200)!;
    expect(ok.json.data.steps.find((s: { step: string }) => s.step === 'live').done).toBe(true);
    const after = await auditRows();
    expect(after.count).toBe(before.count + 1);
    expect(after.data[0]).toMatchObject({ action: 'org.live', actor_email: adminA.email });
  });
});

describe('agents from the console', () => {
  it('a member made an agent gets the agent details the agent pages read; their payment lowers what they owe, audited', async () => {
    const made = await adminA.client.call(`/api/admin/members/${member.userId}`, { method: 'PATCH', body: { role: 'agent', credit_limit: 500 } });
    expect(made.status, made.text).toBe(200);
    expect(await d1Query(`SELECT org_id FROM agent_details WHERE user_id = ${member.userId}`)).toEqual([{ org_id: orgId }]);
    await d1Query(`INSERT INTO credit_ledger (org_id, agent_id, kind, amount_usd_minor, note) VALUES (${orgId}, ${member.userId}, 'adjustment', 12000, 'test')`);
    expect((await adminA.client.call(`/api/admin/members/${member.userId}`)).json.data).toMatchObject({ role: 'agent', credit_limit: 500, outstanding: 120 });
    const paid = await adminA.client.call(`/api/admin/members/${member.userId}/payments`, { method: 'POST', body: { amount: 45.5, note: 'Invoice 7' } });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.data.outstanding).toBe(74.5);
    expect((await auditRows()).data[0]).toMatchObject({ action: 'member.payment', detail: { after: { amount: 45.5, note: 'Invoice 7' } } });
    const bad = await adminA.client.call(`/api/admin/members/${member.userId}/payments`, { method: 'POST', body: { amount: 0.001 } });
    expect400(bad, 'amount');
  }, DB_TEST_TIMEOUT);

  it("a payment for a member who is not an agent is 409; another org's member is 404; neither writes", async () => {
    const before = await auditRows();
    const r = await adminA.client.call(`/api/admin/members/${adminB.userId}/payments`, { method: 'POST', body: { amount: 10 } });
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.message).toBe('Payments are recorded for agents only');
    const orgOne = await signedIn(SEEDED.admin, 'localhost');
    const other = await orgOne.client.call(`/api/admin/members/${member.userId}/payments`, { method: 'POST', body: { amount: 10 } });
    expect(other.status, other.text).toBe(404);
    expect((await auditRows()).count).toBe(before.count);
  }, DB_TEST_TIMEOUT);
});
