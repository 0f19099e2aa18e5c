// Issue #10's medium and low findings, each proven over HTTP against the built Worker: the same-origin check's scheme,
// links in mails and the payment page's ways back (issue 33), guests' idempotency keys, oversized chunked bodies, and
// the daily-savings token as no proof of identity.
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACME, baseUrl, call, expectErrorShape } from './helpers';
import { d1Query, freshIp, linkToken, outbox, verifiedAccount, withIp } from './auth-helpers';
import { AGENT, aProduct, day, newClient, newQuote, signIn } from './agent-helpers';
import { bookingBody, firstProduct, issue, key, payPending, signIn as signInMember, traveler } from './booking-helpers';
import { memberHash } from '../../src/shared/rules/savings-hash';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';

const port = () => new URL(baseUrl()).port;

describe('the same-origin check compares scheme, host and port', () => {
  const post = (origin: string, host = 'localhost') => call('/api/auth/checkLogin', { method: 'POST', host, headers: { origin } });

  // wrangler dev rewrites any header address on its own host to its inner http origin, so the scheme itself is
  // proven without it, in tests/unit/same-origin.test.ts.
  it('an Origin on another port, another host or another scheme and host is refused with 403', async () => {
    for (const origin of [`http://localhost:${Number(port()) + 1}`, 'http://localhost', `https://localhost`, `http://${ACME}:${port()}`, `https://${ACME}:${port()}`]) {
      const r = await post(origin);
      expect(r.status, origin).toBe(403);
      expectErrorShape(r.json, 'FORBIDDEN');
    }
  });

  it('the site’s own origin passes, however its host is cased', async () => {
    for (const origin of [`http://localhost:${port()}`, `HTTP://LocalHost:${port()}`]) expect((await post(origin)).status, origin).toBe(200);
    expect((await post(`http://${ACME}:${port()}`, ACME)).status).toBe(200);
  });
});

/** POSTs `size` bytes of JSON-looking body, chunked (no Content-Length) or with Content-Length, in 16 KiB writes. */
function postBody(path: string, size: number, chunked: boolean): Promise<{ status: number; text: string }> {
  const body = Buffer.alloc(size, 'a');
  body.write('{"a":"', 0);
  const headers: Record<string, string> = { host: `localhost:${port()}`, 'content-type': 'application/json', 'cf-connecting-ip': freshIp() };
  if (chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(size);
  return new Promise((resolve) => {
    const req = httpRequest({ hostname: '127.0.0.1', port: port(), path, method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    // A reply before the whole body is sent may reset the connection: that is an answer too, and not a 413.
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    for (let at = 0; at < size; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024));
    req.end();
  });
}

describe('bodies over 64 KiB', () => {
  for (const [how, chunked] of [['chunked', true], ['with Content-Length', false]] as const) {
    it(`sent ${how}, always answer 413 in the contract's shape, never a 500 or a stack trace`, async () => {
      const replies: { status: number; text: string }[] = [];
      for (const size of [64 * 1024 + 1, 100_000, 600_000, 2_000_000]) {
        for (let i = 0; i < 6; i++) replies.push(await postBody('/api/signIn', size, chunked));
      }
      for (const r of replies) {
        expect(r.status, r.text.slice(0, 300)).toBe(413);
        expect(JSON.parse(r.text)).toEqual({ status: 'failed', error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 64 KiB' } });
        expect(r.text).not.toMatch(/\bat .*\.js|Error:/);
      }
    }, 120_000);
  }

  it('a chunked body within the limit still reaches the route', async () => {
    const r = await postBody('/api/signIn', 60_000, true);
    expect(r.status).toBe(400);
    expectErrorShape(JSON.parse(r.text), 'BAD_REQUEST');
  });
});

describe('links in mails come from the org’s configured origin, never from the Host header', () => {
  const resetLink = async (hostHeader: string, host = 'localhost', extra: Record<string, unknown> = {}) => {
    const { email } = await verifiedAccount(host, extra);
    const r = await call('/api/auth/forgotPassword', withIp(freshIp(), { host, headers: { host: hostHeader }, body: { email_id: email } }));
    expect(r.status, r.text).toBe(200);
    return new URL((await linkToken(email, '/change-password', host)).link);
  };

  it('a reset requested with Host localhost:1 links to the site’s own port', async () => {
    const link = await resetLink('localhost:1');
    expect(link.origin).toBe(`http://localhost:${port()}`);
  });

  it('on another org’s registered domain, that domain with the configured scheme and port', async () => {
    const link = await resetLink(`${ACME}:1`, ACME, { accesscode: 'WELCOME2026' });
    expect(link.origin).toBe(`http://${ACME}:${port()}`);
  });

  it('on a host nobody registered, the configured site address', async () => {
    const link = await resetLink('evil.example:8080');
    expect(link.origin).toBe(new URL(baseUrl()).origin);
  });

  it('a quote sent with Host localhost:1 links to the site’s own port', async () => {
    const agent = await signIn(AGENT);
    const hotel = await aProduct('HLT');
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(30), check_out: day(31), guests: 1, currency: 'USD' });
    const sent = await agent.call(`/api/agent/quotes/${q.quote_id}/send`, { body: {}, headers: { host: 'localhost:1' } });
    expect(sent.status, sent.text).toBe(200);
    const [mail] = await outbox(client.email);
    const link = /(https?:\/\/\S+\/quote\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(new URL(link!).origin).toBe(`http://localhost:${port()}`);
  });
});

describe('booking and payment links come from the org’s configured origin, never from the Host header (issue 33)', () => {
  const secrets = readDevVars() as Record<string, string>;
  const sessionAt = (paymentUrl: string) =>
    stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! }).checkout.sessions.retrieve(paymentUrl.split('/').pop()!);
  /** The booking's confirmation mail: its manage link and its calendar entry's URL. */
  const confirmationLinks = async (ref: string) => {
    const [mail] = (await outbox(traveler.email)).filter((m) => m.subject.includes(`${ref} confirmed`));
    expect(mail, `the confirmation of ${ref}`).toBeDefined();
    return [...mail!.text.matchAll(/https?:\/\/[^\s"<]+\/manage-booking\?booking=[A-Z0-9-]+/g)].map((m) => new URL(m[0]!));
  };

  it('a checkout sent with Host localhost:1 pays back to the site’s own port, and its confirmation links there', async () => {
    const demo = await signInMember();
    const hotel = await firstProduct('HLT');
    const r = await demo.call('/api/booking/checkout', { headers: { host: 'localhost:1' }, body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id) } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.status).toBe('PENDING_PAYMENT');
    const session = await sessionAt(r.json.data.payment_url);
    expect(new URL(session.success_url!).origin).toBe(`http://localhost:${port()}`);
    expect(new URL(session.cancel_url!).origin).toBe(`http://localhost:${port()}`);
    expect((await payPending(r, { client: demo })).status).toBe('CONFIRMED');
    const links = await confirmationLinks(r.json.data.booking_id);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.origin).toBe(`http://localhost:${port()}`);
  });

  it('a checkout the wallet pays alone, sent with Host localhost:1, is confirmed and mails its link on the site’s own port', async () => {
    const demo = await signInMember();
    const hotel = await firstProduct('HLT');
    const cash = await issue({ kind: 'cash', amount: 100_000, currency: 'USD' });
    const r = await demo.call('/api/booking/checkout', {
      headers: { host: 'localhost:1' },
      body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.status).toBe('CONFIRMED');
    for (const link of await confirmationLinks(r.json.data.booking_id)) expect(link.origin).toBe(`http://localhost:${port()}`);
  });

  it('a guest’s checkout on another org’s domain with a forged port returns to that domain on the configured port', async () => {
    const hotel = await firstProduct('HLT', ACME);
    const r = await call('/api/booking/checkout', {
      host: ACME,
      headers: { host: `${ACME}:1`, 'cf-connecting-ip': freshIp() },
      body: { ...bookingBody(hotel.product_id, { check_in: day(26), check_out: day(28), currency: 'GBP' }), idempotency_key: key(), traveler },
    });
    expect(r.status, r.text).toBe(200);
    const session = await sessionAt(r.json.data.payment_url);
    expect(new URL(session.success_url!).origin).toBe(`http://${ACME}:${port()}`);
    expect(new URL(session.cancel_url!).origin).toBe(`http://${ACME}:${port()}`);
  });
});

describe('guests’ idempotency keys are their own', () => {
  const guestCheckout = (body: Record<string, unknown>) => call('/api/booking/checkout', { host: ACME, body, headers: { 'cf-connecting-ip': freshIp() } });
  const guestBody = async (idempotencyKey: string, who: string) => {
    const hotel = await firstProduct('HLT', ACME);
    return { ...bookingBody(hotel.product_id, { check_in: day(25), check_out: day(27), currency: 'GBP' }), idempotency_key: idempotencyKey, traveler: { ...traveler, first_name: who, email: `${who.toLowerCase()}@example.com` } };
  };

  it('another guest sending the same key gets a booking of their own: neither a replay of the first nor a refusal', async () => {
    const shared = key();
    const first = await guestCheckout(await guestBody(shared, 'Alma'));
    expect(first.status, first.text).toBe(200);
    const second = await guestCheckout(await guestBody(shared, 'Bruno'));
    expect(second.status, second.text).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json.data.booking_id).not.toBe(first.json.data.booking_id);
  });

  it('30 guests racing with one key each book once; each guest’s own retries replay their booking', async () => {
    const shared = key();
    const bodies = await Promise.all(Array.from({ length: 30 }, (_, i) => guestBody(shared, `Guest${'abcdefghijklmnopqrstuvwxyzABCD'[i]}`)));
    const [firstRound, retries] = [await Promise.all(bodies.map(guestCheckout)), await Promise.all(bodies.map(guestCheckout))];
    expect(firstRound.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(firstRound.map((r) => r.json.data.booking_id)).size).toBe(30);
    expect(retries.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(retries.map((r) => r.json.data.booking_id)).toEqual(firstRound.map((r) => r.json.data.booking_id));
    expect(retries.every((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
    const [row] = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE org_id = 2 AND user_id IS NULL AND idempotency_key LIKE '%${shared}'`);
    expect(row!.n).toBe(30);
  }, 60_000);

  it('one guest’s request sent 30 times at once books once', async () => {
    const body = await guestBody(key(), 'Solo');
    const replies = await Promise.all(Array.from({ length: 30 }, () => guestCheckout(body)));
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(replies.map((r) => r.json.data.booking_id)).size).toBe(1);
  }, 60_000);
});

describe('the daily-savings token (cvt) is never proof of identity here', () => {
  it('a member’s cvt, sent as a query, a cookie or a bearer token, signs nobody in and reads nothing', async () => {
    const signedIn = await call('/api/signIn', withIp(freshIp(), { body: { jsonSign: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass' } } }));
    expect(signedIn.status).toBe(200);
    const cvt = await memberHash('SAVPROG-1', `TRV-${signedIn.json.result.userId}`);
    for (const opts of [{}, { cookie: `cvt=${cvt}` }, { headers: { authorization: `Bearer ${cvt}` } }]) {
      const check = await call(`/api/auth/checkLogin?cvt=${cvt}`, { method: 'POST', ...opts });
      expect(check.json.status, JSON.stringify(opts)).toBe('failed');
      const member = await call(`/api/savings/getMember?cvt=${cvt}`, { body: {}, ...opts });
      expect(member.status, JSON.stringify(opts)).toBe(401);
      const go = await call(`/go/daily-savings?cvt=${cvt}`, { ...opts, headers: { accept: 'application/json', ...('headers' in opts ? opts.headers : {}) } });
      expect(go.status, JSON.stringify(opts)).toBe(401);
      expect(go.json).toEqual({ showSignIn: true });
      const page = await call(`/?cvt=${cvt}`, opts);
      expect(page.cookies.filter((c) => /^userToken=./.test(c))).toEqual([]);
    }
  });

  it('no code of ours reads a cvt from a request: it is only ever written into the director address', () => {
    const root = join(__dirname, '..', '..');
    const files = [join(root, 'functions'), join(root, 'src')].flatMap((dir) =>
      readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.(ts|tsx|astro)$/.test(e.name)).map((e) => join(e.parentPath, e.name)),
    );
    const readers = files
      .filter((f) => !f.includes(`${join('dev', 'sim')}`))
      .filter((f) => /(get|query|header|cookie|has)\(\s*['"`]cvt['"`]|\.cvt\b/i.test(readFileSync(f, 'utf8')));
    expect(readers).toEqual([]);
  });
});
