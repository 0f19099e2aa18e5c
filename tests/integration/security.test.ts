// The security gate, table-driven over tests/integration/route-table.ts and every page: secure headers on every answer,
// no state change on GET, cross-site state changes refused, session cookie flags, and nobody reaching another user's or
// another org's rows whatever ids they send.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/app';
import { LIMITS } from '../../functions/http/rate-limit';
import { DbWatch, runSql } from './gates-db';
import { ACME, AGENTS, agentRowsOf, as, bookableProduct, freshIp, passwordUser, rowsOf, ssoUser, type Session } from './gates-fixtures';
import { call, useGate } from './gates-http';
import { startGateServer, type GateServer } from './gates-server';
import type { Reply } from './helpers';
import { pathOf, routeName, ROUTES, type Example, type IdUse, type OwnedIds, type RouteSpec } from './route-table';

let gate: GateServer;
let watch: DbWatch;
/** Consumers: A calls the sweeps, B is another member of org 1, C a member of Acme; agent one owns agent rows. */
let userA: Session;
let userB: Session;
let userC: Session;
let agentA: Session;
let agentB: Session;
let agentC: Session;
/** The console's callers: the admin of org 1, org 1's marketer (another role of the org) and Acme's admin. */
let adminA: Session;
let marketerA: Session;
let adminC: Session;
/** A bed bank's hotel of org 1 (never imported in the gates: written here, off sale, so no traveller's page shows it). */
let supplierHotelId: number;

beforeAll(async () => {
  gate = await startGateServer('security');
  useGate(gate.origin);
  watch = DbWatch.open(gate.persistTo);
  [userA, userB, userC, agentA, agentB, agentC] = await Promise.all([
    ssoUser('localhost'),
    ssoUser('localhost'),
    ssoUser(ACME),
    passwordUser(AGENTS.one.email, AGENTS.one.password),
    passwordUser(AGENTS.two.email, AGENTS.two.password),
    passwordUser(AGENTS.acme.email, AGENTS.acme.password, ACME),
  ]);
  [adminA, marketerA, adminC] = await Promise.all([
    passwordUser('admin@example.com', 'Admin1!pass'),
    passwordUser('marketer@example.com', 'Market1!pass'),
    passwordUser('admin@acme.example.com', 'Admin1!pass', ACME),
  ]);
  const [[hotel]] = runSql(
    gate.persistTo,
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, status, source, supplier_code)
     VALUES (1, 'HLT', 'Gate Bank Hotel', 'Gatetown', 'PT', 38.7, -9.1, 0, 'night', 2, 'INACTIVE', 'hotelbeds', 'GATE-1') RETURNING id`,
  ) as [[{ id: number }]];
  supplierHotelId = hotel.id;
  // Its own server prepares its own database first (migrations, the seed with its rooms and rates): as the faults gate,
  // ten minutes, since a loaded two-core machine took over five.
}, 600_000);

afterAll(() => {
  watch?.close();
  gate?.stop();
});

const withOrigin = () => `http://localhost:${gate.port}`;

let shared: Promise<OwnedIds> | null = null;
/** Ids that exist, made once: for requests whose ids are not under test (some may be spent by then: answers stay < 500). */
function someIds(): Promise<OwnedIds> {
  shared ??= Promise.all([rowsOf(userA), agentRowsOf(agentA), bookableProduct()]).then(([u, a, p]) => idsOf(u, a, userA, p));
  return shared;
}

function idsOf(u: Awaited<ReturnType<typeof rowsOf>>, a: Awaited<ReturnType<typeof agentRowsOf>>, s: Session, productId: number): OwnedIds {
  return {
    travelerId: u.travelerId, certificateId: u.certificateId, certificateCode: u.certificateCode, discountId: u.discountId, cashId: u.cashId,
    referredMember: u.referredMember, userId: s.userId, email: s.email, memberId: u.memberId, clientId: a.clientId, quoteId: a.quoteId, productId,
    bookingRef: u.bookingRef, supplierHotelId,
  };
}

function request(route: RouteSpec, ex: Example) {
  const query = ex.query ? `?${new URLSearchParams(Object.entries(ex.query).map(([k, v]) => [k, String(v)]))}` : '';
  const path = `${pathOf(route, ex.params)}${query}`;
  // A body in the route's own wire format (a channel manager's XML) goes as it is, with that media type.
  if (ex.rawBody !== undefined) return { path, rawBody: ex.rawBody, headers: { 'content-type': route.wireRefusals?.mediaType ?? 'application/json', ...ex.headers } };
  return { path, body: route.method === 'GET' ? undefined : (ex.body ?? {}), headers: ex.headers ?? {} };
}

const sessionFor = (route: RouteSpec, who: 'A' | 'B' | 'C') =>
  route.session === 'agent'
    ? { A: agentA, B: agentB, C: agentC }[who]
    : route.session === 'admin' || route.session === 'marketing'
      ? { A: adminA, B: marketerA, C: adminC }[who]
      : { A: userA, B: userB, C: userC }[who];
/** The console's routes: admin-only ones and the marketing section's (admins and marketers). */
const isConsole = (route: RouteSpec) => route.session === 'admin' || route.session === 'marketing';
/** Who calls a route in the sweeps: signed out for sign-in and logout, which would end the shared sessions. */
const callerFor = (route: RouteSpec) => (route.endsSession ? null : sessionFor(route, 'A'));

const isErrorShape = (j: any) => j?.status === 'failed' && typeof j?.error?.code === 'string' && typeof j?.error?.message === 'string';

describe('the route table', () => {
  it('lists every route the app serves (a new route needs its line in tests/integration/route-table.ts)', () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.startsWith('/_sim') && !r.path.endsWith('/*'))
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(ROUTES.map(routeName));
    expect([...served].filter((r) => !listed.has(r)).sort(), 'served but missing from the table').toEqual([]);
    expect([...listed].filter((r) => !served.has(r)).sort(), 'in the table but not served').toEqual([]);
  });
});

// ---- secure headers ---------------------------------------------------------------------------------------------

const PAGES_DIR = join(import.meta.dirname, '../../src/pages');
/**
 * Every page of src/pages as its path (dynamic routes and the 404 page left out; the 404 is checked on its own, and the
 * coming-soon page is what a closed org answers on every address, go-live.test.ts).
 */
export const PAGES = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.astro') && !f.includes('[') && f !== '404.astro' && f !== 'coming-soon.astro')
  .map((f) => `/${f.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
  .sort();

function expectSecureHeaders(r: Reply, what: string) {
  const h = r.headers;
  expect(h['strict-transport-security'], `${what}: HSTS`).toMatch(/max-age=\d{7,}/);
  expect(String(h['content-security-policy']), `${what}: CSP frame-ancestors`).toMatch(/frame-ancestors 'none'/);
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(h['referrer-policy'], `${what}: Referrer-Policy`).toMatch(/^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/);
}

describe('secure headers on every answer', () => {
  it.each(ROUTES.map((r) => [routeName(r), r] as const))('%s, signed in, carries HSTS, CSP frame-ancestors, nosniff and Referrer-Policy', async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const r = await as(callerFor(route), path, { method: route.method, body, headers: { origin: withOrigin() } });
    expect(r.status, `${routeName(route)}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
    expectSecureHeaders(r, routeName(route));
  });

  it('every page carries them, signed out and signed in', async () => {
    expect(PAGES.length).toBeGreaterThan(20);
    for (const page of PAGES) {
      for (const s of [null, userA]) {
        const r = await call(page, { cookie: s?.cookie, headers: { accept: 'text/html' } });
        expect(r.status, page).toBe(200);
        expectSecureHeaders(r, page);
      }
    }
  });

  it('refusals carry them too: unknown API path, unknown page, 413, 415, 403', async () => {
    const answers: [string, Reply][] = [
      ['unknown api path', await call('/api/no/such/thing')],
      ['unknown page', await call('/no-such-page', { headers: { accept: 'text/html' } })],
      ['413', await call('/api/signIn', { body: { x: 'y'.repeat(70_000) } })],
      ['415', await call('/api/signIn', { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })],
      ['403', await call('/api/signIn', { body: {}, headers: { origin: 'https://evil.example' } })],
    ];
    for (const [what, r] of answers) expectSecureHeaders(r, what);
  });

  // The asset paths skip the Worker (wrangler.jsonc run_worker_first excludes /_astro/*, /flags/*, /images/*,
  // /favicon.svg): public/_headers gives them the headers.
  it('static files (scripts, styles, flags, images) carry nosniff and HSTS', async () => {
    const home = await call('/', { headers: { accept: 'text/html' } });
    const asset = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(home.text)?.[1];
    expect(asset, 'the home page names a built asset').toBeTruthy();
    for (const path of [asset!, '/flags/us.svg', '/favicon.svg']) {
      const r = await call(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['x-content-type-options'], `${path}: nosniff`).toBe('nosniff');
      expect(r.headers['strict-transport-security'], `${path}: HSTS`).toBeTruthy();
    }
  });
});

// ---- no state change on GET ---------------------------------------------------------------------------------------

describe('no state change on GET', () => {
  const changing = ROUTES.filter((r) => r.changesState);
  it.each(changing.map((r) => [routeName(r), r] as const))('GET on %s is not served and writes nothing', async (_, route) => {
    const ids = await someIds();
    const ex = route.example(ids);
    const fields = ex.body && typeof ex.body === 'object' ? Object.entries(ex.body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]) : [];
    const path = `${pathOf(route, ex.params)}?${new URLSearchParams(fields)}`;
    // Where the same path also has a read (GET /api/profile beside PUT), GET reads; elsewhere GET is not served.
    const readsToo = ROUTES.some((r) => r.method === 'GET' && r.path === route.path);
    const before = watch.signature();
    for (const method of ['GET', 'HEAD']) {
      const r = await as(callerFor(route), path, { method });
      if (readsToo) expect(r.status, `${method} ${path}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
      else expect([404, 405], `${method} ${path}: ${r.status}`).toContain(r.status);
    }
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
  });

  const reading = ROUTES.filter((r) => r.method === 'GET' && !r.getWrites);
  it.each(reading.map((r) => [routeName(r), r] as const))('%s, signed in, writes nothing', async (_, route) => {
    const owner = await ssoUser();
    const [u, a, p] = await Promise.all([rowsOf(owner), agentRowsOf(agentA), bookableProduct()]);
    const ids = idsOf(u, a, owner, p);
    const { path } = request(route, route.example(ids));
    const before = watch.signature();
    const r = await as(route.session === 'agent' ? agentA : isConsole(route) ? adminA : owner, path);
    expect(r.status, r.text.slice(0, 200)).toBeLessThan(400);
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
  });
});

// ---- cross-site state changes -----------------------------------------------------------------------------------

describe('cross-site requests are refused before anything happens', () => {
  // The payment provider's webhook has no session to ride and no Origin check by design: its signature is the check.
  const posts = ROUTES.filter((r) => r.method !== 'GET' && !r.providerSigned);
  const attacks: [string, Record<string, string>][] = [
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Origin of another org of this product', { origin: `http://${ACME}:PORT` }],
    ['Origin null (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ];
  it.each(posts.map((r) => [routeName(r), r] as const))('%s with the session cookie from another site gets 403 and writes nothing', async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const s = sessionFor(route, 'A');
    for (const [what, headers] of attacks) {
      const before = watch.signature();
      const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(gate.port))]));
      const r = await call(path, { method: route.method, body, cookie: s.cookie, headers: { ...h, 'cf-connecting-ip': freshIp() } });
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(403);
      expect(isErrorShape(r.json), what).toBe(true);
      expect(r.cookies, `${what}: no cookie set`).toEqual([]);
      expect(DbWatch.changed(before, watch.signature()), what).toEqual([]);
    }
  });

  it('the same request from the site itself passes the check (the refusal above is the origin, not the request)', async () => {
    const s = await ssoUser();
    const r = await call('/api/user/travelers', {
      body: { title: 'Mr', first_name: 'Sam', last_name: 'Same', email: 'sam@example.com', phone: '+1 202 555 0100' },
      cookie: s.cookie,
      headers: { origin: withOrigin(), 'sec-fetch-site': 'same-origin' },
    });
    expect(r.status, r.text).toBe(201);
  });
});

// ---- session cookies --------------------------------------------------------------------------------------------

function cookie(r: Reply, name: string) {
  const line = r.cookies.find((c) => c.startsWith(`${name}=`));
  expect(line, `Set-Cookie ${name}`).toBeTruthy();
  const [pair, ...attrs] = line!.split(';').map((p) => p.trim());
  return { value: decodeURIComponent(pair!.slice(name.length + 1)), attrs: attrs.map((a) => a.toLowerCase()), line: line! };
}

const signIn = (host: string, remember = false) =>
  call('/api/signIn', {
    host,
    body: { jsonSign: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass', remember }, navAgent: 'gates' },
    headers: { 'cf-connecting-ip': freshIp() },
  });

describe('session cookies', () => {
  it('sign-in sets userToken HttpOnly, SameSite=Lax, Path=/ and userData readable with display fields only', async () => {
    const r = await signIn('localhost');
    expect(r.status, r.text).toBe(200);
    const token = cookie(r, 'userToken');
    expect(token.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const data = cookie(r, 'userData');
    expect(data.attrs).not.toContain('httponly');
    expect(data.attrs).toEqual(expect.arrayContaining(['samesite=lax', 'path=/']));
    const fields = JSON.parse(data.value);
    expect(Object.keys(fields).sort()).toEqual(['currency_code', 'email', 'language', 'role', 'userId', 'username']);
    expect(data.value).not.toContain(token.value);
    // Plain http on a localhost name: browsers would drop Secure cookies there.
    expect(token.attrs).not.toContain('secure');
  });

  it('on any other host name both cookies are Secure', async () => {
    const r = await signIn('travel.example.com');
    expect(r.status, r.text).toBe(200);
    expect(cookie(r, 'userToken').attrs).toContain('secure');
    expect(cookie(r, 'userData').attrs).toContain('secure');
  });

  it('remember me keeps the cookies 30 days; otherwise they end with the browser', async () => {
    expect(cookie(await signIn('localhost', true), 'userToken').attrs).toContain(`max-age=${30 * 24 * 3600}`);
    const plain = cookie(await signIn('localhost'), 'userToken');
    expect(plain.attrs.some((a) => a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
  });

  it('every sign-in issues a new token and logout clears both cookies and ends the session', async () => {
    const one = cookie(await signIn('localhost'), 'userToken').value;
    const two = cookie(await signIn('localhost'), 'userToken').value;
    expect(one).not.toBe(two);
    const out = await call('/api/iqps/logout', { body: {}, cookie: `userToken=${two}` });
    expect(out.status).toBe(200);
    for (const name of ['userToken', 'userData']) expect(cookie(out, name).line).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
    const after = await call('/api/auth/checkLogin', { body: {}, cookie: `userToken=${two}` });
    expect(after.json.status).toBe('failed');
  });
});

// ---- who may reach which rows -------------------------------------------------------------------------------------

const idRoutes = ROUTES.flatMap((route) => (route.ids ?? []).map((use) => [`${routeName(route)} (${use.in} ${use.name})`, route, use] as const));

/** The request of `route` carrying the owner's id for `use` and no other foreign id. */
function attempt(route: RouteSpec, use: IdUse, owner: OwnedIds) {
  const ex = route.example(owner);
  const params = { ...ex.params };
  const query = { ...ex.query };
  let body = ex.body && typeof ex.body === 'object' ? { ...(ex.body as Record<string, unknown>) } : ex.body;
  for (const other of route.ids ?? []) if (other !== use && other.in === 'body' && body && typeof body === 'object') delete (body as any)[other.name];
  const value = owner[use.of];
  if (use.in === 'param') params[use.name] = value;
  else if (use.in === 'query') query[use.name] = value;
  else body = { ...(body as object), [use.name]: value };
  return request(route, { params, query, body });
}

/** No object in the answer names the foreign id under the id's own field name, and the owner's email never appears. */
function leaks(json: unknown, use: IdUse, owner: OwnedIds): string[] {
  const found: string[] = [];
  const value = owner[use.of];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === use.name || k === 'member' || k === 'client_id' || k === 'memberid' || k === 'userId') && String(x) === String(value)) found.push(`${k}=${String(x)}`);
        walk(x);
      }
    }
  };
  walk(json);
  if (JSON.stringify(json ?? '').includes(owner.email)) found.push(`the owner's email ${owner.email}`);
  return found;
}

describe("nobody reaches another user's or another org's rows", () => {
  it.each(idRoutes)("%s: another member and another org's member are refused; the owner is served", async (_, route, use) => {
    // A fresh member owns the consumer rows (a member keeps at most 30 travellers); agent one owns the agent rows.
    const member = await ssoUser();
    const ownerSession = route.session === 'agent' ? agentA : isConsole(route) ? adminA : member;
    const [u, a] = await Promise.all([rowsOf(member), agentRowsOf(agentA)]);
    const owner = idsOf(u, a, member, await bookableProduct());
    if (use.owner === 'agent') owner.email = agentA.email;
    const req = attempt(route, use, owner);

    for (const who of ['B', 'C'] as const) {
      const s = sessionFor(route, who);
      const before = watch.signature();
      const r = await as(s, req.path, { method: route.method, body: req.body });
      const label = `${who === 'B' ? 'another member of the org' : "another org's member"} (${s.email}): ${r.status} ${r.text.slice(0, 200)}`;
      if (use.expect === 'refused') {
        expect([400, 403, 404, 409], label).toContain(r.status);
        if (route.changesState) expect(DbWatch.changed(before, watch.signature()), label).toEqual([]);
      } else {
        expect(r.status, label).toBe(200);
      }
      expect(leaks(r.json, use, owner), label).toEqual([]);
    }

    // The same request as the owner works: the refusals above are about who asks, not about the request.
    const mine = await as(ownerSession, req.path, { method: route.method, body: req.body });
    if (use.ownerAnswer) expect(mine.status, `the owner: ${mine.text.slice(0, 300)}`).toBe(use.ownerAnswer);
    else expect(mine.status, `the owner: ${mine.text.slice(0, 300)}`).toBeLessThan(300);
  });

  const agentOnly = ROUTES.filter((r) => r.session === 'agent');
  it.each(agentOnly.map((r) => [routeName(r), r] as const))('%s refuses a consumer with 403', async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const before = watch.signature();
    const r = await as(userA, path, { method: route.method, body });
    expect(r.status, r.text).toBe(403);
    expect(isErrorShape(r.json)).toBe(true);
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
  });

  const adminOnly = ROUTES.filter((r) => r.session === 'admin');
  it.each(adminOnly.map((r) => [routeName(r), r] as const))('%s refuses a consumer, an agent and a marketer with 403, and a stranger with 401', async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const before = watch.signature();
    for (const s of [userA, agentA, marketerA]) {
      const r = await as(s, path, { method: route.method, body });
      expect(r.status, `${s.email}: ${r.text}`).toBe(403);
      expect(isErrorShape(r.json)).toBe(true);
    }
    const out = await as(null, path, { method: route.method, body });
    expect(out.status, out.text).toBe(401);
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
  });

  const marketing = ROUTES.filter((r) => r.session === 'marketing');
  it.each(marketing.map((r) => [routeName(r), r] as const))('%s admits a marketer, refuses a consumer and an agent with 403, and a stranger with 401', async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const before = watch.signature();
    for (const s of [userA, agentA]) {
      const r = await as(s, path, { method: route.method, body });
      expect(r.status, `${s.email}: ${r.text}`).toBe(403);
      expect(isErrorShape(r.json)).toBe(true);
    }
    const out = await as(null, path, { method: route.method, body });
    expect(out.status, out.text).toBe(401);
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
    const allowed = await as(marketerA, path, { method: route.method, body });
    expect(allowed.status, allowed.text).toBeLessThan(300);
  });

  it.each([...adminOnly, ...marketing].map((r) => [routeName(r), r] as const))("%s refuses an admin of one org on another org's host with 403", async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const before = watch.signature();
    const r = await call(path, { host: ACME, method: route.method, body, headers: { authorization: `Bearer ${adminA.token}`, 'cf-connecting-ip': freshIp() } });
    expect(r.status, r.text).toBe(403);
    expect(isErrorShape(r.json)).toBe(true);
    expect(DbWatch.changed(before, watch.signature())).toEqual([]);
  });

  const needSession = ROUTES.filter((r) => r.session === 'user' || r.session === 'agent');
  it.each(needSession.map((r) => [routeName(r), r] as const))("%s does not honour a session of one org on another org's host", async (_, route) => {
    const ids = await someIds();
    const { path, body } = request(route, route.example(ids));
    const s = sessionFor(route, 'A');
    const r = await call(path, { host: ACME, method: route.method, body, headers: { authorization: `Bearer ${s.token}`, 'cf-connecting-ip': freshIp() } });
    const signedOut = await call(path, { host: ACME, method: route.method, body, headers: { 'cf-connecting-ip': freshIp() } });
    // Acme takes bookings without a session, so a checkout there is a guest's: either way the answer is a stranger's.
    expect(r.status, r.text).toBe(signedOut.status);
    expect(r.status, r.text).toBeGreaterThanOrEqual(400);
    if (route.path !== '/api/booking/checkout') expect(r.status, r.text).toBe(401);
  });
});

// ---- attempt limits under concurrency ----------------------------------------------------------------------------

/**
 * Limits the gate does not send a burst to, with where their burst is proven instead: a new limit is either in the
 * route table (and so under the burst below) or named here.
 */
const LIMITS_PROVEN_ELSEWHERE: Partial<Record<keyof typeof LIMITS, string>> = {
  forgotEmail: 'never answers 429: past it, forgot password stops mailing and answers as before (auth tests)',
  guestCheckoutIp: 'counts guests only, on an org that takes bookings without an account (rate-limits.test.ts, 35 at once)',
};

describe('attempt limits hold when requests arrive together (docs/decisions/0012)', () => {
  it('every attempt limit is in the route table, or named with the test that proves it', () => {
    const tabled = new Set(ROUTES.flatMap((route) => (route.limits ?? []).map((l) => l.limit.bucket)));
    const missing = Object.entries(LIMITS).filter(([name, l]) => !tabled.has(l.bucket) && !(name in LIMITS_PROVEN_ELSEWHERE)).map(([name]) => name);
    expect(missing).toEqual([]);
    for (const name of Object.keys(LIMITS_PROVEN_ELSEWHERE)) expect(tabled.has(LIMITS[name as keyof typeof LIMITS].bucket), `${name} is tabled now: drop it from the list`).toBe(false);
  });

  const limited = ROUTES.flatMap((route) => (route.limits ?? []).map((l) => [`${routeName(route)} (${l.limit.bucket}, by ${l.by})`, route, l] as const));
  it.each(limited)('%s: of max + 30 counted requests sent at once, at most max are evaluated and the rest answer 429 with Retry-After', async (_, route, l) => {
    const ids = await someIds();
    const n = l.limit.max + 30;
    const ip = freshIp();
    const email = `gate-limit-${crypto.randomUUID()}@example.com`;
    const caller = l.by === 'member' ? await ssoUser() : l.by === 'agent' ? agentA : route.session === 'user' ? userA : null;
    const requests = Array.from({ length: n }, () => request(route, l.counted({ email: l.by === 'email' ? email : `gate-limit-${crypto.randomUUID()}@example.com`, ids })));
    const replies = await Promise.all(
      requests.map(({ path, body, rawBody, headers }) => as(caller, path, { method: route.method, body, rawBody, headers: { ...headers, 'cf-connecting-ip': l.by === 'address' ? ip : freshIp() } })),
    );
    const refused = replies.filter((r) => r.status === 429);
    const statuses = replies.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});
    expect(replies.length - refused.length, JSON.stringify(statuses)).toBeLessThanOrEqual(l.limit.max);
    expect(replies.every((r) => r.status < 500), JSON.stringify(statuses)).toBe(true);
    const longestWindow = Math.max(...route.limits!.map((x) => x.limit.windowMs)) / 1000;
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(longestWindow);
      if (l.shape === 'wire') expect(route.wireRefusals!.isRefusal(r.text), r.text.slice(0, 200)).toBe(true);
      else if (l.shape === 'message') expect(r.json).toEqual({ status: 'failed', message: 'TOO MANY ATTEMPTS. PLEASE TRY AGAIN LATER' });
      else expect(r.json?.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'TOO MANY ATTEMPTS. PLEASE TRY AGAIN LATER' });
    }
  }, 120_000);
});
