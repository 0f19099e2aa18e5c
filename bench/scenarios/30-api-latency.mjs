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

/**
 * One autocannon run against one route on loopback: every response's time, the mean throughput and the failures.
 * `connections` requests are in flight at every moment: with one, each time is the request's own (latency); with the
 * default ten the server is saturated (throughput), and the times are then mostly the queue's.
 */
function sample(origin, target, seconds, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      {
        url: origin + target.path,
        method: target.method,
        body: target.body,
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        connections,
        duration: seconds,
      },
      (err, result) => (err ? reject(err) : resolve({ times, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const summarise = (runs) => {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: times.reduce((n, t) => n + t, 0) / Math.max(1, times.length),
    /** Each run's own p95: how far the figure moves from one run to the next on this machine. */
    p95s: runs.map((r) => percentile([...r.times].sort((a, b) => a - b), 95)),
    rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
};

/** Runs autocannon against one route on loopback; per-request times are kept so p95 is exact. */
export async function measure(origin, target, seconds = DURATION_S) {
  return summarise([await sample(origin, target, seconds)]);
}

/**
 * Several routes measured in alternating rounds (each round visits every route, starting one further each time), the
 * times of each route pooled over the rounds: a machine whose speed drifts during the run (other work, the clock)
 * weighs on every route alike, so their ratios hold from run to run.
 */
export async function measureSideBySide(origin, targets, { rounds = 6, seconds = 2, connections } = {}) {
  const runs = new Map(targets.map((t) => [t.name, []]));
  for (const t of targets) await sample(origin, t, 1); // warm the isolate and its caches
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < targets.length; k++) {
      const t = targets[(round + k) % targets.length];
      runs.get(t.name).push(await sample(origin, t, seconds, connections));
    }
  }
  return new Map([...runs].map(([name, r]) => [name, summarise(r)]));
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
