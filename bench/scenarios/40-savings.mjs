// GET /go/daily-savings for an enrolled member: p50 / p95 / throughput of the redirect, beside GET /api/health in the same run.
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 10;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

function measure(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = new Map();
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({ p50: percentile(times, 50), p95: percentile(times, 95), rps: result.requests.average, statuses, errors: result.errors + result.timeouts });
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

/** Signs the demo member in and enrols it once, so every measured request is the enrolled path (a 302). */
async function enrolledSession(origin) {
  const signIn = await fetch(`${origin}/api/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonSign: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass' }, navAgent: 'bench' }),
  });
  if (signIn.status !== 200) throw new Error(`demo sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const first = await fetch(`${origin}/go/daily-savings`, { headers: { cookie }, redirect: 'manual' });
  if (first.status !== 302) throw new Error(`the first daily-savings request answered ${first.status}: ${await first.text()}`);
  return cookie;
}

export async function run(ctx) {
  const cookie = await enrolledSession(ctx.origin);
  await measure(`${ctx.origin}/go/daily-savings`, { cookie }, 1);
  const health = await measure(`${ctx.origin}/api/health`, {}, DURATION_S);
  const go = await measure(`${ctx.origin}/go/daily-savings`, { cookie }, DURATION_S);
  const redirects = go.statuses.get(302) ?? 0;
  const total = [...go.statuses.values()].reduce((a, b) => a + b, 0);
  const note = `${redirects}/${total} answered 302${go.errors ? `, ${go.errors} errors` : ''}`;
  return [
    { metric: 'GET /go/daily-savings (enrolled) p50', value: go.p50, unit: 'ms', note: `×${(go.p50 / health.p50).toFixed(2)} of health (${health.p50.toFixed(1)} ms)` },
    { metric: 'GET /go/daily-savings (enrolled) p95', value: go.p95, unit: 'ms', note: `×${(go.p95 / health.p95).toFixed(2)} of health (${health.p95.toFixed(1)} ms)` },
    { metric: 'GET /go/daily-savings (enrolled) throughput', value: Math.round(go.rps), unit: 'req/s', note: `${CONNECTIONS} connections, ${DURATION_S} s; ${note}` },
  ];
}
