// Latency (p50, p95) and throughput of the catalogue routes, each as a ratio to GET /api/health measured in the same run.
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 10;

export const TARGETS = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  { name: 'GET /api/general/getCountry', method: 'GET', path: '/api/general/getCountry' },
  { name: 'POST /api/general/getCountry', method: 'POST', path: '/api/general/getCountry', body: '{}' },
  { name: 'POST /api/layout/getCurrencyinfo', method: 'POST', path: '/api/layout/getCurrencyinfo', body: '{}' },
];

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** Runs autocannon against one route on loopback; per-request times are kept so p95 is exact. */
export function measure(origin, target, seconds = DURATION_S) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      {
        url: origin + target.path,
        method: target.method,
        body: target.body,
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        connections: CONNECTIONS,
        duration: seconds,
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          rps: result.requests.average,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

export async function run(ctx) {
  const rows = [];
  const results = new Map();
  for (const target of TARGETS) {
    await measure(ctx.origin, target, 1); // warm the isolate and its caches
    results.set(target.name, await measure(ctx.origin, target));
  }
  const base = results.get(TARGETS[0].name);
  for (const target of TARGETS) {
    const r = results.get(target.name);
    const failed = r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '';
    rows.push({ metric: `${target.name} p50`, value: r.p50, unit: 'ms', note: `×${(r.p50 / base.p50).toFixed(2)} of health` });
    rows.push({ metric: `${target.name} p95`, value: r.p95, unit: 'ms', note: `×${(r.p95 / base.p95).toFixed(2)} of health` });
    rows.push({ metric: `${target.name} throughput`, value: Math.round(r.rps), unit: 'req/s', note: `×${(r.rps / base.rps).toFixed(2)} of health (${CONNECTIONS} connections, ${DURATION_S} s${failed})` });
  }
  return rows;
}
