// Enquiries, the help page's contact details and the home destination cards (docs/contract.md#enquiries): an enquiry
// is stored for the org's console and mailed to the org; the cards' "from" price is the lowest total their results show.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, expectErrorShape, type Client } from './helpers';
import { d1Query, freshIp, outbox, signedInClient, verifiedAccount, withIp, DB_TEST_TIMEOUT } from './auth-helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const enquiry = (extra: Record<string, unknown> = {}) => ({
  kind: 'cruise', name: 'Dana Demo', email: 'dana@example.com', check_in: day(40), check_out: day(47), travellers: 2, message: 'A week in the Caribbean', ...extra,
});

let host: string;
let orgId: number;
let support: string;
let admin: Client;
let consumer: Client;

beforeAll(async () => {
  const slug = `enq-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  support = `care-${slug}@example.com`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, eligible_products, support_email, support_phone) VALUES ('Enquiries ${slug}', 'hotel,cruises', '${support}', '+1 212 555 0199'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid()); SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  const [a, m] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a.email}'`);
  admin = (await signedInClient(a.email, a.password, host)).client;
  consumer = (await signedInClient(m.email, m.password, host)).client;
}, DB_TEST_TIMEOUT);

describe('enquiries', () => {
  it('a cruise enquiry is stored, mailed to the org’s support address and listed for the org’s admin only', async () => {
    const message = `Seven nights, ${crypto.randomUUID()}`;
    const r = await call('/api/enquiries', withIp(freshIp(), { host, body: enquiry({ message }) }));
    expect(r.status, r.text).toBe(201);
    expect(typeof r.json.data.enquiry_id).toBe('number');

    const mails = await outbox(support, host);
    const mail = mails.find((m) => m.text.includes(message));
    expect(mail?.subject).toMatch(/cruise enquiry from Dana Demo/);
    expect(mail?.text).toContain('dana@example.com');
    expect(mail?.text).toContain('Travellers: 2');

    const list = await admin.call('/api/admin/enquiries?kind=cruise');
    expect(list.status, list.text).toBe(200);
    expect(list.json.data[0]).toMatchObject({ enquiry_id: r.json.data.enquiry_id, kind: 'cruise', name: 'Dana Demo', email: 'dana@example.com', travellers: 2, message });
    expect(list.json.count).toBeGreaterThanOrEqual(1);

    const acme = await signedInClient('admin@acme.example.com', 'Admin1!pass', ACME);
    const other = await acme.client.call('/api/admin/enquiries');
    expect(other.json.data.some((e: { message: string }) => e.message === message)).toBe(false);
  });

  it('the console list is for admins: 401 signed out, 403 for a member', async () => {
    expect((await call('/api/admin/enquiries', { host })).status).toBe(401);
    expect((await consumer.call('/api/admin/enquiries')).status).toBe(403);
  });

  it.each([
    ['no name', { name: '  ' }, 'name', 'Please Enter Your Name'],
    ['no e-mail', { email: '' }, 'email', 'Please Enter Email ID'],
    ['a malformed e-mail', { email: 'dana@' }, 'email', 'Invalid Mail'],
    ['no message', { message: '' }, 'message', 'Please Enter Your Message'],
    ['a return before the departure', { check_out: day(30) }, 'check_out', 'The return date must not be before the departure date'],
    ['too many travellers', { travellers: 21 }, 'travellers', 'Enter a whole number of travellers from 1 to 20'],
    ['an unknown kind', { kind: 'train' }, 'kind', 'Choose one of cruise, flight, help'],
  ])('%s → 400 with the exact message, nothing stored', async (_, patch, path, message) => {
    const stored = async () => (await admin.call('/api/admin/enquiries')).json.count as number;
    const before = await stored();
    const r = await call('/api/enquiries', withIp(freshIp(), { host, body: enquiry(patch) }));
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect(r.json.error.issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(await stored()).toBe(before);
  });

  it('40 enquiries at once from one address: 10 are stored, the other 30 get 429', async () => {
    const ip = freshIp();
    const tag = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call('/api/enquiries', withIp(ip, { host, body: enquiry({ kind: 'help', message: `${tag} ${i}` }) }))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    const list = await admin.call('/api/admin/enquiries?kind=help');
    expect(list.json.data.filter((e: { message: string }) => e.message.startsWith(tag))).toHaveLength(10);
  });
});

describe('the help page', () => {
  it('shows the org’s support phone and e-mail from its settings, and a console change shows on the next view', async () => {
    const page = await call('/help', { host });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="mailto:${support}"`);
    expect(page.text).toContain('href="tel:+12125550199"');
    const changed = await admin.call('/api/admin/org', { method: 'PATCH', body: { support_phone: '+44 20 7946 0123', support_email: `desk-${support}` } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data).toMatchObject({ support_phone: '+44 20 7946 0123', support_email: `desk-${support}` });
    const again = await call('/help', { host });
    expect(again.text).toContain(`href="mailto:desk-${support}"`);
    expect(again.text).toContain('+44 20 7946 0123');
    const bad = await admin.call('/api/admin/org', { method: 'PATCH', body: { support_email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues).toContainEqual({ path: 'support_email', message: 'Enter an e-mail address, or leave it empty', key: 'admin_msg_supportEmail' });
    await admin.call('/api/admin/org', { method: 'PATCH', body: { support_phone: '+1 212 555 0199', support_email: support } });
  });

  it('every page’s footer links to it', async () => {
    for (const path of ['/', '/search-detail', '/cruises', '/privacy-policy']) {
      expect((await call(path)).text, path).toContain('href="/help"');
    }
  });
});

describe('home destination cards', () => {
  const cards = (html: string) =>
    [...html.matchAll(/<li class="card dest-card" data-dest="([^"]+)"[\s\S]*?href="([^"]+)"[\s\S]*?data-minor="(\d+)"/g)].map((m) => ({
      city: m[1]!,
      href: m[2]!.replace(/&amp;/g, '&'),
      minor: Number(m[3]),
    }));

  it.each([
    ['Travel Club in euros', 'localhost', 'EUR'],
    ['Acme in pounds', ACME, 'GBP'],
  ])('%s: each card links to its city’s results, and its "from" price is the lowest total they show', async (_, h, currency) => {
    const home = await call('/', { host: h, cookie: `currency_code=${currency}` });
    const found = cards(home.text);
    expect(found.length).toBeGreaterThan(0);
    for (const card of found) {
      const url = new URL(card.href, 'http://x');
      expect(url.pathname).toBe('/search-detail');
      expect(url.searchParams.get('city')).toBe(card.city);
      const results = await call(`/api/products/search?${url.searchParams}&currency=${currency}&per_page=50`, { host: h });
      expect(results.status, results.text).toBe(200);
      const lowest = Math.min(...results.json.data.map((p: { total_price: number }) => p.total_price));
      expect(card.minor / 100, card.city).toBe(lowest);
    }
  });

  it('a destination without hotels for the org shows no card (Acme has none in Orlando or Cancún)', async () => {
    const cities = cards((await call('/', { host: ACME })).text).map((c) => c.city);
    expect(cities).not.toContain('Orlando');
    expect(cities).not.toContain('Cancún');
    expect(cities).toContain('Lisbon');
  });
});
