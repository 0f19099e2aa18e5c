// The search merges the org's own hotels and its bed bank's, over real HTTP against the Hotelbeds simulator (CONTRACT
// §18, docs/decisions/0071-supplier-search-merge.md): a new org connects the simulator's test account with a markup and
// imports its hotels; a Lisbon search then lists both, the supplier's priced at their cheapest net plus the markup, with
// filters, sort, counts and pages over the merged list; a supplier that fails, is late or answers nonsense leaves the
// own hotels listed with `partial: true`, in about the budget. The simulator's hooks are the run's: each one set here is
// spent or reset before the test ends, and each scenario asks for dates no other asks (the supplier's answers are kept).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, type Client } from './helpers';
import { d1Query, signedInClient, verifiedAccount } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { hotelbedsClient } from '../../functions/outside/hotelbeds';
import { quotePriceOfNet } from '../../src/shared/rules/quote-price';
import { fromMinor } from '../../src/shared/rules/money';
import { DEFAULT_MARKUP_BPS } from '../../src/shared/contract/agent';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const MARKUP_BPS = 1_000;
const IMPORT_TIMEOUT = 240_000;
/** The test server's budget (tests/integration/global-setup.ts) and what a loaded machine may add to it. */
const BUDGET_MS = inject('supplierBudgetMs');
const MARGIN_MS = 4_500;

let host: string;
let orgId: number;
let ownHotel: number;
let agent: Client;
// Each scenario's own stay, far from other files' dates (a kept supplier answer is per org, place, stay and party).
const base = 90 + Math.floor(Math.random() * 150);
const day = (offset: number) => new Date(Date.now() + (base + offset) * 86_400_000).toISOString().slice(0, 10);
const stay = (offset: number) => `check_in=${day(offset)}&check_out=${day(offset + 2)}`;

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const search = (query: string, client?: Client) => (client ? client.call(`/api/products/search?${query}`) : call(`/api/products/search?${query}`, { host }));
const lisbon = (offset: number, extra = '', perPage = 50) => `type=HLT&city=Lisbon&${stay(offset)}&occupancy=2&currency=EUR&per_page=${perPage}${extra}`;

interface Item {
  product_id: number;
  price: number;
  total_price: number;
  price_per_night: number;
  rating: number;
  source: string;
  supplier_code?: string;
  free_cancellation_deadline?: string | null;
  agent_pricing?: { net_price: number; sell_price: number; markup_percent: number; currency: string };
}

beforeAll(async () => {
  const slug = `merge-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language, b2b_mode) VALUES ('Merge ${slug}', 'en-US', 1); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
       SELECT org_id, 'HLT', 'Casa Nossa Lisboa', 'Lisbon', 'PT', 38.72, -9.14, 15000, 'night', 2, 'Europe/Lisbon' FROM org_domains WHERE host = '${host}';
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  await d1Query(DEFAULT_INVENTORY_SQL);
  ownHotel = (await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = ${orgId}`))[0]!.id;
  const [a, g] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}'; UPDATE users SET role = 'agent' WHERE org_id = ${orgId} AND email = '${g!.email}';`);
  const [admin, signedAgent] = await Promise.all([signedInClient(a!.email, a!.password, host), signedInClient(g!.email, g!.password, host)]);
  agent = signedAgent.client;
  const saved = await admin.client.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: MARKUP_BPS / 100, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  const started = await admin.client.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
  expect(started.status, started.text).toBe(202);
  for (const t0 = Date.now(); ; ) {
    const state = (await admin.client.call('/api/admin/suppliers/hotelbeds/import')).json.data;
    if (state?.status === 'done') break;
    if (state?.status === 'failed' || Date.now() - t0 > IMPORT_TIMEOUT - 20_000) throw new Error(`the import did not finish: ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}, IMPORT_TIMEOUT);

describe('the merged search', () => {
  it('lists the org’s own hotel beside the supplier’s, each of those at its cheapest net plus the org’s markup', async () => {
    const r = await search(lisbon(0, '&sort=price'));
    expect(r.status, r.text).toBe(200);
    expect(r.json.partial).toBeUndefined();
    const items: Item[] = r.json.data;
    expect(items.map((p) => p.product_id)).toContain(ownHotel);
    const supplied = items.filter((p) => p.source === 'hotelbeds');
    expect(supplied.length).toBeGreaterThan(10);
    expect(r.json.count).toBeGreaterThan(supplied.length);
    // Sorted by price over both kinds, the facets counting the merged list.
    expect(items.map((p) => p.price)).toEqual([...items.map((p) => p.price)].sort((x, y) => x - y));
    expect(r.json.facets.any_rating).toBe(r.json.count);

    // The supplier's own figure for one of them: its cheapest rate for a couple, the markup taken once (EUR asked: no conversion).
    const sample = supplied[3]!;
    const bank = hotelbedsClient({ baseUrl: `${baseUrl()}/_sim/hotelbeds`, apiKey: SIM.api_key, secret: SIM.secret });
    const answer = await bank.availability({ checkIn: day(0), checkOut: day(2), rooms: [{ adults: 2, children: [] }], place: { hotels: [sample.supplier_code!] } });
    if (!answer.ok) throw new Error(answer.failure.message);
    const net = Math.min(...answer.value.hotels[0]!.rooms.flatMap((room) => room.rates.map((rate) => rate.netMinor)));
    expect(sample.total_price).toBe(fromMinor(quotePriceOfNet(net, MARKUP_BPS).totalMinor, 'EUR'));
    expect(sample.total_price).toBeGreaterThan(net / 100);
  });

  it('filters, counts and pages the merged list: price range, stars, free cancellation, the second page', async () => {
    const all = await search(lisbon(4, '&sort=price'));
    expect(all.status, all.text).toBe(200);
    const count: number = all.json.count;
    // The price filter reads a night's share of the stay, as it does for own hotels.
    const prices: number[] = all.json.data.map((p: Item) => p.price_per_night);
    const ceiling = prices[Math.floor(prices.length / 2)]!;
    const cheap = await search(lisbon(4, `&sort=price&max_price=${ceiling}`));
    expect(cheap.json.count).toBeLessThan(count);
    expect(cheap.json.data.every((p: Item) => p.price_per_night <= ceiling)).toBe(true);
    expect(cheap.json.facets.any_price).toBe(count);

    const starred = await search(lisbon(4, '&min_rating=4'));
    expect(starred.json.data.every((p: Item) => p.rating >= 4)).toBe(true);
    expect(starred.json.count).toBe(all.json.facets.rating.find((r: { min: number }) => r.min === 4).count);

    const free = await search(lisbon(4, '&free_cancellation=1'));
    expect(free.json.count).toBe(all.json.facets.free_cancellation);
    const now = Date.now();
    for (const p of free.json.data as Item[]) if (p.source === 'hotelbeds') expect(Date.parse(p.free_cancellation_deadline!)).toBeGreaterThan(now);

    // By name, the supplier's hotels merged into the own ones' order (NOCASE, as the database sorts them).
    const named: string[] = (await search(lisbon(4, '&sort=name'))).json.data.map((p: { name: string }) => p.name);
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    expect(named).toEqual([...named].sort((x, y) => (fold(x) < fold(y) ? -1 : fold(x) > fold(y) ? 1 : 0)));
    expect(named).toHaveLength(50);

    const first = await search(lisbon(4, '&sort=price', 10));
    const second = await search(lisbon(4, '&sort=price&page=2', 10));
    expect(second.json.count).toBe(count);
    expect(second.json.data.map((p: Item) => p.product_id)).toEqual(all.json.data.slice(10, 20).map((p: Item) => p.product_id));
    expect(first.json.data.map((p: Item) => p.product_id)).toEqual(all.json.data.slice(0, 10).map((p: Item) => p.product_id));
  });

  it('an agent sees the supplier’s hotels priced as the own ones: net the public price, sell the net plus the agent’s markup', async () => {
    const r = await search(lisbon(8), agent);
    expect(r.status, r.text).toBe(200);
    const rest = await search(lisbon(8, '&page=2'), agent);
    const items: Item[] = [...r.json.data, ...rest.json.data];
    expect(items).toHaveLength(r.json.count);
    expect(items.some((p) => p.source === 'hotelbeds') && items.some((p) => p.source === 'own')).toBe(true);
    for (const p of items) {
      expect(p.agent_pricing!.net_price).toBe(p.total_price);
      expect(p.agent_pricing!.markup_percent).toBe(DEFAULT_MARKUP_BPS / 100);
      expect(p.agent_pricing!.sell_price).toBeGreaterThan(p.total_price);
    }
    expect(r.headers['cache-control']).toBe('private, no-store');
    // The public answer to the same search is the same list at the same prices.
    const visitor = await search(lisbon(8));
    expect(visitor.json.data.map((p: Item) => [p.product_id, p.total_price])).toEqual(r.json.data.map((p: Item) => [p.product_id, p.total_price]));
  });

  it('a supplier’s answer kept for a moment serves the same search again without asking it', async () => {
    expect((await search(lisbon(12))).json.partial).toBeUndefined();
    await control({ fail_next: 'availability' });
    try {
      const again = await search(lisbon(12));
      expect(again.json.partial).toBeUndefined();
      expect(again.json.data.some((p: Item) => p.source === 'hotelbeds')).toBe(true);
    } finally {
      await control({ fail_next: null });
    }
  });

  it('a visitor reading French finds the same merged list by the city’s French name, the same question to the supplier', async () => {
    const english = await search(lisbon(32));
    expect(english.status, english.text).toBe(200);
    expect(english.json.data.some((p: Item) => p.source === 'hotelbeds')).toBe(true);
    // Lisbonne stands for Lisbon: the supplier is asked about Lisbon's hotels, and the answer kept for it serves (the
    // supplier failing now would otherwise show).
    await control({ fail_next: 'availability' });
    try {
      const french = await search(`type=HLT&city=Lisbonne&${stay(32)}&occupancy=2&currency=EUR&per_page=50&lang=fr-FR`);
      expect(french.status, french.text).toBe(200);
      expect(french.json.partial).toBeUndefined();
      expect(french.json.place).toBe('Lisbonne');
      expect(french.json.count).toBe(english.json.count);
      expect(french.json.data.map((p: Item) => p.product_id)).toEqual(english.json.data.map((p: Item) => p.product_id));
    } finally {
      await control({ fail_next: null });
    }
  });
});

describe('a supplier that fails never fails the search', () => {
  it('a supplier failure (500): the own hotel listed, partial, not kept', async () => {
    await control({ fail_next: 'availability' });
    try {
      const r = await search(lisbon(16));
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ partial: true, count: 1 });
      expect(r.json.data.map((p: Item) => p.product_id)).toEqual([ownHotel]);
      expect(r.headers['cache-control']).toBe('private, no-store');
    } finally {
      await control({ fail_next: null });
    }
    // Asked again, the supplier answers: its failure was not kept.
    const again = await search(lisbon(16));
    expect(again.json.partial).toBeUndefined();
    expect(again.json.count).toBeGreaterThan(1);
  });

  it('a supplier slower than the budget: answered within the budget and a margin, partial', async () => {
    // Far slower than the budget and its margin: an answer within them was not waited for.
    await control({ latency_ms: 9_000 });
    try {
      const t0 = Date.now();
      const r = await search(lisbon(20));
      const took = Date.now() - t0;
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ partial: true, count: 1 });
      expect(took).toBeLessThan(BUDGET_MS + MARGIN_MS);
    } finally {
      await control({ latency_ms: 0 });
    }
  });

  it('a malformed answer (JSON cut half-way): the own hotel listed, partial', async () => {
    await control({ malformed_next: 'availability' });
    try {
      const r = await search(lisbon(24));
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ partial: true, count: 1 });
      expect(r.json.data[0].product_id).toBe(ownHotel);
    } finally {
      await control({ malformed_next: null });
    }
  });

  it('a search with no place asks no supplier', async () => {
    await control({ fail_next: 'availability' });
    try {
      const r = await search(`type=HLT&${stay(28)}&occupancy=2`);
      expect(r.status, r.text).toBe(200);
      expect(r.json.partial).toBeUndefined();
      expect(r.json.data.every((p: Item) => p.source === 'own')).toBe(true);
    } finally {
      await control({ fail_next: null });
    }
  });
});
