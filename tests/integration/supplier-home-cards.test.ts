// The home page's destination cards count the org's bed bank (docs/decisions/0077-destination-cards-and-the-bed-bank.md),
// over real HTTP against the Hotelbeds simulator: a new org whose Lisbon hotels all come from the bed bank (written here
// as the import writes them, each with a photo) and with one hotel of its own in Paris. Its Lisbon card shows the lowest
// total the Lisbon results show for the default stay and party, with that hotel's photo, and the card's ask is the
// search's own (the results page then finds the supplier's answer kept and does not ask again); a supplier that fails
// or is late leaves the home page 200, within the budget, with the own hotels' cards, and that page is kept only a moment
// (tests/unit/destination-cards-kept.test.ts holds how long). The simulator's hooks are the run's: each one set here is
// reset before the test ends.
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, type Reply } from './helpers';
import { d1Query, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { hotelbedsClient } from '../../functions/outside/hotelbeds';
import { defaultStay } from '../../src/shared/rules/booking-dates';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
/** The test server's budget (tests/integration/global-setup.ts) and what a loaded machine may add to it. */
const BUDGET_MS = inject('supplierBudgetMs');
const MARGIN_MS = 4_500;

let host: string;
let orgId: number;
/** The Lisbon hotels written from the bed bank, by product id: each one's photo key. */
const photoKeys = new Map<number, string>();

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const home = (currency: string) => call('/', { host, cookie: `currency_code=${currency}` });
const keyOf = (productId: number) => productId.toString(16).padStart(64, '0');

interface Card {
  city: string;
  href: string;
  minor: number;
}
const cards = (html: string): Card[] =>
  [...html.matchAll(/<li class="card dest-card" data-dest="([^"]+)"[\s\S]*?href="([^"]+)"[\s\S]*?data-minor="(\d+)"/g)].map((m) => ({
    city: m[1]!,
    href: m[2]!.replace(/&amp;/g, '&'),
    minor: Number(m[3]),
  }));
const cardPhoto = (html: string, city: string) => new RegExp(`<img [^>]*data-dest-photo="${city}"[^>]*>`).exec(html)?.[0] ?? '';

/** The results the card links to, as the results page asks for them (its first call: the address's query and the currency). */
async function resultsOf(card: Card, currency: string): Promise<Reply> {
  const url = new URL(card.href, 'http://x');
  expect(url.pathname).toBe('/search-detail');
  return call(`/api/products/search?${url.searchParams}&currency=${currency}&per_page=50`, { host });
}

beforeAll(async () => {
  ({ host, orgId } = await newOrg('homecards', 'Home cards'));
  const [org] = await d1Query<{ min_checkin_days: number }>(`SELECT min_checkin_days FROM orgs WHERE id = ${orgId}`);
  const stay = defaultStay('HLT', org!.min_checkin_days);
  // One hotel of the org's own, in Paris; none in Lisbon.
  await d1Query(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
     VALUES (${orgId}, 'HLT', 'Hôtel des Cartes', 'Paris', 'FR', 48.86, 2.35, 18000, 'night', 2, 'Europe/Paris');`,
  );
  await d1Query(DEFAULT_INVENTORY_SQL);
  // Lisbon's hotels of the simulator's test account that sell the default stay to two adults, written as the import does.
  const bank = hotelbedsClient({ baseUrl: `${baseUrl()}/_sim/hotelbeds`, apiKey: SIM.api_key, secret: SIM.secret });
  const found = await bank.availability({ checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: [{ adults: 2, children: [] }], place: { destination: 'LIS' } });
  if (!found.ok) throw new Error(found.failure.message);
  const codes = found.value.hotels.filter((h) => h.rooms.some((r) => r.rates.some((x) => x.rooms === 1 && x.adults === 2 && x.netMinor > 0))).map((h) => h.code).slice(0, 8);
  expect(codes.length, 'Lisbon hotels selling the default stay').toBeGreaterThan(2);
  for (const code of codes) {
    const [p] = await d1Query<{ id: number }>(
      `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
       VALUES (${orgId}, 'HLT', 'Bed bank hotel ${code}', 'Lisbon', 'PT', 38.72, -9.14, 0, 'night', 4, 'Europe/Lisbon', 'hotelbeds', '${code}') RETURNING id`,
    );
    photoKeys.set(p!.id, keyOf(p!.id));
    await d1Query(`INSERT INTO product_photos (org_id, product_id, image_key, width, height, position) VALUES (${orgId}, ${p!.id}, '${keyOf(p!.id)}', 1600, 1067, 0)`);
  }
  const a = await verifiedAccount(host);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}'`);
  const admin = (await signedInClient(a!.email, a!.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 12, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);

afterEach(async () => {
  await control({ fail_next: null, latency_ms: 0 });
});

describe('the home page’s destination cards with a bed bank', () => {
  // First: nothing of this org's default stay is kept yet, so the home page's ask reaches the (late, then failing) supplier.
  it('a supplier later than the budget costs the home page the budget, no more, once: the own hotels’ cards, kept a moment', async () => {
    await control({ latency_ms: BUDGET_MS + 3_000 });
    const started = Date.now();
    const r = await home('USD');
    const took = Date.now() - started;
    expect(r.status, r.text).toBe(200);
    expect(took).toBeLessThan(BUDGET_MS + MARGIN_MS);
    expect(r.headers['x-page-cache']).toBe('miss');
    expect(cards(r.text).map((c) => c.city)).toEqual(['Paris']);
    // The next visitor gets that page from the edge without waiting for the supplier again.
    const again = Date.now();
    const kept = await home('USD');
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(Date.now() - again).toBeLessThan(BUDGET_MS);
  });

  it('a supplier that fails leaves the home page 200 with the own hotels’ cards, kept a moment', async () => {
    expect((await control({ fail_next: 'availability' })).status).toBe(200);
    const r = await home('GBP');
    expect(r.status, r.text).toBe(200);
    expect(r.headers['x-page-cache']).toBe('miss');
    const shown = cards(r.text);
    expect(shown.map((c) => c.city)).toEqual(['Paris']);
    // The failure was spent by the home page's ask.
    expect((await control({})).json.fail_next).toBeNull();
    const paris = await resultsOf(shown[0]!, 'GBP');
    expect(paris.status, paris.text).toBe(200);
    expect(shown[0]!.minor / 100).toBe(Math.min(...paris.json.data.map((p: { total_price: number }) => p.total_price)));
    // Within the moment the same page is served as kept; a page dressed now (another currency) asks the supplier, which
    // answers, and shows both cities.
    expect((await home('GBP')).headers['x-page-cache']).toBe('hit');
    const next = await home('CAD');
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(cards(next.text).map((c) => c.city).sort()).toEqual(['Lisbon', 'Paris']);
    expect((await home('CAD')).headers['x-page-cache']).toBe('hit');
  });

  it('a city of bed bank hotels only gets a card: the lowest total its results show, that hotel’s photo, and the results find the supplier’s answer the card asked for', async () => {
    const r = await home('EUR');
    expect(r.status, r.text).toBe(200);
    const lisbon = cards(r.text).find((c) => c.city === 'Lisbon');
    expect(lisbon, 'a Lisbon card').toBeDefined();
    expect(new URL(lisbon!.href, 'http://x').searchParams.get('city')).toBe('Lisbon');
    // Were the results page to ask the supplier again, this would make it partial: the card's ask is the one it reads.
    await control({ fail_next: 'availability' });
    const results = await resultsOf(lisbon!, 'EUR');
    expect(results.status, results.text).toBe(200);
    expect(results.json.partial).toBeUndefined();
    expect((await control({})).json.fail_next).toBe('availability');
    const items = results.json.data as { product_id: number; total_price: number; source: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.source === 'hotelbeds' && photoKeys.has(p.product_id))).toBe(true);
    const lowest = Math.min(...items.map((p) => p.total_price));
    expect(lisbon!.minor / 100).toBe(lowest);
    const cheapest = items.filter((p) => p.total_price === lowest).sort((x, y) => x.product_id - y.product_id)[0]!;
    expect(cardPhoto(r.text, 'Lisbon')).toContain(`/api/images/${photoKeys.get(cheapest.product_id)}/`);
    // The own city's card is as before.
    const paris = cards(r.text).find((c) => c.city === 'Paris')!;
    const parisResults = await resultsOf(paris, 'EUR');
    expect(paris.minor / 100).toBe(Math.min(...parisResults.json.data.map((p: { total_price: number }) => p.total_price)));
  });
});
