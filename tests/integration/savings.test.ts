// Daily savings over real HTTP against the provider simulator (docs/contract.md#savings): every outcome, and only the caller's own member.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACME, baseUrl, call, Client, expectErrorShape } from './helpers';
import { memberHash } from '../../src/shared/rules/savings-hash';
import { freshMember, signedIn, sim, type Member } from './loyalty-helpers';

const PROGRAM = 'SAVPROG-1';
const PREFIX = 'TRV-';

async function directorOf(userId: number) {
  return `/_sim/savings/director?cvt=${await memberHash(PROGRAM, `${PREFIX}${userId}`)}`;
}

afterEach(async () => {
  await sim('/reset', {});
});

describe('daily savings without a session', () => {
  it('GET /go/daily-savings answers 401 with showSignIn', async () => {
    const r = await call('/go/daily-savings');
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ showSignIn: true });
  });

  it('a browser without a session gets a page asking to sign in, still 401', async () => {
    const r = await call('/go/daily-savings', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(r.status).toBe(401);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).toContain('Please sign in to open your daily savings.');
  });

  it('the savings API routes refuse with 401', async () => {
    for (const path of ['/api/savings/getMember', '/api/savings/setMember', '/api/savings/savingsCode']) {
      const r = await call(path, { body: {} });
      expect(r.status, path).toBe(401);
      expectErrorShape(r.json, 'UNAUTHORIZED');
    }
  });
});

describe('the provider simulator', () => {
  it('shows the director page with the cvt it was given', async () => {
    const cvt = await memberHash(PROGRAM, 'TRV-42');
    const r = await call(`/_sim/savings/director?cvt=${cvt}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('Daily savings');
    expect(r.text).toContain(cvt);
  });

  it('imports a member and then knows it', async () => {
    const member = `SIMTEST-${crypto.randomUUID()}`;
    const key = { 'x-api-key': 'dev-savings-key' };
    expect((await call(`/_sim/savings/api/programs/${PROGRAM}/members/${member}`, { headers: key })).status).toBe(404);
    const record = { member_customer_identifier: member, member_status: 'OPEN', email_address: 'x@example.com' };
    const imported = await call(`/_sim/savings/api/programs/${PROGRAM}/import`, { body: { import: { members: [record] } }, headers: key });
    expect(imported.json).toEqual([{ valid_members_count: 1 }]);
    expect((await call(`/_sim/savings/api/programs/${PROGRAM}/members/${member}`, { headers: key })).json.member.member_customer_identifier).toBe(member);
  });
});

describe('daily savings for a signed-in member', () => {
  beforeAll(async () => {
    await sim('/reset', {});
  });

  it('a new member is enrolled with member_status OPEN, saved, and sent to the director with the right cvt', async () => {
    const m = await freshMember();
    const r = await m.client.call('/go/daily-savings');
    expect(r.status).toBe(302);
    expect(String(r.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${(await directorOf(m.userId)).replace(/[?]/g, '\\?')}$`));
    const state = await sim(`/state?member=${PREFIX}${m.userId}`);
    expect(state.imports).toBe(1);
    expect(state.record).toMatchObject({
      member_status: 'OPEN',
      member_customer_identifier: `${PREFIX}${m.userId}`,
      program_customer_identifier: PROGRAM,
      organization_customer_identifier: '1',
      email_address: m.email,
      first_name: m.firstName,
      last_name: m.lastName,
    });
    const got = await m.client.call('/api/savings/getMember', { body: { email: m.email, userId: m.userId, memberid: `${PREFIX}${m.userId}` } });
    expect(got.json).toEqual({ code: 200, data: { email: m.email, userId: m.userId, memberid: `${PREFIX}${m.userId}` } });
  });

  it('an enrolled member goes straight to the director without calling the provider again', async () => {
    const m = await freshMember();
    await m.client.call('/go/daily-savings');
    const before = await sim(`/state?member=${PREFIX}${m.userId}`);
    const again = await m.client.call('/go/daily-savings');
    expect(again.status).toBe(302);
    expect(String(again.headers.location)).toContain(await directorOf(m.userId));
    const after = await sim(`/state?member=${PREFIX}${m.userId}`);
    expect(after.calls).toEqual(before.calls);
  });

  for (const [mode, op] of [
    ['fail', 'import'],
    ['fail', 'get'],
    ['malformed', 'import'],
    ['malformed', 'get'],
  ] as const) {
    it(`a provider answering ${mode} on ${op} gives 200 {isNew:true, redirect:""} and saves no member`, async () => {
      const m = await freshMember();
      await sim('/control', { mode, member: `${PREFIX}${m.userId}`, op });
      const r = await m.client.call('/go/daily-savings');
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ isNew: true, redirect: '' });
      expect((await m.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
    });
  }

  it('a provider slower than 3 seconds gives the failure answer after about 3 seconds', async () => {
    const m = await freshMember();
    await sim('/control', { mode: 'timeout', member: `${PREFIX}${m.userId}`, op: 'import' });
    const started = Date.now();
    const r = await m.client.call('/go/daily-savings');
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ isNew: true, redirect: '' });
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(3_900);
    expect((await m.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
  });

  it('a browser gets a friendly page for a provider failure', async () => {
    const m = await freshMember();
    await sim('/control', { mode: 'fail', member: `${PREFIX}${m.userId}` });
    const r = await m.client.call('/go/daily-savings', { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.text).toContain('The daily savings program is not available right now');
  });

  it('a repeat after a failure enrols once and redirects', async () => {
    const m = await freshMember();
    await sim('/control', { mode: 'fail', member: `${PREFIX}${m.userId}`, op: 'import', times: 1 });
    expect((await m.client.call('/go/daily-savings')).json).toEqual({ isNew: true, redirect: '' });
    const retry = await m.client.call('/go/daily-savings');
    expect(retry.status).toBe(302);
    expect((await sim(`/state?member=${PREFIX}${m.userId}`)).imports).toBe(1);
  });

  it('a repeat after a timed-out import the provider did take does not import again', async () => {
    const m = await freshMember();
    // The provider stores the member but the answer is lost: the next attempt must find it rather than import again.
    await sim('/control', { mode: 'timeout', member: `${PREFIX}${m.userId}`, op: 'get', times: 1 });
    expect((await m.client.call('/go/daily-savings')).json).toEqual({ isNew: true, redirect: '' });
    await call(`/_sim/savings/api/programs/${PROGRAM}/import`, {
      body: { import: { members: [{ member_customer_identifier: `${PREFIX}${m.userId}`, member_status: 'OPEN', email_address: m.email }] } },
      headers: { 'x-api-key': 'dev-savings-key' },
    });
    const retry = await m.client.call('/go/daily-savings');
    expect(retry.status).toBe(302);
    expect((await sim(`/state?member=${PREFIX}${m.userId}`)).imports).toBe(1);
  });

  it('concurrent requests of one member enrol it exactly once', async () => {
    const m = await freshMember();
    const replies = await Promise.all([1, 2, 3, 4].map(() => m.client.call('/go/daily-savings')));
    expect(replies.map((r) => r.status)).toEqual([302, 302, 302, 302]);
    expect((await sim(`/state?member=${PREFIX}${m.userId}`)).imports).toBe(1);
  });
});

describe('the savings API acts only on the caller', () => {
  it('getMember answers 404 before enrolment and 200 with the caller’s own ids after, whatever ids are sent', async () => {
    const a = await freshMember();
    const b = await freshMember();
    await b.client.call('/go/daily-savings');
    const asB = { email: b.email, userId: b.userId, memberid: `${PREFIX}${b.userId}` };
    expect((await a.client.call('/api/savings/getMember', { body: asB })).json).toEqual({ code: 404 });
    await a.client.call('/go/daily-savings');
    expect((await a.client.call('/api/savings/getMember', { body: asB })).json).toEqual({
      code: 200,
      data: { email: a.email, userId: a.userId, memberid: `${PREFIX}${a.userId}` },
    });
  });

  it('savingsCode forwards the caller’s own enrolment record, whatever member is sent, and setMember then saves it', async () => {
    const a = await freshMember();
    const b = await freshMember();
    const foreign = {
      organization_customer_identifier: '2',
      program_customer_identifier: 'OTHER',
      member_status: 'OPEN',
      first_name: 'Mallory',
      last_name: 'X',
      email_address: b.email,
      member_customer_identifier: `${PREFIX}${b.userId}`,
    };
    const r = await a.client.call('/api/savings/savingsCode', { body: { reqSaving: { import: { members: [foreign] } } } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ data: [{ valid_members_count: 1 }] });
    expect((await sim(`/state?member=${PREFIX}${b.userId}`)).exists).toBe(false);
    expect((await sim(`/state?member=${PREFIX}${a.userId}`)).record).toMatchObject({ email_address: a.email, first_name: a.firstName });
    expect((await a.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
    expect((await a.client.call('/api/savings/setMember', { body: { email: b.email, userId: b.userId, memberid: `${PREFIX}${b.userId}` } })).json).toEqual({ status: 'OK' });
    expect((await a.client.call('/api/savings/getMember', { body: {} })).json.code).toBe(200);
    expect((await b.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
  });

  it('setMember refuses a member the provider has never enrolled', async () => {
    const a = await freshMember();
    const r = await a.client.call('/api/savings/setMember', { body: {} });
    expect(r.status).toBe(409);
    expectErrorShape(r.json, 'CONFLICT');
    expect((await a.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
  });

  it('savingsCode reports a provider failure as 502 and saves nothing', async () => {
    const a = await freshMember();
    await sim('/control', { mode: 'fail', member: `${PREFIX}${a.userId}` });
    const r = await a.client.call('/api/savings/savingsCode', { body: { reqSaving: { import: { members: [recordOf(a)] } } } });
    expect(r.status).toBe(502);
    expectErrorShape(r.json, 'UPSTREAM_FAILED');
    expect((await a.client.call('/api/savings/getMember', { body: {} })).json).toEqual({ code: 404 });
  });

  it('savingsCode refuses a request that is not one enrolment record with 400', async () => {
    const a = await freshMember();
    const none = await a.client.call('/api/savings/savingsCode', { body: { reqSaving: { import: { members: [] } } } });
    expect(none.status).toBe(400);
    expectErrorShape(none.json, 'BAD_REQUEST');
    const closed = await a.client.call('/api/savings/savingsCode', { body: { reqSaving: { import: { members: [{ ...recordOf(a), member_status: 'CLOSED' }] } } } });
    expect(closed.status).toBe(400);
    const wrongType = await a.client.call('/api/savings/getMember', { body: { userId: { $ne: 1 } } });
    expect(wrongType.status).toBe(400);
  });

  it('the demo member of org 1 is not visible from org 2', async () => {
    const demo = await signedIn('demo@example.com', 'Demo1!pass');
    await demo.call('/go/daily-savings');
    expect((await demo.call('/api/savings/getMember', { body: {} })).json.code).toBe(200);
    const acme = new Client(ACME);
    acme.jar = new Map(demo.jar);
    const r = await acme.call('/api/savings/getMember', { body: {} });
    expect(r.status).toBe(401);
  });
});

function recordOf(m: { userId: number; email: string; firstName: string; lastName: string }) {
  return {
    organization_customer_identifier: '1',
    program_customer_identifier: PROGRAM,
    member_status: 'OPEN',
    first_name: m.firstName,
    last_name: m.lastName,
    email_address: m.email,
    member_customer_identifier: `${PREFIX}${m.userId}`,
  };
}

describe('the daily-savings link opened from another site', () => {
  // The GET enrols, so a link or an <img> on another site must not enrol the signed-in member with their cookie.
  const site = () => `http://localhost:${new URL(baseUrl()).port}`;
  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const enrolled = async (m: Member) => (await sim(`/state?member=${PREFIX}${m.userId}`)).calls.imports > 0;

  const elsewhere: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
    ['Sec-Fetch-Site same-site (another org under the same domain)', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }],
    ['no Sec-Fetch-Site, Referer of another site', { referer: 'https://evil.example/page' }],
    ['no Sec-Fetch-Site, Origin null', { origin: 'null' }],
    ['no Sec-Fetch-Site, Referer of another org of this product', { referer: `http://${ACME}:${new URL(baseUrl()).port}/` }],
  ];
  for (const [what, headers] of elsewhere) {
    it(`${what}: a signed-in browser gets this site's page to confirm, and is not enrolled`, async () => {
      const m = await freshMember();
      const r = await m.client.call('/go/daily-savings', { headers: { ...browser, ...headers } });
      expect(r.status, r.text.slice(0, 200)).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.text).toContain('<a href="/go/daily-savings">Continue to daily savings</a>');
      expect(await enrolled(m)).toBe(false);
      const got = await m.client.call('/api/savings/getMember', { body: { email: m.email, userId: m.userId, memberid: `${PREFIX}${m.userId}` } });
      expect(got.json).toEqual({ code: 404 });
    });
  }

  it('an <img> on another site pointing at the link gets 403 in the error shape and enrols nobody', async () => {
    const m = await freshMember();
    const r = await m.client.call('/go/daily-savings', { headers: { accept: 'image/avif,image/webp,*/*', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' } });
    expect(r.status).toBe(403);
    expectErrorShape(r.json, 'FORBIDDEN');
    expect(await enrolled(m)).toBe(false);
  });

  it("following the confirmation page's link (a same-origin navigation) enrols once and goes to the director", async () => {
    const m = await freshMember();
    const first = await m.client.call('/go/daily-savings', { headers: { ...browser, 'sec-fetch-site': 'cross-site' } });
    expect(first.status).toBe(200);
    const confirmed = await m.client.call('/go/daily-savings', { headers: { ...browser, 'sec-fetch-site': 'same-origin', referer: `${site()}/go/daily-savings` } });
    expect(confirmed.status, confirmed.text.slice(0, 200)).toBe(302);
    expect(String(confirmed.headers.location)).toContain(await directorOf(m.userId));
    expect((await sim(`/state?member=${PREFIX}${m.userId}`)).calls.imports).toBe(1);
  });

  it("the product's own menu link (same-origin) and a typed address (Sec-Fetch-Site none) enrol and redirect as before", async () => {
    const fromMenu = await freshMember();
    const menu = await fromMenu.client.call('/go/daily-savings', { headers: { ...browser, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', referer: `${site()}/` } });
    expect(menu.status, menu.text.slice(0, 200)).toBe(302);
    expect(String(menu.headers.location)).toContain(await directorOf(fromMenu.userId));
    expect(await enrolled(fromMenu)).toBe(true);

    const typed = await freshMember();
    const r = await typed.client.call('/go/daily-savings', { headers: { ...browser, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' } });
    expect(r.status).toBe(302);
    expect(await enrolled(typed)).toBe(true);

    const oldBrowser = await freshMember();
    const own = await oldBrowser.client.call('/go/daily-savings', { headers: { ...browser, referer: `${site()}/home` } });
    expect(own.status).toBe(302);
  });

  it('signed out, a link from another site still answers the sign-in page (401) and changes nothing', async () => {
    const r = await call('/go/daily-savings', { headers: { ...browser, 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(401);
    expect(r.text).toContain('Please sign in to open your daily savings.');
  });
});
