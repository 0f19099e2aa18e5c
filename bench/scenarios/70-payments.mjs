// Payments: checkout → paid → confirmed latency against the Stripe simulator (p50, p95), one booking at a time, each
// with a cash-card part and the rest by card; and the webhook route's throughput on duplicate deliveries; both next to
// GET /api/health. The simulator's pay hook delivers the signed webhook itself, as the hosted page would.
import autocannon from 'autocannon';
import { createHmac, randomUUID } from 'node:crypto';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { measure } from './30-api-latency.mjs';
import { day, issue, post, signIn, traveler } from './60-booking.mjs';

const BOOKINGS = Number(process.env.BENCH_PAYMENTS ?? 30);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const POLL_MS = 20;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** One booking from checkout to CONFIRMED as the traveller's browser sees it; returns the milliseconds it took. */
async function checkoutToConfirmed(origin, cookie, stay, cashCardId) {
  const started = performance.now();
  const r = await post(origin, '/api/booking/checkout', { ...stay, cash_card_id: cashCardId, traveler, idempotency_key: `bench-pay-${randomUUID()}` }, cookie);
  if (r.status !== 200 || r.json.data.status !== 'PENDING_PAYMENT') throw new Error(`checkout answered ${r.status} ${JSON.stringify(r.json)}`);
  const session = String(r.json.data.payment_url).split('/').pop();
  const paid = await post(origin, `/_sim/stripe/checkout/${session}/pay`, { card: '4242424242424242' });
  if (paid.status !== 200) throw new Error(`paying answered ${paid.status}`);
  for (;;) {
    const got = await fetch(`${origin}/api/bookings/${r.json.data.booking_id}`, { headers: { cookie } });
    const status = (await got.json()).data?.status;
    if (status === 'CONFIRMED') return performance.now() - started;
    if (status !== 'PENDING_PAYMENT') throw new Error(`booking became ${status}`);
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
}

/** The last completed-payment event, signed as the provider signs it and delivered again at full speed (each is a duplicate). */
async function webhookThroughput(origin) {
  const secrets = readDevVars();
  const listed = await fetch(`${origin}/_sim/stripe/v1/events?type=checkout.session.completed&limit=1`, { headers: { authorization: `Bearer ${secrets.STRIPE_SECRET_KEY}` } });
  const event = (await listed.json()).data?.[0];
  if (!event) return null;
  const raw = JSON.stringify(event);
  const at = Math.floor(Date.now() / 1000);
  const signature = `t=${at},v1=${createHmac('sha256', secrets.STRIPE_WEBHOOK_SECRET).update(`${at}.${raw}`).digest('hex')}`;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${origin}/api/payments/webhook`, method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, connections: 10, duration: SECONDS },
      (err, result) => (err ? reject(err) : resolve({ rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts })),
    );
    instance.on('error', reject);
  });
}

export async function run(ctx) {
  const { origin } = ctx;
  const cookie = await signIn(origin);
  const products = await (await fetch(`${origin}/api/products/search?type=HLT&per_page=1`)).json();
  const stay = { product_id: products.data[0].product_id, check_in: day(40), check_out: day(42), guests: 2, currency: 'USD' };
  // A cash card pays all it holds, so each booking has its own small one (issued before the clock starts).
  const cards = [];
  for (let i = 0; i <= BOOKINGS; i++) cards.push((await issue(origin, { kind: 'cash', amount: 10 })).payment_card_id);
  await checkoutToConfirmed(origin, cookie, stay, cards.pop());
  const times = [];
  for (const card of cards) times.push(await checkoutToConfirmed(origin, cookie, stay, card));
  times.sort((a, b) => a - b);
  const health = await measure(origin, { name: 'GET /api/health', method: 'GET', path: '/api/health' }, SECONDS);
  const p50 = Math.round(percentile(times, 50));
  const p95 = Math.round(percentile(times, 95));
  const rows = [
    { metric: 'checkout → paid → confirmed p50', value: p50, unit: 'ms', note: `${BOOKINGS} bookings one after another; ×${(p50 / health.p50).toFixed(1)} of health p50` },
    { metric: 'checkout → paid → confirmed p95', value: p95, unit: 'ms', note: `×${(p95 / health.p95).toFixed(1)} of health p95` },
  ];
  const hooks = await webhookThroughput(origin);
  rows.push(
    hooks
      ? { metric: 'webhook throughput (duplicate deliveries)', value: Math.round(hooks.rps), unit: 'req/s', note: `×${(hooks.rps / health.rps).toFixed(2)} of health${hooks.non2xx || hooks.errors ? `, ${hooks.non2xx} non-2xx, ${hooks.errors} errors` : ''}` }
      : { metric: 'webhook throughput (duplicate deliveries)', value: null, unit: 'req/s', note: 'no completed event at the simulator' },
  );
  return rows;
}
