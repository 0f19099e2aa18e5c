// B2B mode (docs/decisions/0011-b2b-mode.md): an agent of an org in B2B mode gets net and sell prices on product search
// and details, privately; consumers, guests and agents of consumer storefronts get exactly the public answer.
import { describe, expect, it, beforeAll } from 'vitest';
import { call, ACME, type Client, type Reply } from './helpers';
import { ACME_AGENT, AGENT, CONSUMER, OTHER_AGENT, day, newClient, newQuote, signIn } from './agent-helpers';

const STAY = `check_in=${day(30)}&check_out=${day(33)}&guests=2`;
const SEARCH = `/api/products/search?type=HLT&currency=EUR&sort=price&${STAY}`;
const NEAR = `/api/products/search?type=HLT&currency=USD&latitude=40.7128&longitude=-74.006&radius_km=200`;
const TRADE_WORDS = /agent_pricing|net_price|sell_price|markup/i;

const minor = (n: number) => Math.round(n * 100);
const sellOf = (net: number, bps: number) => (minor(net) + Math.round((minor(net) * bps) / 10_000)) / 100;

let agent: Client;
let north: Client;
let consumer: Client;
let acmeAgent: Client;
beforeAll(async () => {
  [agent, north, consumer, acmeAgent] = await Promise.all([signIn(AGENT), signIn(OTHER_AGENT), signIn(CONSUMER), signIn(ACME_AGENT, ACME)]);
});

function expectPublic(r: Reply) {
  expect(r.status, r.text).toBe(200);
  expect(r.text).not.toMatch(TRADE_WORDS);
  expect(r.headers['cache-control']).toBeUndefined();
}

describe('an agent of an org in B2B mode', () => {
  it('gets net and sell prices per result: net is the stay’s price, sell is net plus the default markup, in the asked currency', async () => {
    const r = await agent.call(SEARCH);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.length).toBeGreaterThan(0);
    for (const p of r.json.data) {
      expect(p.agent_pricing, p.name).toEqual({ net_price: p.total_price, sell_price: sellOf(p.total_price, 1000), markup_percent: 10, currency: 'EUR' });
      expect(p.agent_pricing.sell_price).toBeGreaterThan(p.agent_pricing.net_price);
    }
  });

  it('gets prices with their own markup (another agent, 12 %)', async () => {
    const r = await north.call(SEARCH);
    expect(r.status, r.text).toBe(200);
    for (const p of r.json.data) expect(p.agent_pricing).toEqual({ net_price: p.total_price, sell_price: sellOf(p.total_price, 1200), markup_percent: 12, currency: 'EUR' });
  });

  it('keeps every public field of the answer unchanged', async () => {
    const [mine, guest] = await Promise.all([agent.call(SEARCH), call(SEARCH)]);
    const stripped = { ...mine.json, data: mine.json.data.map(({ agent_pricing: _, ...p }: Record<string, unknown>) => p) };
    expect(stripped).toEqual(guest.json);
  });

  it('gets them on a search near a place too', async () => {
    const r = await agent.call(NEAR);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.length).toBeGreaterThan(0);
    for (const p of r.json.data) {
      expect(p.distance_km).toBeTypeOf('number');
      expect(p.agent_pricing).toEqual({ net_price: p.total_price, sell_price: sellOf(p.total_price, 1000), markup_percent: 10, currency: 'USD' });
    }
  });

  it('gets them per night or person on a product’s details', async () => {
    const first = (await call(SEARCH)).json.data[0];
    const r = await agent.call(`/api/products/${first.product_id}?currency=USD`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.agent_pricing).toEqual({ net_price: r.json.data.price, sell_price: sellOf(r.json.data.price, 1000), markup_percent: 10, currency: 'USD' });
    const guest = await call(`/api/products/${first.product_id}?currency=USD`);
    const { agent_pricing: _, ...rest } = r.json.data;
    expect(rest).toEqual(guest.json.data);
  });

  it('sees the same net and sell prices a quote for the same stay is priced at', async () => {
    const r = await agent.call(`/api/products/search?type=HLT&currency=USD&${STAY}`);
    const p = r.json.data[0];
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: p.product_id, check_in: day(30), check_out: day(33), guests: 2, currency: 'USD' });
    expect(q.net_price).toBe(p.agent_pricing.net_price);
    expect(q.total).toBe(p.agent_pricing.sell_price);
  });

  it('gets answers that no cache may keep (they depend on the session)', async () => {
    const first = (await call(SEARCH)).json.data[0];
    for (const path of [SEARCH, NEAR, `/api/products/${first.product_id}`]) {
      const r = await agent.call(path);
      expect(r.headers['cache-control'], path).toBe('private, no-store');
    }
  });
});

describe('everyone else gets the public answer, with no trade prices anywhere', () => {
  it('a consumer and a guest of the B2B org get the same bytes, without net prices or markups', async () => {
    for (const path of [SEARCH, NEAR]) {
      const [mine, guest] = await Promise.all([consumer.call(path), call(path)]);
      expectPublic(mine);
      expectPublic(guest);
      expect(mine.text, path).toBe(guest.text);
    }
    const first = (await call(SEARCH)).json.data[0];
    const [mine, guest] = await Promise.all([consumer.call(`/api/products/${first.product_id}`), call(`/api/products/${first.product_id}`)]);
    expectPublic(mine);
    expectPublic(guest);
    expect(mine.text).toBe(guest.text);
  });

  it('an agent of an org not in B2B mode gets the public answer, like a guest there', async () => {
    const path = `/api/products/search?type=HLT&currency=USD&${STAY}`;
    const [mine, guest] = await Promise.all([acmeAgent.call(path), call(path, { host: ACME })]);
    expectPublic(mine);
    expect(mine.json.data.length).toBeGreaterThan(0);
    expect(mine.text).toBe(guest.text);
    const id = mine.json.data[0].product_id;
    const [details, guestDetails] = await Promise.all([acmeAgent.call(`/api/products/${id}`), call(`/api/products/${id}`, { host: ACME })]);
    expectPublic(details);
    expect(details.text).toBe(guestDetails.text);
  });

  it('a bearer token that is not a session gets the public answer', async () => {
    const r = await call(SEARCH, { headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expectPublic(r);
  });
});
