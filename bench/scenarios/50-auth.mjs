// Sign-in and checkLogin latency and throughput, and the time gap between unknown-email and wrong-password sign-ins
// (the dummy hash must hide which accounts exist: target median gap <= 5 ms over 200 tries each).
import { measure } from './30-api-latency.mjs';

const TRIES = Number(process.env.BENCH_AUTH_TRIES ?? 200);
const DEMO = { email: 'demo@example.com', password: 'Demo1!pass' };

const signInBody = (email, password) => JSON.stringify({ jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'bench' });
let ipCounter = 0;
const nextIp = () => `10.77.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

async function signIn(origin, email, password) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': nextIp() },
    body: signInBody(email, password),
  });
  const json = await res.json();
  return { ms: performance.now() - started, status: res.status, json };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function run(ctx) {
  const rows = [];
  const signInTarget = { name: 'POST /api/signIn', method: 'POST', path: '/api/signIn', body: signInBody(DEMO.email, DEMO.password) };
  await measure(ctx.origin, signInTarget, 1);
  const s = await measure(ctx.origin, signInTarget);
  const failedS = s.non2xx || s.errors ? ` (${s.non2xx} non-2xx, ${s.errors} errors)` : '';
  rows.push({ metric: 'sign-in p50', value: s.p50, unit: 'ms', note: 'PBKDF2-SHA256 100,000 iterations' });
  rows.push({ metric: 'sign-in p95', value: s.p95, unit: 'ms' });
  rows.push({ metric: 'sign-in throughput', value: Math.round(s.rps), unit: 'req/s', note: `10 connections${failedS}` });

  const { json } = await signIn(ctx.origin, DEMO.email, DEMO.password);
  const token = json.result.token;
  const checkTarget = { name: 'POST /api/auth/checkLogin', method: 'POST', path: '/api/auth/checkLogin', body: '' };
  const checkWithToken = { ...checkTarget };
  // autocannon takes fixed headers per target: the Bearer form of the session.
  const c = await measureWithHeaders(ctx.origin, checkWithToken, { authorization: `Bearer ${token}` });
  rows.push({ metric: 'checkLogin p50', value: c.p50, unit: 'ms', note: 'signed in (Bearer)' });
  rows.push({ metric: 'checkLogin p95', value: c.p95, unit: 'ms' });
  rows.push({ metric: 'checkLogin throughput', value: Math.round(c.rps), unit: 'req/s' });

  // Interleaved, one at a time; every third round a right password keeps demo under the per-email failure limit.
  const times = { wrong: [], unknown: [] };
  for (let i = 0; i < TRIES; i++) {
    const order = i % 2 ? ['wrong', 'unknown'] : ['unknown', 'wrong'];
    for (const kind of order) {
      const email = kind === 'wrong' ? DEMO.email : `ghost-${i}-${Math.random().toString(36).slice(2)}@example.com`;
      const r = await signIn(ctx.origin, email, 'Wrong1!pass');
      if (r.status !== 401) throw new Error(`expected 401 for ${kind}, got ${r.status}`);
      times[kind].push(r.ms);
    }
    if (i % 3 === 2) await signIn(ctx.origin, DEMO.email, DEMO.password);
  }
  const gap = median(times.wrong) - median(times.unknown);
  rows.push({ metric: 'wrong-password sign-in median', value: +median(times.wrong).toFixed(2), unit: 'ms', note: `${TRIES} tries` });
  rows.push({ metric: 'unknown-email sign-in median', value: +median(times.unknown).toFixed(2), unit: 'ms', note: `${TRIES} tries` });
  rows.push({ metric: 'unknown vs wrong median gap', value: +Math.abs(gap).toFixed(2), unit: 'ms', note: `target <= 5 ms (${gap >= 0 ? 'wrong slower' : 'unknown slower'})` });
  return rows;
}

async function measureWithHeaders(origin, target, headers) {
  const { default: autocannon } = await import('autocannon');
  const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
  const run = (seconds) =>
    new Promise((resolve, reject) => {
      const times = [];
      const instance = autocannon(
        { url: origin + target.path, method: target.method, headers, connections: 10, duration: seconds },
        (err, result) => {
          if (err) return reject(err);
          times.sort((a, b) => a - b);
          resolve({ p50: percentile(times, 50), p95: percentile(times, 95), rps: result.requests.average });
        },
      );
      instance.on('response', (_c, _s, _b, t) => times.push(t));
    });
  await run(1);
  return run(Number(process.env.BENCH_API_SECONDS ?? 5));
}
