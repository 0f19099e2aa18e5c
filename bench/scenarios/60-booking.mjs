// Booking: search and preview latency (p50, p95) and throughput as ratios to GET /api/health; checkout throughput with
// 20 concurrent clients (plain, and all spending one cash card); 20 concurrent checkouts racing for one certificate.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { measure } from './30-api-latency.mjs';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CHECKOUT_CLIENTS = 20;
export const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function post(origin, path, body, cookie) {
  const res = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), 'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null), cookies: res.headers.getSetCookie?.() ?? [] };
}

export async function signIn(origin) {
  const r = await post(origin, '/api/signIn', {
    jsonSign: {
      usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: 1,
      promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
    },
    navAgent: 'bench',
  });
  if (r.status !== 200) throw new Error(`sign-in failed (${r.status})`);
  return r.cookies.map((c) => c.split(';')[0]).join('; ');
}

export async function issue(origin, body) {
  const r = await post(origin, '/api/dev/wallet/issue', { email: 'demo@example.com', currency: 'USD', ...body });
  if (r.status !== 200) throw new Error(`issuing a card failed (${r.status})`);
  return r.json.data;
}

export const traveler = { title: 'Mr', first_name: 'Bench', last_name: 'Mark', email: 'bench@example.com', phone: '+1 415 555 0100' };

/** autocannon with a fresh idempotency key per request (for `limit`: a duration or an amount); keeps every response time and status. */
function checkoutLoad(origin, cookie, base, limit) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = {};
    const instance = autocannon(
      {
        url: `${origin}/api/booking/checkout`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        connections: CHECKOUT_CLIENTS,
        ...limit,
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...base, idempotency_key: `bench-${randomUUID()}` }) }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : null);
        resolve({ rps: result.requests.average, total: result.requests.total, p50: pct(50), p95: pct(95), statuses, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

export async function run(ctx) {
  const { origin } = ctx;
  const cookie = await signIn(origin);
  const products = await (await fetch(`${origin}/api/products/search?type=HLT&city=Paris&per_page=1`)).json();
  const hotel = products.data[0].product_id;
  const stay = { product_id: hotel, check_in: day(30), check_out: day(33), guests: 2, currency: 'EUR' };
  const cert = await issue(origin, { kind: 'certificate', services: ['HLT'], amount: 100 });
  const cash = await issue(origin, { kind: 'cash', amount: 900_000 });

  const targets = [
    { name: 'GET /api/health', method: 'GET', path: '/api/health' },
    { name: 'search by city (EUR)', method: 'GET', path: `/api/products/search?type=HLT&city=Paris&check_in=${day(30)}&check_out=${day(33)}&guests=2&currency=EUR` },
    { name: 'search all hotels, page 2', method: 'GET', path: '/api/products/search?type=HLT&page=2' },
    { name: 'search by coordinates', method: 'GET', path: '/api/products/search?type=ACT&latitude=48.8584&longitude=2.2945&radius_km=50' },
    { name: 'preview, no cards', method: 'POST', path: '/api/booking/preview', body: JSON.stringify(stay) },
    { name: 'preview, certificate + cash', method: 'POST', path: '/api/booking/preview', body: JSON.stringify({ ...stay, certificate_id: cert.payment_card_id, cash_card_id: cash.payment_card_id }), cookie },
  ];
  const results = new Map();
  for (const t of targets) {
    const target = t.cookie ? { ...t, headers: { cookie: t.cookie } } : t;
    await measureWith(origin, target, 1);
    results.set(t.name, await measureWith(origin, target, SECONDS));
  }
  const base = results.get('GET /api/health');
  const rows = [];
  for (const t of targets) {
    const r = results.get(t.name);
    const bad = r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '';
    rows.push({ metric: `${t.name} p50`, value: r.p50, unit: 'ms', note: `×${(r.p50 / base.p50).toFixed(2)} of health` });
    rows.push({ metric: `${t.name} p95`, value: r.p95, unit: 'ms', note: `×${(r.p95 / base.p95).toFixed(2)} of health` });
    rows.push({ metric: `${t.name} throughput`, value: Math.round(r.rps), unit: 'req/s', note: `×${(r.rps / base.rps).toFixed(2)} of health${bad}` });
  }

  const plain = await checkoutLoad(origin, cookie, { ...stay, traveler }, { duration: SECONDS });
  rows.push(...checkoutRows('checkout (20 clients)', plain, base));
  const before = await cashBalance(origin, cookie, cash.payment_card_id);
  // A fixed number of requests, so every booking is counted and all of them fit in the reservation list.
  const spending = await checkoutLoad(origin, cookie, { ...stay, currency: 'USD', cash_card_id: cash.payment_card_id, traveler }, { amount: 80 });
  rows.push(...checkoutRows('checkout spending one cash card (20 clients)', spending, base));
  // Compare the balance with what the bookings record.
  const after = await cashBalance(origin, cookie, cash.payment_card_id);
  const reservations = (await post(origin, '/api/reservations', { json: { token: '' } }, cookie)).json.data;
  const paidByCard = reservations.flatMap((b) => b.cards).filter((c) => c.card_code === cash.card_code).reduce((sum, c) => sum + c.amount, 0);
  const booked = reservations.filter((b) => b.cards.some((c) => c.card_code === cash.card_code)).length;
  rows.push({
    metric: 'cash card balance = sum of its spends',
    value: Math.abs(before - after - paidByCard) < 0.01 ? 'yes' : 'NO',
    unit: '',
    note: `balance fell ${(before - after).toFixed(2)} USD; ${booked} bookings record ${paidByCard.toFixed(2)} USD`,
  });

  const race = await Promise.all(
    Array.from({ length: CHECKOUT_CLIENTS }, () => post(origin, '/api/booking/checkout', { ...stay, certificate_id: cert.payment_card_id, idempotency_key: `race-${randomUUID()}`, traveler }, cookie)),
  );
  const won = race.filter((r) => r.status === 200).length;
  const conflicts = race.filter((r) => r.status === 409).length;
  const other = race.filter((r) => r.status !== 200 && r.status !== 409).map((r) => `${r.status} ${JSON.stringify(r.json)}`);
  rows.push({ metric: '20 concurrent checkouts on one certificate', value: `${won} ok / ${conflicts} 409`, unit: '', note: won === 1 && conflicts === CHECKOUT_CLIENTS - 1 ? 'exactly one wins' : `UNEXPECTED ${other.join('; ')}` });
  return rows;
}

function checkoutRows(name, r, base) {
  const statuses = Object.entries(r.statuses).map(([s, n]) => `${n}×${s}`).join(', ');
  return [
    { metric: `${name} throughput`, value: Math.round(r.rps), unit: 'bookings/s', note: `×${(r.rps / base.rps).toFixed(2)} of health; ${statuses}${r.errors ? `, ${r.errors} errors` : ''}` },
    { metric: `${name} p50`, value: r.p50, unit: 'ms', note: `×${(r.p50 / base.p50).toFixed(2)} of health` },
    { metric: `${name} p95`, value: r.p95, unit: 'ms', note: `×${(r.p95 / base.p95).toFixed(2)} of health` },
  ];
}

async function cashBalance(origin, cookie, id) {
  const r = await post(origin, '/api/booking/get-paymentcard-by-user', { currency: 'USD' }, cookie);
  return r.json.data[0].cashcarddata.find((c) => c.payment_card_id === id).card_amount;
}

/** measure() of the latency scenario, with request headers (the session cookie) when the target has them. */
function measureWith(origin, target, seconds) {
  if (!target.headers) return measure(origin, target, seconds);
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      { url: origin + target.path, method: target.method, body: target.body, headers: { 'content-type': 'application/json', ...target.headers }, connections: 10, duration: seconds },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : null);
        resolve({ p50: pct(50), p95: pct(95), rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_c, _s, _b, t) => times.push(t));
  });
}
