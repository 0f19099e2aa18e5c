// The console's operations over real HTTP: custom domains through the Cloudflare simulator, wallet cards (one, a CSV
// file all or nothing, idempotent under 30 concurrent replays, void, spends), the org's bookings (filters, CSV) and
// label overrides seen on the next request; roles, cross-org refusals and audit rows for each.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, freshIp, signedInClient, verifiedAccount, DB_TEST_TIMEOUT } from './auth-helpers';

const ORG_ONE_ADMIN = { email: 'admin@example.com', password: 'Admin1!pass' };
const ACME_ADMIN = { email: 'admin@acme.example.com', password: 'Admin1!pass' };

let host: string;
let orgId: number;
let admin: { client: Client; email: string };
let member: { client: Client; email: string; userId: number };
let marketer: Client;
let orgOne: { client: Client; token: string };
let acme: Client;
/** A member of org 1 (another org's email for this org's card forms). */
let orgOneMember: string;

const ROUTES: { method: string; path: string; body?: unknown; rawBody?: string; type?: string }[] = [
  { method: 'GET', path: '/api/admin/domains' },
  { method: 'POST', path: '/api/admin/domains', body: { host: 'roles-check.example' } },
  { method: 'POST', path: '/api/admin/domains/roles-check.example/refresh' },
  { method: 'DELETE', path: '/api/admin/domains/roles-check.example' },
  { method: 'GET', path: '/api/admin/cards?page=1' },
  { method: 'POST', path: '/api/admin/cards', body: { email: 'demo@example.com', kind: 'cash', amount: 5, currency: 'USD' } },
  { method: 'POST', path: '/api/admin/cards/import', rawBody: 'email,kind,amount,currency,services,pro_code\r\ndemo@example.com,cash,5,USD,,\r\n', type: 'text/csv' },
  { method: 'POST', path: '/api/admin/cards/1/void' },
  { method: 'GET', path: '/api/admin/cards/1/spends' },
  { method: 'GET', path: '/api/admin/bookings?page=1' },
  { method: 'GET', path: '/api/admin/bookings?format=csv' },
  { method: 'GET', path: '/api/admin/labels/fr-FR' },
  { method: 'PUT', path: '/api/admin/labels/fr-FR', body: { home_title: 'Bonjour' } },
];

function send(client: Client | null, r: (typeof ROUTES)[number], headers: Record<string, string> = {}, h = host) {
  const opts = {
    method: r.method,
    body: r.body,
    rawBody: r.rawBody,
    headers: { 'cf-connecting-ip': freshIp(), ...(r.type ? { 'content-type': r.type } : {}), ...headers },
  };
  return client ? client.call(r.path, opts) : call(r.path, { host: h, ...opts });
}

const csv = (...rows: string[]) => ['email,kind,amount,currency,services,pro_code', ...rows].join('\r\n') + '\r\n';
const importCsv = (text: string, headers: Record<string, string> = {}) =>
  admin.client.call('/api/admin/cards/import', { method: 'POST', rawBody: text, headers: { 'content-type': 'text/csv', ...headers } });

function expect400(r: Reply) {
  expect(r.status, r.text).toBe(400);
  expectErrorShape(r.json, 'BAD_REQUEST');
  return r.json.error.issues as { path: string; message: string; key?: string }[];
}

async function audit(action: string) {
  const r = await admin.client.call('/api/admin/audit?page=1');
  expect(r.status, r.text).toBe(200);
  return (r.json.data as { action: string; target: string; actor_email: string; detail: any }[]).filter((a) => a.action === action);
}

const orgNameOn = async (h: string) => (await call('/api/org/config', { host: h })).json.data.orgName as string;
const cardCount = async (email: string) => (await admin.client.call(`/api/admin/cards?q=${encodeURIComponent(email)}`)).json.count as number;

beforeAll(async () => {
  const slug = `ops-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name) VALUES ('Ops ${slug}'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid()); SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  const [a, m, k, one] = await Promise.all([verifiedAccount(host), verifiedAccount(host), verifiedAccount(host), verifiedAccount('localhost')]);
  orgOneMember = one!.email;
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}'; UPDATE users SET role = 'marketer' WHERE org_id = ${orgId} AND email = '${k!.email}';`);
  const [sa, sm, sk, so, sacme] = await Promise.all([
    signedInClient(a!.email, a!.password, host),
    signedInClient(m!.email, m!.password, host),
    signedInClient(k!.email, k!.password, host),
    signedInClient(ORG_ONE_ADMIN.email, ORG_ONE_ADMIN.password, 'localhost'),
    signedInClient(ACME_ADMIN.email, ACME_ADMIN.password, 'acme.localhost'),
  ]);
  admin = { client: sa.client, email: a!.email };
  member = { client: sm.client, email: m!.email, userId: sm.reply.json.result.userId };
  marketer = sk.client;
  orgOne = { client: so.client, token: so.token };
  acme = sacme.client;
}, DB_TEST_TIMEOUT);

describe('roles and orgs', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 signed out, 403 for a member, a marketer and an admin of another org', async (_, route) => {
    const out = await send(null, route);
    expect(out.status, out.text).toBe(401);
    expectErrorShape(out.json, 'UNAUTHORIZED');
    for (const [who, r] of [
      ['member', await send(member.client, route)],
      ['marketer', await send(marketer, route)],
      ['admin of org 1', await send(null, route, { authorization: `Bearer ${orgOne.token}` })],
    ] as const) {
      expect(r.status, `${who}: ${r.text}`).toBe(403);
      expectErrorShape(r.json, 'FORBIDDEN');
    }
  });
});

describe('domains through the Cloudflare simulator', () => {
  const domain = `www.ops-${crypto.randomUUID().slice(0, 8)}.example`;

  it('not a host name → 400; a platform address → 400; nothing written', async () => {
    for (const bad of ['', 'localhost', 'no spaces.example', '-x.example', 'http://x.example', '10.0.0.1', 'a'.repeat(64) + '.example', 'x.example/path', 42]) {
      const issues = expect400(await admin.client.call('/api/admin/domains', { body: { host: bad } }));
      expect(issues.map((i) => i.path), String(bad)).toContain('host');
    }
    expect400(await admin.client.call('/api/admin/domains', { body: { host: 'mine.localhost' } }));
    expect400(await admin.client.call('/api/admin/domains', { body: { host: 'x.example', extra: 1 } }));
    expect(await d1Query(`SELECT host FROM custom_hostnames WHERE org_id = ${orgId}`)).toEqual([]);
  });

  it("a host another org resolves from → 409 (Acme's own address)", async () => {
    const r = await admin.client.call('/api/admin/domains', { body: { host: 'acme.localhost' } });
    // Under the platform domain: refused as such before any lookup.
    expect(r.status).toBe(400);
    await d1Query(`INSERT INTO org_domains (host, org_id) VALUES ('held-${domain}', 2)`);
    const held = await admin.client.call('/api/admin/domains', { body: { host: `held-${domain}` } });
    expect(held.status, held.text).toBe(409);
    expectErrorShape(held.json, 'CONFLICT');
  });

  it('add → pending with the CNAME and TXT records; only once both are published does "check" turn it active and the host serve the org', async () => {
    const orgName = await orgNameOn(host);
    const added = await admin.client.call('/api/admin/domains', { body: { host: domain.toUpperCase() + '.' } });
    expect(added.status, added.text).toBe(201);
    expect(added.json.data).toMatchObject({
      host: domain, status: 'pending', verification: { type: 'txt', name: `_cf-custom-hostname.${domain}` },
      dns: { cname: { name: domain, target: 'customers.localhost' } }, ownership: 'pending', ssl: { status: 'pending_validation' },
    });
    const lapses = Date.parse(added.json.data.lapses_at) - Date.parse(added.json.data.created_at);
    expect(lapses).toBe(7 * 86_400_000);
    const { name, value } = added.json.data.verification;
    expect(value).toMatch(/^[0-9a-f-]{36}$/);
    // Adding it again is the same record; another org is refused while it is pending.
    const again = await admin.client.call('/api/admin/domains', { body: { host: domain } });
    expect(again.status).toBe(201);
    expect(again.json.data.verification.value).toBe(value);
    const other = await acme.call('/api/admin/domains', { body: { host: domain } });
    expect(other.status, other.text).toBe(409);

    // Pending: the host is not the org's yet (the default org answers there).
    expect(await orgNameOn(domain)).toBe('Travel Club');
    const early = await admin.client.call(`/api/admin/domains/${domain}/refresh`, { method: 'POST' });
    expect(early.json.data.status).toBe('pending');
    expect((await call('/_sim/cloudflare/dns', { body: { name, type: 'TXT', value: 'wrong-value' } })).status).toBe(200);
    expect((await admin.client.call(`/api/admin/domains/${domain}/refresh`, { method: 'POST' })).json.data.status).toBe('pending');

    expect((await call('/_sim/cloudflare/dns', { body: { name, type: 'TXT', value } })).status).toBe(200);
    // Ownership proven, no certificate yet (the host does not point at the platform): still not serving.
    const owned = await admin.client.call(`/api/admin/domains/${domain}/refresh`, { method: 'POST' });
    expect(owned.json.data).toMatchObject({ status: 'pending', ownership: 'active', ssl: { status: 'pending_validation' } });
    expect(await orgNameOn(domain)).toBe('Travel Club');
    expect((await call('/_sim/cloudflare/dns', { body: { name: domain, type: 'CNAME', value: 'elsewhere.example' } })).status).toBe(200);
    expect((await admin.client.call(`/api/admin/domains/${domain}/refresh`, { method: 'POST' })).json.data.status).toBe('pending');
    expect((await call('/_sim/cloudflare/dns', { body: { name: domain, type: 'CNAME', value: 'customers.localhost' } })).status).toBe(200);
    const checked = await admin.client.call(`/api/admin/domains/${domain}/refresh`, { method: 'POST' });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.json.data).toMatchObject({ status: 'active', ownership: 'active', ssl: { status: 'active' }, lapses_at: null });
    expect(await orgNameOn(domain)).toBe(orgName);
    const page = await call('/', { host: domain, headers: { accept: 'text/html' } });
    expect(page.text).toContain(orgName);

    const list = await admin.client.call('/api/admin/domains');
    expect(list.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ host, platform: true, status: 'active', verification: null }),
        expect.objectContaining({ host: domain, platform: false, status: 'active' }),
      ]),
    );
    expect((await acme.call('/api/admin/domains')).json.data.map((d: { host: string }) => d.host)).not.toContain(domain);
    expect((await audit('domain.add')).map((a) => a.target)).toContain(`domain:${domain}`);
    expect((await audit('domain.active')).map((a) => a.target)).toContain(`domain:${domain}`);
  });

  it('another org cannot check or remove it; removing it stops the host serving the org on the next request', async () => {
    for (const [method, path] of [['POST', `/api/admin/domains/${domain}/refresh`], ['DELETE', `/api/admin/domains/${domain}`]] as const) {
      const r = await acme.call(path, { method });
      expect(r.status, r.text).toBe(404);
    }
    const orgName = await orgNameOn(domain);
    expect(orgName).not.toBe('Travel Club');
    const removed = await admin.client.call(`/api/admin/domains/${domain}`, { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect(await orgNameOn(domain)).toBe('Travel Club');
    expect((await admin.client.call(`/api/admin/domains/${domain}`, { method: 'DELETE' })).status).toBe(404);
    expect((await audit('domain.remove')).map((a) => a.target)).toContain(`domain:${domain}`);
    // The platform's own address is not the console's to remove.
    expect((await admin.client.call(`/api/admin/domains/${host}`, { method: 'DELETE' })).status).toBe(404);
    expect(await orgNameOn(host)).toBe(orgName);
  });

  it('a claim not verified in 7 days lapses: it shows as lapsed, another org may claim the host (with records of its own), and its maker may claim it again', async () => {
    const stale = `stale-${domain}`;
    const first = await admin.client.call('/api/admin/domains', { body: { host: stale } });
    expect(first.status, first.text).toBe(201);
    // Pending: another org is refused.
    expect((await acme.call('/api/admin/domains', { body: { host: stale } })).status).toBe(409);
    await d1Query(`UPDATE custom_hostnames SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days') WHERE host = '${stale}'`);
    const mine = (await admin.client.call('/api/admin/domains')).json.data.find((d: { host: string }) => d.host === stale);
    expect(mine).toMatchObject({ status: 'lapsed' });
    expect(Date.parse(mine.lapses_at)).toBeLessThan(Date.now());
    // Its maker claims it again: fresh records, pending again for 7 days.
    const again = await admin.client.call('/api/admin/domains', { body: { host: stale } });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.status).toBe('pending');
    expect(again.json.data.verification.value).not.toBe(first.json.data.verification.value);
    expect(Date.parse(again.json.data.lapses_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Lapsed again, another org takes it: its own TXT value, the row is its own, the first org no longer lists it.
    await d1Query(`UPDATE custom_hostnames SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days') WHERE host = '${stale}'`);
    const taken = await acme.call('/api/admin/domains', { body: { host: stale } });
    expect(taken.status, taken.text).toBe(201);
    expect(taken.json.data.verification.value).not.toBe(again.json.data.verification.value);
    expect(await d1Query<{ org_id: number }>(`SELECT org_id FROM custom_hostnames WHERE host = '${stale}'`)).toEqual([{ org_id: 2 }]);
    expect((await admin.client.call('/api/admin/domains')).json.data.map((d: { host: string }) => d.host)).not.toContain(stale);
    // The old TXT value proves nothing now: publishing it with the CNAME does not activate the new claim.
    await call('/_sim/cloudflare/dns', { body: { name: `_cf-custom-hostname.${stale}`, type: 'TXT', value: again.json.data.verification.value } });
    await call('/_sim/cloudflare/dns', { body: { name: stale, type: 'CNAME', value: 'customers.localhost' } });
    expect((await acme.call(`/api/admin/domains/${stale}/refresh`, { method: 'POST' })).json.data).toMatchObject({ status: 'pending', ownership: 'pending' });
    await acme.call(`/api/admin/domains/${stale}`, { method: 'DELETE' });
  });

  it('the provider down → 502, nothing written', async () => {
    const down = `down-${domain}`;
    const before = (await audit('domain.add')).length;
    expect((await call('/_sim/cloudflare/mode', { body: { mode: 'fail' } })).status).toBe(200);
    try {
      const r = await admin.client.call('/api/admin/domains', { body: { host: down } });
      expect(r.status, r.text).toBe(502);
      expectErrorShape(r.json, 'UPSTREAM_FAILED');
      expect(await d1Query(`SELECT host FROM custom_hostnames WHERE host = '${down}'`)).toEqual([]);
      expect((await audit('domain.add')).length).toBe(before);
    } finally {
      await call('/_sim/cloudflare/mode', { body: { mode: 'ok' } });
    }
  }, DB_TEST_TIMEOUT);

  it('30 concurrent adds of one host by two orgs: one org holds it, the others are refused', async () => {
    const contested = `race-${domain}`;
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? acme : admin.client).call('/api/admin/domains', { body: { host: contested } }).then((r) => ({ r, acme: i % 2 === 1 }))),
    );
    for (const { r } of replies) expect([201, 409], r.text).toContain(r.status);
    const winners = replies.filter(({ r }) => r.status === 201);
    expect(winners.length).toBeGreaterThan(0);
    expect(new Set(winners.map((w) => w.acme)).size).toBe(1);
    const rows = await d1Query<{ org_id: number }>(`SELECT org_id FROM custom_hostnames WHERE host = '${contested}'`);
    expect(rows).toEqual([{ org_id: winners[0]!.acme ? 2 : orgId }]);
  }, DB_TEST_TIMEOUT);
});

describe('wallet cards', () => {
  it('one card to a member by email → 201, in their wallet, audited', async () => {
    const r = await admin.client.call('/api/admin/cards', { body: { email: member.email.toUpperCase(), kind: 'certificate', amount: 120.5, currency: 'usd', services: ['hlt', 'ACT'] } });
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.card_code).toMatch(/^CERT-/);
    const list = await admin.client.call(`/api/admin/cards?q=${encodeURIComponent(r.json.data.card_code)}`);
    expect(list.json).toMatchObject({ count: 1, data: [{ payment_card_id: r.json.data.payment_card_id, kind: 'certificate', amount: 120.5, status: 'ACTIVE', email: member.email, services: 'HLT,ACT' }] });
    expect((await audit('card.issue')).some((a) => a.target.startsWith(`card:${r.json.data.card_code}`))).toBe(true);
  });

  it('bad input → 400 naming the field; an email of another org or nobody → 400; nothing issued', async () => {
    const before = await cardCount(member.email);
    const cases: [unknown, string][] = [
      [{ email: 'nope', kind: 'cash', amount: 5, currency: 'USD' }, 'email'],
      [{ email: member.email, kind: 'gift', amount: 5, currency: 'USD' }, 'kind'],
      [{ email: member.email, kind: 'cash', amount: 0, currency: 'USD' }, 'amount'],
      [{ email: member.email, kind: 'cash', amount: 1.005, currency: 'USD' }, 'amount'],
      [{ email: member.email, kind: 'cash', amount: 5, currency: 'US' }, 'currency'],
      [{ email: member.email, kind: 'cash', amount: 5, currency: 'XXX' }, 'currency'],
      [{ email: member.email, kind: 'certificate', amount: 5, currency: 'USD' }, 'services'],
      [{ email: member.email, kind: 'discount', amount: 5, currency: 'USD', pro_code: 'XYZ' }, 'pro_code'],
      [{ email: orgOneMember, kind: 'cash', amount: 5, currency: 'USD' }, 'email'],
      [{ email: `nobody-${crypto.randomUUID()}@example.com`, kind: 'cash', amount: 5, currency: 'USD' }, 'email'],
    ];
    for (const [body, path] of cases) {
      const issues = expect400(await admin.client.call('/api/admin/cards', { body }));
      expect(issues.map((i) => i.path), JSON.stringify(body)).toContain(path);
    }
    expect(await cardCount(member.email)).toBe(before);
  });

  it('a CSV import issues every row (quoted fields included) → 201 { issued }', async () => {
    const before = await cardCount(member.email);
    const r = await importCsv(
      csv(`${member.email},cash,25,USD,,`, `"${member.email}",certificate,80.25,EUR,"HLT,STY",`, `${member.email},discount,10,USD,,act`, ''),
    );
    expect(r.status, r.text).toBe(201);
    expect(r.json).toEqual({ data: { issued: 3 } });
    expect(await cardCount(member.email)).toBe(before + 3);
    expect((await audit('card.import'))[0]?.detail.after.issued).toBe(3);
  });

  it('any bad row → 400 listing every bad row by number and reason, nothing issued', async () => {
    const before = await cardCount(member.email);
    const r = await importCsv(
      csv(
        `${member.email},cash,25,USD,,`,
        `not-an-email,cash,25,USD,,`,
        `${orgOneMember},cash,25,USD,,`,
        `${member.email},cash,-3,USD,,`,
        `${member.email},certificate,10,USD,,`,
        `${member.email},cash,25,USD`,
        `${member.email},discount,25,ZZZ,,HLT`,
      ),
    );
    const issues = expect400(r);
    expect([...new Set(issues.map((i) => i.path.split('.')[0]))].sort()).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 7', 'row 8']);
    // Each reason names its row and column in the path, and is a catalogue text with its label's key.
    const at = (path: string) => issues.find((i) => i.path === path);
    expect(at('row 3.email')).toEqual({ path: 'row 3.email', message: 'Enter the email of a member of this site', key: 'ops_msg_email' });
    expect(at('row 4.email')).toEqual({ path: 'row 4.email', message: 'No member of this site has this email', key: 'ops_msg_noSuchMember' });
    expect(at('row 5.amount')?.key).toMatch(/^ops_msg_/);
    expect(at('row 6.services')?.key).toMatch(/^ops_msg_/);
    expect(at('row 7')).toMatchObject({ message: expect.stringMatching(/as many columns as the header/), key: 'ops_msg_csvColumns' });
    expect(at('row 8.currency')).toMatchObject({ message: 'This currency is not offered', key: expect.stringMatching(/_unknownCurrency$/) });
    expect(r.json.error.message).toMatch(/^6 rows cannot be imported/);
    expect(await cardCount(member.email)).toBe(before);
  });

  it('a wrong header, an empty file, an open quote or another content type is refused', async () => {
    expect(expect400(await importCsv('mail,kind,amount\r\nx,y,z\r\n'))[0]!.path).toBe('row 1');
    expect400(await importCsv(csv()));
    expect(expect400(await importCsv(csv(`${member.email},cash,25,USD,,`, `"${member.email},cash,25,USD,,`)))[0]!.path).toBe('row 3');
    const json = await admin.client.call('/api/admin/cards/import', { body: { csv: 'x' } });
    expect(json.status).toBe(415);
  });

  it('the same Idempotency-Key again issues nothing more; with another file it is a 409', async () => {
    const key = `import-${crypto.randomUUID()}`;
    const file = csv(`${member.email},cash,7,USD,,`, `${member.email},cash,8,USD,,`);
    const before = await cardCount(member.email);
    const first = await importCsv(file, { 'idempotency-key': key });
    expect(first.status, first.text).toBe(201);
    const again = await importCsv(file, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.json).toEqual({ data: { issued: 2 } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await importCsv(csv(`${member.email},cash,9,USD,,`), { 'idempotency-key': key })).status).toBe(409);
    expect(await cardCount(member.email)).toBe(before + 2);
    expect400(await importCsv(file, { 'idempotency-key': 'x'.repeat(256) }));
  });

  it('30 concurrent imports with one key issue the file once', async () => {
    const key = `race-${crypto.randomUUID()}`;
    const file = csv(`${member.email},cash,1,USD,,`, `${member.email},cash,2,USD,,`, `${member.email},cash,3,USD,,`);
    const before = await cardCount(member.email);
    const auditBefore = (await audit('card.import')).length;
    const replies = await Promise.all(Array.from({ length: 30 }, () => importCsv(file, { 'idempotency-key': key })));
    for (const r of replies) {
      expect(r.status, r.text).toBe(201);
      expect(r.json).toEqual({ data: { issued: 3 } });
    }
    expect(await cardCount(member.email)).toBe(before + 3);
    expect((await audit('card.import')).length).toBe(auditBefore + 1);
  });

  it("void → VOID (twice → 409); another org's admin cannot void or read it; its spends are listed", async () => {
    const issued = await admin.client.call('/api/admin/cards', { body: { email: member.email, kind: 'cash', amount: 50, currency: 'USD' } });
    const id = issued.json.data.payment_card_id as number;
    await d1Query(
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, guests, currency, price_minor, cash_minor, total_minor, idempotency_key, request_hash, traveler)
       VALUES ('OPS-SPEND-${id}', ${orgId}, ${member.userId}, 1, 'HLT', 'Spend Hotel', 'Paris', '2027-01-01', 1, 'USD', 3000, 3000, 0, 'k-${id}', 'h', '{}');
       INSERT INTO card_spends (booking_id, card_id, kind, amount_minor, card_currency_minor) VALUES (last_insert_rowid(), ${id}, 'cash', 3000, 3000);`,
    );
    const spent = await admin.client.call(`/api/admin/cards/${id}/spends`);
    expect(spent.status, spent.text).toBe(200);
    expect(spent.json.data.spends).toEqual([expect.objectContaining({ booking_id: `OPS-SPEND-${id}`, amount: 30, currency: 'USD', card_amount: 30, card_currency: 'USD' })]);
    for (const [method, path] of [['POST', `/api/admin/cards/${id}/void`], ['GET', `/api/admin/cards/${id}/spends`]] as const) {
      expect((await orgOne.client.call(path, { method })).status).toBe(404);
    }
    const voided = await admin.client.call(`/api/admin/cards/${id}/void`, { method: 'POST' });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json.data.status).toBe('VOID');
    const twice = await admin.client.call(`/api/admin/cards/${id}/void`, { method: 'POST' });
    expect(twice.status).toBe(409);
    expect((await admin.client.call('/api/admin/cards/999999999/void', { method: 'POST' })).status).toBe(404);
    expect((await admin.client.call('/api/admin/cards/abc/spends')).status).toBe(404);
    expect((await audit('card.void')).filter((a) => a.target === `card:${issued.json.data.card_code}`)).toHaveLength(1);
  }, DB_TEST_TIMEOUT);
});

describe('wallet card expiry', () => {
  const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
  const cardRow = async (code: string) => (await admin.client.call(`/api/admin/cards?q=${encodeURIComponent(code)}`)).json.data[0];

  it('a card issued with expires_at stores it and lists it; a day alone is valid through its end (UTC)', async () => {
    const at = future();
    const r = await admin.client.call('/api/admin/cards', { body: { email: member.email, kind: 'cash', amount: 5, currency: 'USD', expires_at: at } });
    expect(r.status, r.text).toBe(201);
    expect(await cardRow(r.json.data.card_code)).toMatchObject({ expires_at: at });
    const byDay = await admin.client.call('/api/admin/cards', { body: { email: member.email, kind: 'cash', amount: 5, currency: 'USD', expires_at: '2099-06-30' } });
    expect(byDay.status, byDay.text).toBe(201);
    expect(await cardRow(byDay.json.data.card_code)).toMatchObject({ expires_at: '2099-06-30T23:59:59.999Z' });
    const none = await admin.client.call('/api/admin/cards', { body: { email: member.email, kind: 'cash', amount: 5, currency: 'USD' } });
    expect(await cardRow(none.json.data.card_code)).toMatchObject({ expires_at: null });
    const logged = (await audit('card.issue')).find((a) => a.target.startsWith(`card:${r.json.data.card_code}`));
    expect(logged?.detail.after.expires_at).toBe(at);
  });

  it.each([
    ['a past day', '2020-01-01'],
    ['a past date and time', '2020-01-01T10:00:00Z'],
    ['not a date', 'next year'],
    ['an impossible day', '2099-02-31'],
  ])('%s → 400 naming expires_at with the schema\'s message, nothing issued', async (_, expires_at) => {
    const before = await cardCount(member.email);
    const issues = expect400(await admin.client.call('/api/admin/cards', { body: { email: member.email, kind: 'cash', amount: 5, currency: 'USD', expires_at } }));
    expect(issues).toContainEqual({ path: 'expires_at', message: 'Give a future date (YYYY-MM-DD) or date and time (ISO 8601), or leave it empty', key: 'ops_msg_cardExpiry' });
    expect(await cardCount(member.email)).toBe(before);
  });

  it('a CSV with the expires_at column stores each date; bad dates are listed by row number and reason, nothing issued', async () => {
    const header = 'email,kind,amount,currency,services,pro_code,expires_at';
    const file = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
    const before = await cardCount(member.email);
    const bad = await importCsv(file(`${member.email},cash,5,USD,,,2099-01-31`, `${member.email},cash,5,USD,,,2001-01-01`, `${member.email},cash,5,USD,,,soon`, `${member.email},cash,5,USD,,,`));
    const issues = expect400(bad);
    expect(issues).toEqual([
      { path: 'row 3.expires_at', message: 'Give a future date (YYYY-MM-DD) or date and time (ISO 8601), or leave it empty', key: 'ops_msg_cardExpiry' },
      { path: 'row 4.expires_at', message: 'Give a future date (YYYY-MM-DD) or date and time (ISO 8601), or leave it empty', key: 'ops_msg_cardExpiry' },
    ]);
    expect(await cardCount(member.email)).toBe(before);
    const ok = await importCsv(file(`${member.email},cash,5,USD,,,2099-01-31`, `${member.email},cash,6,USD,,,`));
    expect(ok.status, ok.text).toBe(201);
    const list = (await admin.client.call(`/api/admin/cards?q=${encodeURIComponent(member.email)}`)).json.data as { amount: number; expires_at: string | null }[];
    expect(list.slice(0, 2).map((c) => [c.amount, c.expires_at]).sort()).toEqual([[5, '2099-01-31T23:59:59.999Z'], [6, null]]);
  });

  it('spending an expired card is refused with "Card <code> has expired"; an unexpired one pays', async () => {
    const hotel = (await call('/api/products/search?type=HLT&city=Paris&per_page=1')).json.data[0];
    const demo = await signedInClient('demo@example.com', 'Demo1!pass', 'localhost');
    const made = await orgOne.client.call('/api/admin/cards', { body: { email: 'demo@example.com', kind: 'cash', amount: 40, currency: 'USD', expires_at: future() } });
    expect(made.status, made.text).toBe(201);
    const { payment_card_id: id, card_code: code } = made.json.data;
    const body = { product_id: hotel.product_id, check_in: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), check_out: new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10), guests: 2, currency: 'USD', cash_card_id: id };
    const fine = await demo.client.call('/api/booking/preview', { body });
    expect(fine.status, fine.text).toBe(200);
    await d1Query(`UPDATE payment_cards SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ${id}`);
    const refused = await demo.client.call('/api/booking/preview', { body });
    expect(refused.status, refused.text).toBe(400);
    expectErrorShape(refused.json, 'BAD_REQUEST');
    expect(refused.json.error.issues).toContainEqual({ path: 'cash_card_id', message: `Card ${code} has expired` });
  }, DB_TEST_TIMEOUT);
});

describe('bookings', () => {
  beforeAll(async () => {
    const insert = (ref: string, status: string, at: string, product: string, traveler: string) =>
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, guests, currency, price_minor, total_minor, status, idempotency_key, request_hash, traveler, created_at)
       VALUES ('${ref}', ${orgId}, ${member.userId}, 1, 'HLT', '${product.replaceAll("'", "''")}', 'Paris', '2027-02-01', 2, 'EUR', 12345, 12345, '${status}', '${ref}', 'h', '${traveler.replaceAll("'", "''")}', '${at}');`;
    await d1Query(
      insert(`OPS-A-${orgId}`, 'CONFIRMED', '2026-03-01T10:00:00.000Z', 'Hôtel "Bleu", Paris', JSON.stringify({ first_name: '=HYPERLINK("x")', last_name: 'Lee' })) +
        insert(`OPS-B-${orgId}`, 'CANCELLED', '2026-03-05T23:59:59.000Z', 'Plain Inn', JSON.stringify({ first_name: 'Ann', last_name: 'Lee' })) +
        insert(`OPS-C-${orgId}`, 'CONFIRMED', '2026-04-01T00:00:00.000Z', 'Line\nBreak Lodge', JSON.stringify({ first_name: 'Bo', last_name: 'Ray' })),
    );
  }, DB_TEST_TIMEOUT);

  it('lists the org’s bookings newest first, filtered by day and status; never another org’s', async () => {
    const all = await admin.client.call('/api/admin/bookings');
    expect(all.status, all.text).toBe(200);
    const refs = all.json.data.map((b: { booking_id: string }) => b.booking_id).filter((r: string) => /^OPS-[ABC]-/.test(r));
    expect(refs).toEqual([`OPS-C-${orgId}`, `OPS-B-${orgId}`, `OPS-A-${orgId}`]);
    expect(all.json.data.find((b: any) => b.booking_id === `OPS-A-${orgId}`)).toMatchObject({ email: member.email, price: 123.45, currency: 'EUR', traveler: '=HYPERLINK("x") Lee' });
    const march = await admin.client.call('/api/admin/bookings?from=2026-03-01&to=2026-03-05');
    expect(march.json.data.map((b: any) => b.booking_id).sort()).toEqual([`OPS-A-${orgId}`, `OPS-B-${orgId}`]);
    const cancelled = await admin.client.call('/api/admin/bookings?status=CANCELLED');
    expect(cancelled.json.data.map((b: any) => b.booking_id)).toEqual([`OPS-B-${orgId}`]);
    const theirs = await orgOne.client.call('/api/admin/bookings?from=2026-03-01&to=2026-04-01');
    expect(JSON.stringify(theirs.json)).not.toContain(`OPS-A-${orgId}`);
  });

  it('bad filters → 400 naming the field', async () => {
    for (const [q, path] of [['from=2026-02-30', 'from'], ['to=yesterday', 'to'], ['from=2026-05-01&to=2026-04-01', 'to'], ['status=PAID', 'status'], ['page=0', 'page'], ['format=xml', 'format']]) {
      expect(expect400(await admin.client.call(`/api/admin/bookings?${q}`)).map((i) => i.path), q).toContain(path);
    }
  });

  it('format=csv answers text/csv with a file name, quoting commas, quotes and line breaks, formulas kept as text', async () => {
    const r = await admin.client.call('/api/admin/bookings?format=csv&from=2026-03-01&to=2026-04-30');
    expect(r.status, r.text).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="bookings-${orgId}-2026-03-01-2026-04-30.csv"`);
    const lines = r.text.split('\r\n');
    expect(lines[0]).toBe(
      'booking_id,status,created_at,member,agent,traveler,product_type,product_name,city,check_in,check_out,guests,currency,total,paid_by_card,wallet_certificate,wallet_discount,wallet_cash,refunded,payment_reference,supplier,supplier_reference',
    );
    expect(r.text).toContain(`OPS-A-${orgId},CONFIRMED,2026-03-01T10:00:00.000Z,${member.email},,"'=HYPERLINK(""x"") Lee",HLT,"Hôtel ""Bleu"", Paris",Paris,2027-02-01,,2,EUR,123.45,0,0,0,0,0,`);
    expect(r.text).toContain('"Line\nBreak Lodge"');
    expect(r.text.endsWith('\r\n')).toBe(true);
  });
});

describe('translations', () => {
  it('unknown field, unknown language, markup or nothing → 400; nothing changed', async () => {
    expect(expect400(await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: { no_such_label: 'x' } })).map((i) => i.path)).toContain('no_such_label');
    expect400(await admin.client.call('/api/admin/labels/de-DE', { method: 'PUT', body: { home_title: 'Hallo' } }));
    expect400(await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: { home_title: '<b>x</b>' } }));
    expect400(await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: {} }));
    expect400(await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: { home_title: 'x'.repeat(501) } }));
    expect(await d1Query(`SELECT field_name FROM label_overrides WHERE org_id = ${orgId}`)).toEqual([]);
  });

  it('an override shows on the next getLabels and page view of this org only, with the default beside it; empty text restores the default', async () => {
    const labelsOn = async (h: string) =>
      new Map((await call('/api/general/getLabels?lang=fr-FR', { host: h })).json.data.map((e: any) => [e.field_name, e.wl_lang_value])).get('home_title');
    const fallback = await labelsOn(host);
    await call('/?lang=fr-FR', { host, headers: { accept: 'text/html' } });
    const text = `Voyagez avec nous ${crypto.randomUUID().slice(0, 4)}`;
    const r = await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: { home_title: text } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.find((l: any) => l.field_name === 'home_title')).toEqual({ field_name: 'home_title', default: fallback, override: text, area: 'common' });
    expect(await labelsOn(host)).toBe(text);
    expect((await call('/?lang=fr-FR', { host, headers: { accept: 'text/html' } })).text).toContain(text);
    expect(await labelsOn('localhost')).toBe(fallback);
    const audited = (await audit('labels.update'))[0]!;
    expect(audited).toMatchObject({ target: 'labels:fr-FR', actor_email: admin.email, detail: { before: { home_title: null }, after: { home_title: text } } });
    const reset = await admin.client.call('/api/admin/labels/fr-FR', { method: 'PUT', body: { home_title: '' } });
    expect(reset.json.data.find((l: any) => l.field_name === 'home_title').override).toBeNull();
    expect(await labelsOn(host)).toBe(fallback);
  });
});
