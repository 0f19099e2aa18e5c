// A bounded load test of the hot routes on loopback (autocannon): requests/s, p50/p95/p99 and errors of each, and each
// as a ratio to GET /api/health measured in the same run, so the figures compare across machines.
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 8);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const json = { 'content-type': 'application/json' };

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** One route under load; every request's time is kept so the percentiles are exact. */
function measure(origin, target, seconds) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = {};
    let seq = 0;
    const instance = autocannon(
      {
        url: origin + target.path,
        method: target.method,
        headers: { ...(target.body ? json : {}), ...(target.headers ?? {}) },
        body: target.body,
        connections: target.connections ?? CONNECTIONS,
        duration: seconds,
        // Each connection from its own client address: the per-address limits never decide the figures.
        setupClient: (client) =>
          client.setHeaders({ ...(target.body ? json : {}), ...(target.headers ?? {}), 'cf-connecting-ip': `10.77.${(++seq >> 8) & 255}.${seq & 255}` }),
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const ok = statuses[target.expect ?? 200] ?? 0;
        resolve({
          rps: result.requests.average,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          requests: times.length,
          // Sent but never answered before the run ended: at most one per connection is normal, more is a stall.
          unanswered: Math.max(0, (result.requests.sent ?? times.length) - times.length - result.errors - result.timeouts),
          errors: result.errors + result.timeouts + (times.length - ok),
          statuses,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

async function post(origin, path, body, headers = {}) {
  const r = await fetch(origin + path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
  return r;
}

export async function run(ctx) {
  const { origin } = ctx;
  const signIn = { jsonSign: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass' }, navAgent: 'bench' };
  const signedIn = await post(origin, '/api/signIn', signIn);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const search = await (await fetch(`${origin}/api/products/search?type=HLT&city=Paris&per_page=1`)).json();
  const productId = search.data[0].product_id;
  const stay = `check_in=${day(20)}&check_out=${day(22)}&guests=2`;
  const preview = JSON.stringify({ product_id: productId, check_in: day(20), check_out: day(22), guests: 2, currency: 'EUR' });
  await post(origin, '/api/booking/preview', JSON.parse(preview));

  const targets = [
    { name: 'health', method: 'GET', path: '/api/health' },
    { name: 'catalogue GET getCountry', method: 'GET', path: '/api/general/getCountry' },
    { name: 'catalogue POST getNationalityCat', method: 'POST', path: '/api/getNationalityCat', body: '{}' },
    { name: 'catalogue POST getCurrencyinfo', method: 'POST', path: '/api/layout/getCurrencyinfo', body: '{}' },
    { name: 'checkLogin signed out', method: 'POST', path: '/api/auth/checkLogin', body: '{}' },
    { name: 'checkLogin signed in', method: 'POST', path: '/api/auth/checkLogin', body: '{}', headers: { cookie } },
    { name: 'search hotels in Paris (EUR)', method: 'GET', path: `/api/products/search?type=HLT&city=Paris&currency=EUR&${stay}` },
    { name: 'preview a stay', method: 'POST', path: '/api/booking/preview', body: preview, headers: { cookie } },
    // Each sign-in derives a PBKDF2 key (100,000 iterations) on purpose: fewer connections keep the run bounded.
    { name: 'sign-in (password)', method: 'POST', path: '/api/signIn', body: JSON.stringify(signIn), connections: 4 },
  ];

  const results = new Map();
  const report = (name, r) =>
    ctx.log(`load ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.errors} errors ${JSON.stringify(r.statuses)}`);
  for (const target of targets) {
    await measure(origin, target, 1); // warm the isolate, its caches and the connection pool
    const r = await measure(origin, target, SECONDS);
    results.set(target.name, r);
    report(target.name, r);
  }
  // Health again at the end: the baseline is the mean of both runs, so a machine that got busier (or quieter) during
  // the run shifts the ratios less than it shifts the raw figures.
  const first = results.get('health');
  const last = await measure(origin, targets[0], SECONDS);
  report('health (again, at the end)', last);
  const mean = (a, b) => (a === null || b === null ? (a ?? b) : (a + b) / 2);
  const base = { rps: mean(first.rps, last.rps), p50: mean(first.p50, last.p50), p95: mean(first.p95, last.p95), p99: mean(first.p99, last.p99) };
  results.set('health', { ...first, ...base, requests: first.requests + last.requests, errors: first.errors + last.errors, unanswered: first.unanswered + last.unanswered });
  const ratio = (v, b) => (v !== null && b ? `×${(v / b).toFixed(2)} of health` : '');
  const rows = [];
  for (const target of targets) {
    const r = results.get(target.name);
    const conns = target.connections ?? CONNECTIONS;
    const runs = target.name === 'health' ? `2 × ${SECONDS} s, start and end, averaged` : `${SECONDS} s`;
    rows.push({ metric: `${target.name} throughput`, value: Math.round(r.rps), unit: 'req/s', note: `${ratio(r.rps, base.rps)} (${conns} connections, ${runs})` });
    rows.push({ metric: `${target.name} p50`, value: r.p50, unit: 'ms', note: ratio(r.p50, base.p50) });
    rows.push({ metric: `${target.name} p95`, value: r.p95, unit: 'ms', note: ratio(r.p95, base.p95) });
    rows.push({ metric: `${target.name} p99`, value: r.p99, unit: 'ms', note: ratio(r.p99, base.p99) });
    rows.push({ metric: `${target.name} errors`, value: r.errors, unit: 'errors', note: `target 0 (of ${r.requests} requests; ${r.unanswered ?? 0} still unanswered at the end)` });
  }
  const totalErrors = [...results.values()].reduce((n, r) => n + r.errors, 0);
  rows.push({ metric: 'load errors, all hot routes', value: totalErrors, unit: 'errors', note: totalErrors ? 'target 0: see the per-route rows' : 'target 0 met' });
  return rows;
}
