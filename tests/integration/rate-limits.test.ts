// Attempt limits under concurrency (docs/decisions/0012-attempt-limits.md): requests sent at the same time, at least 30
// in flight, never get more evaluations than the limit allows in its window; the rest answer 429 with Retry-After.
import { describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape, type Reply } from './helpers';
import { freshIp, outbox, PASSWORD, signedInClient, signInBody, signUpBody, uniqueEmail, verifiedAccount, withIp } from './auth-helpers';
import { bookingBody, firstProduct, issue, key, signIn as signInMember, traveler } from './booking-helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote } from './agent-helpers';
import { MSG } from '../../src/shared/contract/auth';

const TOO_MANY = { status: 'failed', message: MSG.tooManyAttempts };

/**
 * Sends `n` requests at once. wrangler dev's proxy keeps loopback connections to the Worker from earlier bursts; one
 * closed while idle fails the next request on it with "Network connection lost", and the proxy retries only GETs
 * (workers-sdk#14641, #15317). A burst of GETs first renews the pool, so the requests under test get live connections.
 */
async function atOnce<T>(n: number, send: (i: number) => Promise<T>): Promise<T[]> {
  await Promise.all(Array.from({ length: n }, () => call('/api/health')));
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}

/** How many answers had each status, e.g. { 401: 5, 429: 55 }. */
const tally = (replies: Reply[]) => replies.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

/** Every 429 carries Retry-After (seconds, within the window) and the route's documented body. */
function expectRefusals(replies: Reply[], windowSeconds: number, shape: 'message' | 'error') {
  for (const r of replies.filter((x) => x.status === 429)) {
    const retry = Number(r.headers['retry-after']);
    expect(retry, r.text).toBeGreaterThan(0);
    expect(retry, r.text).toBeLessThanOrEqual(windowSeconds);
    if (shape === 'message') expect(r.json).toEqual(TOO_MANY);
    else {
      expectErrorShape(r.json, 'TOO_MANY_REQUESTS');
      expect(r.json.error.message).toBe(MSG.tooManyAttempts);
    }
  }
}

describe('sign-in under concurrency', () => {
  it('60 wrong passwords for one email sent at once: 5 are checked (401), 55 answer 429', async () => {
    const { email } = await verifiedAccount();
    const replies = await atOnce(60, () => call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Wrong1!pass') })));
    console.log('60 concurrent wrong passwords, one email:', tally(replies));
    expect(tally(replies)).toEqual({ 401: 5, 429: 55 });
    expectRefusals(replies, 15 * 60, 'message');
  });

  it('29 wrong guesses and the right password sent together: at most 5 are evaluated, the rest answer 429', async () => {
    const { email, password } = await verifiedAccount();
    const bodies = [...Array.from({ length: 29 }, () => signInBody(email, 'Wrong1!pass')), signInBody(email, password)];
    const replies = await atOnce(bodies.length, (i) => call('/api/signIn', withIp(freshIp(), { body: bodies[i] })));
    const counts = tally(replies);
    console.log('29 wrong + the right password at once:', counts);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(25);
    expectRefusals(replies, 15 * 60, 'message');
  });

  it('60 wrong passwords from one address for different emails sent at once: 50 are checked, 10 answer 429', async () => {
    const ip = freshIp();
    const replies = await atOnce(60, () => call('/api/signIn', withIp(ip, { body: signInBody(uniqueEmail('spray'), 'Wrong1!pass') })));
    console.log('60 concurrent wrong passwords, one address:', tally(replies));
    expect(tally(replies)).toEqual({ 401: 50, 429: 10 });
    expectRefusals(replies, 15 * 60, 'message');
  }, 60_000);

  it('a refused attempt does not use up the other limit: an address over its limit leaves the email untouched', async () => {
    const ip = freshIp();
    await atOnce(50, () => call('/api/signIn', withIp(ip, { body: signInBody(uniqueEmail('spray'), 'Wrong1!pass') })));
    const { email, password } = await verifiedAccount();
    const refused = await atOnce(30, () => call('/api/signIn', withIp(ip, { body: signInBody(email, 'Wrong1!pass') })));
    expect(tally(refused)).toEqual({ 429: 30 });
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password) }))).status).toBe(200);
  }, 60_000);

  it('30 wrong current passwords sent at once to change a password: 5 are checked, 25 answer 429', async () => {
    const { email } = await verifiedAccount();
    const { client } = await signedInClient(email, PASSWORD);
    const replies = await atOnce(30, () =>
      client.call('/api/auth/changePassword', withIp(freshIp(), { body: { current_password: 'Wrong1!pass', password: 'Newp4ss!x' } })),
    );
    console.log('30 concurrent wrong current passwords:', tally(replies));
    expect(tally(replies)).toEqual({ 400: 5, 429: 25 });
    expectRefusals(replies, 15 * 60, 'message');
  });
});

describe('mails and codes under concurrency', () => {
  it('20 forgot-password requests for one address sent at once mail 3 reset links, all answering the same 200', async () => {
    const { email } = await verifiedAccount();
    const replies = await atOnce(20, () => call('/api/auth/forgotPassword', withIp(freshIp(), { body: { email_id: email } })));
    expect(tally(replies)).toEqual({ 200: 20 });
    for (const r of replies) expect(r.json).toEqual({ status: 'success', message: MSG.forgotPasswordSent });
    const mails = (await outbox(email)).filter((m) => m.text.includes('/change-password'));
    console.log('20 concurrent forgot-password calls, reset mails sent:', mails.length);
    expect(mails).toHaveLength(3);
  });

  it('30 forgot-password requests from one address sent at once: 20 are served, 10 answer 429', async () => {
    const ip = freshIp();
    const replies = await atOnce(30, () => call('/api/auth/forgotPassword', withIp(ip, { body: { email_id: uniqueEmail('ghost') } })));
    expect(tally(replies)).toEqual({ 200: 20, 429: 10 });
    expectRefusals(replies, 15 * 60, 'error');
  });

  it('60 access-code guesses from one address sent at once: 10 are checked, 50 answer 429', async () => {
    const ip = freshIp();
    const replies = await atOnce(60, (i) =>
      call('/api/signUp/validateAccessCode', withIp(ip, { host: ACME, body: { jsonRegister: { accesscode: `GUESS${i}`, email_id: '' } } })),
    );
    console.log('60 concurrent access-code guesses:', tally(replies), 'checked:', replies.filter((r) => r.json?.data?.status === 0).length);
    expect(tally(replies)).toEqual({ 200: 10, 429: 50 });
    expect(replies.filter((r) => r.status === 200).every((r) => r.json.data.status === 0)).toBe(true);
    expectRefusals(replies, 15 * 60, 'error');
  });

  it('a right access code is not counted as a guess', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const r = await call('/api/signUp/validateAccessCode', withIp(ip, { host: ACME, body: { jsonRegister: { accesscode: 'WELCOME2026', email_id: '' } } }));
      expect(r.json, `try ${i + 1}`).toEqual({ data: { status: 1, resp: '' } });
    }
  });

  it('70 account-exists checks from one address sent at once: 60 are answered, 10 answer 429', async () => {
    const ip = freshIp();
    const replies = await atOnce(70, () => call('/api/signUp/checkAccountForExists', withIp(ip, { body: { jsonSigUp: { email_id: uniqueEmail() } } })));
    expect(tally(replies)).toEqual({ 200: 60, 429: 10 });
    expectRefusals(replies, 15 * 60, 'error');
  });

  it('40 invalid verification links from one address sent at once: 30 are checked, 10 answer 429', async () => {
    const ip = freshIp();
    const replies = await atOnce(40, () => call('/api/auth/verifyAccount', withIp(ip, { body: { token: 'x'.repeat(43) } })));
    expect(tally(replies)).toEqual({ 400: 30, 429: 10 });
    expectRefusals(replies, 15 * 60, 'error');
  });

  it('30 sign-ups from one address sent at once create 20 accounts; the rest answer 429', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 30 }, () => uniqueEmail('burst'));
    const replies = await atOnce(emails.length, (i) => call('/api/signUp', withIp(ip, { body: signUpBody(emails[i]!) })));
    const created = replies.filter((r) => r.json?.data?.message === 'USER_CREATED').length;
    console.log('30 concurrent sign-ups from one address:', tally(replies), 'created:', created);
    expect(created).toBe(20);
    expect(tally(replies)).toEqual({ 200: 20, 429: 10 });
    expectRefusals(replies, 60 * 60, 'error');
  }, 90_000);
});

describe('gift-card codes', () => {
  it('300 redeem guesses by one member, 60 in flight at a time: 10 are checked, the rest answer 429', async () => {
    const { email, password } = await verifiedAccount();
    const { client } = await signedInClient(email, password);
    const replies: Reply[] = [];
    const started = Date.now();
    for (let i = 0; i < 300; i += 60) {
      replies.push(...(await atOnce(60, (k) => client.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: `GUESS-${i + k}-${crypto.randomUUID().slice(0, 6)}` } })))));
    }
    console.log(`300 redeem guesses in ${((Date.now() - started) / 1000).toFixed(1)} s:`, tally(replies));
    expect(tally(replies)).toEqual({ 404: 10, 429: 290 });
    expectRefusals(replies, 15 * 60, 'error');
  }, 90_000);

  it('a member over the limit is refused even the right code; another member is not affected, and a redeemed card is not counted', async () => {
    const [one, two] = await Promise.all([verifiedAccount(), verifiedAccount()]);
    const a = (await signedInClient(one.email, one.password)).client;
    const b = (await signedInClient(two.email, two.password)).client;
    for (let i = 0; i < 3; i++) {
      const gift = await issue({ kind: 'cash', amount: 5, to: 'unassigned' });
      expect((await b.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: gift.card_code } }))).status).toBe(200);
    }
    await atOnce(30, (i) => a.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: `NOPE-${i}-${crypto.randomUUID().slice(0, 6)}` } })));
    const gift = await issue({ kind: 'cash', amount: 5, to: 'unassigned' });
    const refused = await a.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: gift.card_code } }));
    expect(refused.status).toBe(429);
    for (let i = 0; i < 9; i++) expect((await b.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: `NOPE-B-${i}` } }))).status).toBe(404);
    expect((await b.call('/api/wallet/redeem', withIp(freshIp(), { body: { card_code: gift.card_code } }))).status).toBe(200);
  }, 60_000);

  it('50 failed guesses from one address, across members, and the address answers 429', async () => {
    const ip = freshIp();
    const members = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { email, password } = await verifiedAccount();
        return (await signedInClient(email, password)).client;
      }),
    );
    const replies = await atOnce(60, (i) =>
      members[i % 6]!.call('/api/wallet/redeem', withIp(ip, { body: { card_code: `IPGUESS-${i}-${crypto.randomUUID().slice(0, 4)}` } })),
    );
    expect(tally(replies)).toEqual({ 404: 50, 429: 10 });
  }, 90_000);
});

describe("agents' quote mails", () => {
  async function agentWithQuotes(n: number) {
    const who = await adminMadeAgent(5000);
    const agent = (await signedInClient(who.email, who.password)).client;
    const hotel = await aProduct('HLT');
    const client = await newClient(agent);
    const quotes = [];
    for (let i = 0; i < n; i++) quotes.push(await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(30 + i), guests: 1, note: `Offer ${i}` }));
    return { agent, client, quotes };
  }

  it('30 different quotes sent at once by one agent: 10 mails go out, 20 answer 429 and stay drafts', async () => {
    const { agent, client, quotes } = await agentWithQuotes(30);
    const replies = await atOnce(quotes.length, (i) => agent.call(`/api/agent/quotes/${quotes[i]!.quote_id}/send`, { body: {} }));
    const mails = await outbox(client.email);
    console.log('30 concurrent quote sends by one agent:', tally(replies), 'mails:', mails.length);
    expect(tally(replies)).toEqual({ 200: 10, 429: 20 });
    expect(mails).toHaveLength(10);
    const drafts = (await agent.call('/api/agent/quotes')).json.data.filter((q: any) => q.status === 'DRAFT');
    expect(drafts).toHaveLength(20);
    expectRefusals(replies, 15 * 60, 'error');
  }, 120_000);

  it('one quote sent 30 times at once mails its client 3 times', async () => {
    const { agent, client, quotes } = await agentWithQuotes(1);
    const replies = await atOnce(30, () => agent.call(`/api/agent/quotes/${quotes[0]!.quote_id}/send`, { body: {} }));
    expect(tally(replies)).toEqual({ 200: 3, 429: 27 });
    expect(await outbox(client.email)).toHaveLength(3);
    expectRefusals(replies, 60 * 60, 'error');
  }, 120_000);
});

describe('guest checkouts (issue 33)', () => {
  it('35 guest checkouts from one address sent at once: 20 book, 15 answer 429; another address and a member still book', async () => {
    const hotel = await firstProduct('HLT', ACME);
    const body = () => ({ ...bookingBody(hotel.product_id, { check_in: day(40), check_out: day(41), currency: 'GBP' }), idempotency_key: key(), traveler });
    const ip = freshIp();
    const replies = await atOnce(35, () => call('/api/booking/checkout', withIp(ip, { host: ACME, body: body() })));
    console.log('35 concurrent guest checkouts, one address:', tally(replies));
    expect(tally(replies)).toEqual({ 200: 20, 429: 15 });
    expect(replies.filter((r) => r.status === 200).every((r) => r.json.data.status === 'PENDING_PAYMENT')).toBe(true);
    expectRefusals(replies, 60 * 60, 'error');
    // Bad input reserves nothing, and the limit is the address's alone: another address books, and so does a member.
    expect((await call('/api/booking/checkout', withIp(ip, { host: ACME, body: { ...body(), product_id: 'x' } }))).status).toBe(400);
    expect((await call('/api/booking/checkout', withIp(freshIp(), { host: ACME, body: body() }))).status).toBe(200);
    const member = await signInMember('demo@example.com', 'Demo1!pass');
    const own = await member.call('/api/booking/checkout', withIp(ip, { body: { ...bookingBody((await firstProduct('HLT')).product_id), idempotency_key: key(), traveler } }));
    expect(own.status, own.text).toBe(200);
  }, 120_000);
});
