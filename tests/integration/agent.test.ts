// The agent portal's API (docs/contract.md#agents): access by stored role, ownership and org isolation, clients, quotes priced
// on the server, sending (mailed link to a read-only view that hides net prices and markups), booking on account.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape } from './helpers';
import { d1Query, freshIp, linkToken, outbox, PASSWORD, signedInClient, signUpBody, uniqueEmail, withIp } from './auth-helpers';
import {
  ACME_AGENT, AGENT, aProduct, clientBody, CONSUMER, day, newClient, newQuote, OTHER_AGENT, profileOf, signIn, type ProductPick,
} from './agent-helpers';

let agent: Client;
let otherAgent: Client;
let acmeAgent: Client;
let consumer: Client;
let hotel: ProductPick;

beforeAll(async () => {
  [agent, otherAgent, acmeAgent, consumer] = await Promise.all([
    signIn(AGENT),
    signIn(OTHER_AGENT),
    signIn(ACME_AGENT, ACME),
    signIn(CONSUMER),
  ]);
  hotel = await aProduct('HLT');
});

/** Rows in the agent tables, read in one query (parallel readers of the local SQLite file would lock each other out). */
async function tableCounts() {
  const [row] = await d1Query<Record<string, number>>(
    `SELECT (SELECT COUNT(*) FROM agent_clients) AS clients, (SELECT COUNT(*) FROM agent_quotes) AS quotes,
            (SELECT COUNT(*) FROM agent_bookings) AS bookings, (SELECT COUNT(*) FROM credit_ledger) AS ledger`,
  );
  return row!;
}

/** Every /api/agent route, with a body where it takes one. */
const ROUTES = (ids: { client: number; quote: number }) => [
  { method: 'GET', path: '/api/agent/profile' },
  { method: 'GET', path: '/api/agent/clients' },
  { method: 'GET', path: `/api/agent/clients/${ids.client}` },
  { method: 'POST', path: '/api/agent/clients', body: clientBody() },
  { method: 'PUT', path: `/api/agent/clients/${ids.client}`, body: clientBody() },
  { method: 'DELETE', path: `/api/agent/clients/${ids.client}` },
  { method: 'GET', path: '/api/agent/quotes' },
  { method: 'GET', path: `/api/agent/quotes/${ids.quote}` },
  { method: 'POST', path: '/api/agent/quotes', body: { client_id: ids.client, product_id: 1, check_in: day(10), guests: 1 } },
  { method: 'POST', path: `/api/agent/quotes/${ids.quote}/send`, body: {} },
  { method: 'POST', path: `/api/agent/quotes/${ids.quote}/book`, body: {} },
  { method: 'GET', path: '/api/agent/bookings' },
];

describe('who may use /api/agent', () => {
  let ids: { client: number; quote: number };
  beforeAll(async () => {
    const client = await newClient(agent);
    const quote = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(20), guests: 2 });
    ids = { client: client.client_id, quote: quote.quote_id };
  });

  it('answers 401 to every route when signed out, and writes nothing', async () => {
    const before = await tableCounts();
    for (const r of ROUTES(ids)) {
      const reply = await call(r.path, { method: r.method, body: r.body });
      expect(reply.status, `${r.method} ${r.path}`).toBe(401);
      expectErrorShape(reply.json, 'UNAUTHORIZED');
    }
    expect(await tableCounts()).toEqual(before);
    expect((await call(`/api/agent/clients/${ids.client}`, { cookie: undefined })).status).toBe(401);
  }, 90_000);

  it('answers 403 to a consumer on every route, whatever usr_type the sign-in claimed', async () => {
    const claimingAgent = (await signedInClient(CONSUMER.email, CONSUMER.password, 'localhost', { usr_type: 1 })).client;
    const before = await tableCounts();
    for (const who of [consumer, claimingAgent]) {
      for (const r of ROUTES(ids)) {
        const reply = await who.call(r.path, { method: r.method, body: r.body });
        expect(reply.status, `${r.method} ${r.path}`).toBe(403);
        expectErrorShape(reply.json, 'FORBIDDEN');
      }
    }
    expect(await tableCounts()).toEqual(before);
  }, 90_000);

  it('treats a consumer whose email contains "agent" as a consumer', async () => {
    const email = uniqueEmail('agent');
    const ip = freshIp();
    const signedUp = await call('/api/signUp', withIp(ip, { body: signUpBody(email) }));
    expect(signedUp.json?.data?.code, signedUp.text).toBe(200);
    const { token } = await linkToken(email, '/verify-account');
    expect((await call('/api/auth/verifyAccount', withIp(ip, { body: { token } }))).status).toBe(200);
    const { client, reply } = await signedInClient(email, PASSWORD, 'localhost', { usr_type: 1 });
    expect(reply.json.result.role).toBe('user');
    const r = await client.call('/api/agent/clients');
    expect(r.status).toBe(403);
  });

  it('lets an agent read its profile: agency, credit limit 5000 USD, outstanding balance', async () => {
    const r = await agent.call('/api/agent/profile');
    expect(r.status).toBe(200);
    expect(r.json.data.agent.email).toBe(AGENT.email);
    expect(r.json.data.agency.name).toBe('Blue Horizon Travel');
    expect(r.json.data.markup_percent).toBe(10);
    expect(r.json.data.credit.credit_limit).toBe(5000);
    expect(r.json.data.credit.available).toBeCloseTo(r.json.data.credit.credit_limit - r.json.data.credit.outstanding, 2);
  });

  it('keeps an agent session to its own org: the same token on another org host is signed out', async () => {
    const r = await call('/api/agent/profile', { host: ACME, cookie: agent.cookie });
    expect(r.status).toBe(401);
  });
});

describe('clients', () => {
  it('creates, reads, searches, edits and deletes the agent’s own clients', async () => {
    const created = await agent.call('/api/agent/clients', { body: clientBody({ first_name: 'Zora', last_name: 'Quillfeather', email: 'Zora.Q@Example.COM' }) });
    expect(created.status, created.text).toBe(201);
    const c = created.json.data;
    expect(c).toMatchObject({ title: 'Mrs', first_name: 'Zora', last_name: 'Quillfeather', email: 'zora.q@example.com', nationality: 1, phone_country_code: '+33', mobile_no: '612345678' });

    expect((await agent.call(`/api/agent/clients/${c.client_id}`)).json.data.email).toBe('zora.q@example.com');
    const byName = await agent.call('/api/agent/clients?q=quill');
    expect(byName.json.data.map((x: any) => x.client_id)).toEqual([c.client_id]);
    const byFullName = await agent.call(`/api/agent/clients?q=${encodeURIComponent('zora quill')}`);
    expect(byFullName.json.data.map((x: any) => x.client_id)).toEqual([c.client_id]);
    const byEmail = await agent.call('/api/agent/clients?q=zora.q@');
    expect(byEmail.json.data.map((x: any) => x.client_id)).toEqual([c.client_id]);
    expect((await agent.call('/api/agent/clients?q=nobody-called-this')).json).toMatchObject({ count: 0, data: [] });

    const edited = await agent.call(`/api/agent/clients/${c.client_id}`, { method: 'PUT', body: clientBody({ first_name: 'Zoé', last_name: 'Quillfeather', email: 'zora.q@example.com', phone_country_code: '44', mobile_no: '7700900999' }) });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data).toMatchObject({ first_name: 'Zoé', phone_country_code: '+44', mobile_no: '7700900999' });

    const gone = await agent.call(`/api/agent/clients/${c.client_id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await agent.call(`/api/agent/clients/${c.client_id}`)).status).toBe(404);
    expect((await agent.call(`/api/agent/clients/${c.client_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a second client with the same email (409) and an edit onto another client’s email', async () => {
    const a = await newClient(agent);
    const b = await newClient(agent);
    const dup = await agent.call('/api/agent/clients', { body: clientBody({ email: a.email.toUpperCase() }) });
    expect(dup.status).toBe(409);
    expectErrorShape(dup.json, 'CONFLICT');
    const clash = await agent.call(`/api/agent/clients/${b.client_id}`, { method: 'PUT', body: clientBody({ email: a.email }) });
    expect(clash.status).toBe(409);
    expect((await agent.call(`/api/agent/clients/${b.client_id}`)).json.data.email).toBe(b.email);
  });

  it('lets another agent of the same org neither see nor change them (404, absent from lists)', async () => {
    const mine = await newClient(agent);
    for (const [method, body] of [['GET'], ['PUT', clientBody()], ['DELETE']] as const) {
      const r = await otherAgent.call(`/api/agent/clients/${mine.client_id}`, { method, body });
      expect(r.status, method).toBe(404);
      expectErrorShape(r.json, 'NOT_FOUND');
    }
    const list = await otherAgent.call(`/api/agent/clients?per_page=100&q=${encodeURIComponent(mine.email)}`);
    expect(list.json.count).toBe(0);
    expect((await agent.call(`/api/agent/clients/${mine.client_id}`)).json.data.email).toBe(mine.email);
  });

  it('keeps another org’s clients invisible, whatever ids are sent', async () => {
    const mine = await newClient(agent);
    expect((await acmeAgent.call(`/api/agent/clients/${mine.client_id}`, { host: ACME })).status).toBe(404);
    const list = await acmeAgent.call('/api/agent/clients?per_page=100');
    expect(list.status).toBe(200);
    expect(list.json.data.map((x: any) => x.client_id)).not.toContain(mine.client_id);
    const acmeClient = await newClient(acmeAgent, { country_code: 'GB', phone_country_code: '+44' });
    expect((await agent.call(`/api/agent/clients/${acmeClient.client_id}`)).status).toBe(404);
  });

  it('answers 400 to bad input, with the sign-up field rules, and writes nothing', async () => {
    const before = await tableCounts();
    const bad: [Record<string, unknown> | string, string][] = [
      [clientBody({ title: 'Dr' }), 'title'],
      [clientBody({ first_name: '' }), 'first_name'],
      [clientBody({ last_name: 'R2-D2' }), 'last_name'],
      [clientBody({ email: 'not-an-email' }), 'email'],
      [clientBody({ email: '' }), 'email'],
      [clientBody({ nationality: 999999 }), 'nationality'],
      [clientBody({ nationality: 'French' }), 'nationality'],
      [clientBody({ mobile_no: '61-23-45' }), 'mobile_no'],
      [clientBody({ mobile_no: '1234567890123456' }), 'mobile_no'],
      [clientBody({ phone_country_code: '' }), 'phone_country_code'],
      [clientBody({ phone_country_code: '+999' }), 'phone_country_code'],
      [clientBody({ phone_country_code: 'abc' }), 'phone_country_code'],
      [clientBody({ country_code: 'ZZ' }), 'country_code'],
      [clientBody({ notes: 'x'.repeat(1001) }), 'notes'],
      [{ ...clientBody(), title: undefined }, 'title'],
      [[] as unknown as Record<string, unknown>, ''],
    ];
    for (const [body, path] of bad) {
      const r = await agent.call('/api/agent/clients', { body });
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      if (path) expect(r.json.error.issues.map((i: any) => i.path), r.text).toContain(path);
    }
    const email = await agent.call('/api/agent/clients', { body: clientBody({ email: 'not-an-email' }) });
    expect(email.json.error.issues[0].message).toBe('Invalid Mail');
    const malformed = await agent.call('/api/agent/clients', { rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const mine = await newClient(agent);
    const put = await agent.call(`/api/agent/clients/${mine.client_id}`, { method: 'PUT', body: clientBody({ email: 'nope' }) });
    expect(put.status).toBe(400);
    expect((await agent.call(`/api/agent/clients/${mine.client_id}`)).json.data.email).toBe(mine.email);
    expect(await tableCounts()).toEqual({ ...before, clients: before.clients + 1 });
    expect((await agent.call('/api/agent/clients/not-a-number')).status).toBe(404);
    expect((await agent.call('/api/agent/clients?page=0')).status).toBe(400);
  }, 90_000);
});

describe('quotes', () => {
  it('prices a quote on the server from the product and the agent’s default markup, ignoring any price sent', async () => {
    const client = await newClient(agent);
    const q = await newQuote(agent, {
      client_id: client.client_id, product_id: hotel.product_id, check_in: day(12), check_out: day(15), guests: 2, currency: 'USD',
      total: 1, net_price: 1, markup_amount: 0,
    });
    const net = Math.round(hotel.price * 100) * 3;
    expect(q.net_price).toBe(net / 100);
    expect(q.markup_percent).toBe(10);
    expect(q.markup_amount).toBe(Math.round((net * 1000) / 10_000) / 100);
    expect(q.total).toBe((net + Math.round((net * 1000) / 10_000)) / 100);
    expect(q.status).toBe('DRAFT');
    const listed = await agent.call(`/api/agent/quotes?client_id=${client.client_id}`);
    expect(listed.json.data.map((x: any) => x.quote_id)).toEqual([q.quote_id]);
  });

  it('applies a markup given per quote and converts to the quote’s currency', async () => {
    const client = await newClient(agent);
    const rates = await call('/api/general/getCurrencyRate', { body: { fromCurrency: 'USD', toCurrency: 'EUR' } });
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(12), check_out: day(14), guests: 1, currency: 'EUR', markup_percent: 25.5 });
    expect(q.currency).toBe('EUR');
    expect(q.markup_percent).toBe(25.5);
    const netEur = Math.round(Math.round(hotel.price * 100) * 2 * rates.json.roeRate);
    expect(Math.abs(Math.round(q.net_price * 100) - netEur)).toBeLessThanOrEqual(1);
    const netMinor = Math.round(q.net_price * 100);
    expect(Math.round(q.total * 100)).toBe(netMinor + Math.round((netMinor * 2550) / 10_000));
  });

  it('answers 400 to bad quote input and writes nothing', async () => {
    const client = await newClient(agent);
    const ok = { client_id: client.client_id, product_id: hotel.product_id, check_in: day(12), check_out: day(14), guests: 2 };
    const theirs = await newClient(otherAgent);
    const acme = await aProduct('HLT', ACME);
    const before = await tableCounts();
    const bad: [Record<string, unknown>, string][] = [
      [{ ...ok, check_in: day(-1) }, 'check_in'],
      [{ ...ok, check_in: '2027-02-30' }, 'check_in'],
      [{ ...ok, check_out: day(11) }, 'check_out'],
      [{ ...ok, check_out: day(12) }, 'check_out'],
      [{ ...ok, guests: 0 }, 'guests'],
      [{ ...ok, guests: 2.5 }, 'guests'],
      [{ ...ok, guests: 19 }, 'guests'],
      [{ ...ok, product_id: 999999 }, 'product_id'],
      [{ ...ok, product_id: acme.product_id === hotel.product_id ? 999998 : acme.product_id }, 'product_id'],
      [{ ...ok, client_id: theirs.client_id }, 'client_id'],
      [{ ...ok, client_id: '1' }, 'client_id'],
      [{ ...ok, currency: 'XXX' }, 'currency'],
      [{ ...ok, currency: 'euro' }, 'currency'],
      [{ ...ok, markup_percent: 150 }, 'markup_percent'],
      [{ ...ok, markup_percent: -1 }, 'markup_percent'],
      [{ ...ok, markup_percent: 10.123 }, 'markup_percent'],
      [{ ...ok, note: 'x'.repeat(501) }, 'note'],
      [{ product_id: hotel.product_id }, 'client_id'],
    ];
    for (const [body, path] of bad) {
      const r = await agent.call('/api/agent/quotes', { body });
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.issues.map((i: any) => i.path), r.text).toContain(path);
    }
    expect((await agent.call('/api/agent/quotes?status=LOST')).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
  }, 90_000);

  it('hides one agent’s quotes from another agent and from another org (404)', async () => {
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(12), guests: 1 });
    for (const path of [`/api/agent/quotes/${q.quote_id}`]) {
      expect((await otherAgent.call(path)).status).toBe(404);
      expect((await acmeAgent.call(path)).status).toBe(404);
    }
    for (const action of ['send', 'book']) {
      const r = await otherAgent.call(`/api/agent/quotes/${q.quote_id}/${action}`, { body: {} });
      expect(r.status, action).toBe(404);
      const acme = await acmeAgent.call(`/api/agent/quotes/${q.quote_id}/${action}`, { body: {} });
      expect(acme.status, action).toBe(404);
    }
    expect((await otherAgent.call('/api/agent/quotes')).json.data.map((x: any) => x.quote_id)).not.toContain(q.quote_id);
    expect((await agent.call(`/api/agent/quotes/${q.quote_id}`)).json.data.status).toBe('DRAFT');
    expect((await outbox(client.email)).length).toBe(0);
    expect((await agent.call('/api/agent/quotes/abc/book', { body: {} })).status).toBe(404);
  });
});

describe('sending a quote', () => {
  it('mails the client a link whose read-only view shows the price but no net price or markup', async () => {
    const client = await newClient(agent, { first_name: 'Björn', last_name: 'Ström' });
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(30), check_out: day(32), guests: 2, currency: 'USD', note: 'Breakfast included' });
    const sent = await agent.call(`/api/agent/quotes/${q.quote_id}/send`, { body: {} });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.data.status).toBe('SENT');
    expect(sent.json.data.sent_at).toBeTruthy();

    const mails = await outbox(client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(hotel.name);
    const link = /(https?:\/\/\S+\/quote\?token=([A-Za-z0-9_-]{43}))/.exec(mails[0]!.text);
    expect(link, mails[0]!.text).toBeTruthy();
    expect(mails[0]!.text).not.toContain(String(q.net_price));

    const view = await call('/api/quotes/view', { body: { token: link![2] } });
    expect(view.status, view.text).toBe(200);
    expect(view.json.data).toMatchObject({ client_name: 'Mrs Björn Ström', agency_name: 'Blue Horizon Travel', total: q.total, currency: 'USD', status: 'SENT', note: 'Breakfast included', guests: 2, nights: 2 });
    expect(view.json.data.product.name).toBe(hotel.name);
    expect(view.text).not.toMatch(/net|markup/i);
    expect(view.headers['cache-control']).toContain('no-store');

    const page = await call(new URL(link![1]).pathname + new URL(link![1]).search);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);

    // Tokens are stored hashed only.
    const stored = await d1Query<{ token_hash: string }>(`SELECT token_hash FROM agent_quotes WHERE id = ${q.quote_id}`);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toBe(link![2]);

    // Sending again issues a new link; the old one stops working.
    await agent.call(`/api/agent/quotes/${q.quote_id}/send`, { body: {} });
    const again = await outbox(client.email);
    const newToken = /token=([A-Za-z0-9_-]{43})/.exec(again[again.length - 1]!.text)![1]!;
    expect(newToken).not.toBe(link![2]);
    expect((await call('/api/quotes/view', { body: { token: link![2] } })).status).toBe(404);
    expect((await call('/api/quotes/view', { body: { token: newToken } })).status).toBe(200);
    // The link belongs to its org.
    expect((await call('/api/quotes/view', { host: ACME, body: { token: newToken } })).status).toBe(404);
  }, 90_000);

  it('answers 400 to a malformed token and 404 to an unknown one', async () => {
    for (const body of [{}, { token: '' }, { token: 'short' }, { token: 42 }, { token: 'a'.repeat(44) }]) {
      const r = await call('/api/quotes/view', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    const r = await call('/api/quotes/view', { body: { token: 'A'.repeat(43) } });
    expect(r.status).toBe(404);
  });
});

describe('booking a quote on account', () => {
  it('books it, adds its net price to the outstanding balance and lists it in the agent’s bookings', async () => {
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(40), check_out: day(41), guests: 1, currency: 'EUR' });
    const before = await profileOf(agent);
    const r = await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'CONFIRMED', total: q.total, currency: 'EUR', charged_usd: hotel.price });
    expect(r.json.data.booking_id).toMatch(/^[A-Z]{2}-/);
    const after = await profileOf(agent);
    expect(Math.round(after.credit.outstanding * 100)).toBe(Math.round(before.credit.outstanding * 100) + Math.round(hotel.price * 100));
    expect(r.json.data.credit.outstanding).toBe(after.credit.outstanding);

    const bookings = await agent.call('/api/agent/bookings');
    expect(bookings.status).toBe(200);
    expect(bookings.json.data[0]).toMatchObject({ booking_id: r.json.data.booking_id, quote_id: q.quote_id, total: q.total, currency: 'EUR', client: { email: client.email } });
    expect(bookings.json.credit.outstanding).toBe(after.credit.outstanding);
    expect((await agent.call(`/api/agent/quotes/${q.quote_id}`)).json.data).toMatchObject({ status: 'BOOKED', booking_id: r.json.data.booking_id });
    expect((await otherAgent.call('/api/agent/bookings')).json.data.map((b: any) => b.booking_id)).not.toContain(r.json.data.booking_id);

    const twice = await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} });
    expect(twice.status).toBe(409);
    expect((await profileOf(agent)).credit.outstanding).toBe(after.credit.outstanding);

    // The booking keeps the client's name after the client is deleted.
    expect((await agent.call(`/api/agent/clients/${client.client_id}`, { method: 'DELETE' })).status).toBe(200);
    const kept = (await agent.call('/api/agent/bookings')).json.data.find((b: any) => b.booking_id === r.json.data.booking_id);
    expect(kept.client).toMatchObject({ client_id: null, email: client.email });
  });

  it('refuses a booking above the credit limit with 409 CREDIT LIMIT EXCEEDED and writes nothing', async () => {
    // agent.north has a 3000 USD limit; the dearest hotel for 10 nights costs more than that.
    const dear = (await call('/api/products/search?type=HLT&per_page=1&sort=-price&currency=USD')).json.data[0];
    const nights = Math.ceil(3001 / dear.price);
    const client = await newClient(otherAgent);
    const q = await newQuote(otherAgent, { client_id: client.client_id, product_id: dear.product_id, check_in: day(50), check_out: day(50 + nights), guests: 1, currency: 'USD', markup_percent: 0 });
    expect(q.net_price).toBeGreaterThan(3000);
    const before = { profile: await profileOf(otherAgent), tables: await tableCounts() };
    const r = await otherAgent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ status: 'failed', message: 'CREDIT LIMIT EXCEEDED' });
    expect({ profile: await profileOf(otherAgent), tables: await tableCounts() }).toEqual(before);
    expect((await otherAgent.call(`/api/agent/quotes/${q.quote_id}`)).json.data.status).toBe('DRAFT');
  }, 90_000);

  it('answers 400 to a booking body that is not JSON and books nothing', async () => {
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(12), guests: 1 });
    const r = await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect((await agent.call(`/api/agent/quotes/${q.quote_id}`)).json.data.status).toBe('DRAFT');
  });
});

describe('agent pages', () => {
  it('serve every /agent page and the quote page', async () => {
    for (const path of ['/agent/profile', '/agent/client-list', '/agent/my-quotes', '/agent/booking-history', '/quote']) {
      const r = await call(path, withIp(freshIp()));
      expect(r.status, path).toBe(200);
    }
  });
});
