// Marketing links: GET /r/{slug} as a browser's click (302, click written after the answer) next to GET /api/health,
// then the figures of one link over a year with a million clicks seeded into this run's own D1.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { measureSideBySide } from './30-api-latency.mjs';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const CLICKS = Number(process.env.BENCH_LINK_CLICKS ?? 1_000_000);
const SLUG = 'bench-million';
const STATS_RUNS = 15;

function d1(ctx, sql) {
  const config = join(ctx.buildDir, 'server', 'wrangler.json');
  const r = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', ctx.persistTo, '--config', config, '--command', sql], {
    cwd: ctx.root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr || r.stdout}`);
}

/** One link's clicks spread over the last 365 days, 15 countries, 40 referrers, and the roll-ups the click path keeps. */
const seedSql = (n) => `
INSERT INTO short_links (org_id, slug, destination, campaign) VALUES (1, '${SLUG}', '/', 'bench') ON CONFLICT DO NOTHING;
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
INSERT INTO link_clicks (link_id, at, country, referrer_host, device, first_visit)
SELECT (SELECT id FROM short_links WHERE org_id = 1 AND slug = '${SLUG}'),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 365) || ' days'),
  substr('USGBFRDEESITNLCAAUJPINMXBRSEPL', 1 + 2 * (i % 15), 2), 'ref' || (i % 40) || '.example',
  CASE i % 3 WHEN 0 THEN 'mobile' ELSE 'desktop' END, i % 4 = 0
FROM k;
INSERT INTO link_daily (link_id, dim, day, value, clicks, visitors)
SELECT link_id, 'day', substr(at, 1, 10), '', COUNT(*), SUM(first_visit) FROM link_clicks
WHERE link_id = (SELECT id FROM short_links WHERE org_id = 1 AND slug = '${SLUG}') GROUP BY link_id, substr(at, 1, 10);
INSERT INTO link_daily (link_id, dim, day, value, clicks, visitors)
SELECT link_id, 'country', substr(at, 1, 10), country, COUNT(*), 0 FROM link_clicks
WHERE link_id = (SELECT id FROM short_links WHERE org_id = 1 AND slug = '${SLUG}') GROUP BY link_id, substr(at, 1, 10), country;
INSERT INTO link_daily (link_id, dim, day, value, clicks, visitors)
SELECT link_id, 'referrer', substr(at, 1, 10), referrer_host, COUNT(*), 0 FROM link_clicks
WHERE link_id = (SELECT id FROM short_links WHERE org_id = 1 AND slug = '${SLUG}') GROUP BY link_id, substr(at, 1, 10), referrer_host;`;

async function signIn(origin) {
  const res = await fetch(`${origin}/api/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.70.0.1' },
    body: JSON.stringify({
      jsonSign: {
        usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: 1,
        promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'bench',
    }),
  });
  if (res.status !== 200) throw new Error(`marketer sign-in failed (${res.status})`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(ctx) {
  const { origin } = ctx;
  const rows = [];
  const targets = [
    { name: 'GET /api/health', method: 'GET', path: '/api/health' },
    { name: 'GET /r/welcome (302)', method: 'GET', path: '/r/welcome', headers: { 'user-agent': BROWSER } },
    // The same answer without the click written after it: what the write costs the isolate under load.
    { name: 'GET /r/welcome (302, a link preview: not counted)', method: 'GET', path: '/r/welcome', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } },
  ];
  // Health and the two redirects in alternating rounds: the ratios compare them under the same machine load. First one
  // request at a time, where each time is the request's own (latency), then ten at a time, as fast as the server
  // answers (throughput; the times are then mostly the queue's).
  const paced = await measureSideBySide(origin, targets, { connections: 1 });
  const saturated = await measureSideBySide(origin, targets);
  const ratio = (results, i, key) => `×${(results.get(targets[i].name)[key] / results.get(targets[0].name)[key]).toFixed(2)} of health`;
  const r = paced.get(targets[1].name);
  const preview = paced.get(targets[2].name);
  rows.push({ metric: 'GET /r/{slug} p50', value: r.p50, unit: 'ms', note: `${ratio(paced, 1, 'p50')}, one request at a time` });
  rows.push({ metric: 'GET /r/{slug} p95', value: r.p95, unit: 'ms', note: `${ratio(paced, 1, 'p95')}, one request at a time (target ≤ ×1.5)` });
  rows.push({ metric: 'GET /r/{slug} p95, not counted', value: preview.p95, unit: 'ms', note: `${ratio(paced, 2, 'p95')}, one at a time (a link preview: no click written)` });
  const full = saturated.get(targets[1].name);
  const fullPreview = saturated.get(targets[2].name);
  const errors = full.errors + fullPreview.errors + r.errors + preview.errors;
  rows.push({ metric: 'GET /r/{slug} throughput', value: Math.round(full.rps), unit: 'req/s', note: `${ratio(saturated, 1, 'rps')} (${errors} errors; every answer a 302)` });
  // At saturation every connection always waits: a route's mean time is connections / throughput (Little's law), and
  // its p95 is the queue's shape, which moves from round to round for health itself (decision 0030).
  const spread = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} ms`;
  const health = saturated.get(targets[0].name);
  rows.push({ metric: 'GET /r/{slug} mean at saturation', value: Number(full.mean.toFixed(1)), unit: 'ms', note: `${ratio(saturated, 1, 'mean')} (10 connections, as fast as answered)` });
  rows.push({ metric: 'GET /r/{slug} p95 at saturation', value: full.p95, unit: 'ms', note: `${ratio(saturated, 1, 'p95')}; per round ${spread(full.p95s)}, health's own ${spread(health.p95s)}` });
  rows.push({ metric: 'GET /r/{slug} throughput, not counted', value: Math.round(fullPreview.rps), unit: 'req/s', note: ratio(saturated, 2, 'rps') });
  rows.push({ metric: 'GET /r/{slug} p95 at saturation, not counted', value: fullPreview.p95, unit: 'ms', note: `${ratio(saturated, 2, 'p95')}; per round ${spread(fullPreview.p95s)}` });

  ctx.log(`seeding ${CLICKS} clicks`);
  const seeded = Date.now();
  d1(ctx, seedSql(CLICKS));
  rows.push({ metric: `seeding ${CLICKS} clicks + roll-ups`, value: Math.round((Date.now() - seeded) / 1000), unit: 's' });
  const cookie = await signIn(origin);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const times = [];
  let last;
  for (let i = 0; i < STATS_RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/admin/links/${SLUG}/stats?from=${from}&to=${to}`, { headers: { cookie } });
    last = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`stats answered ${res.status}`);
  }
  if (last.data.clicks !== CLICKS) throw new Error(`stats counted ${last.data.clicks} clicks, not ${CLICKS}`);
  const warm = times.slice(1);
  rows.push({ metric: `link stats, 1 year, ${CLICKS} clicks (median)`, value: Math.round(median(warm)), unit: 'ms', note: `first ${Math.round(times[0])} ms; target < 200 ms` });
  rows.push({ metric: `link stats, 1 year, ${CLICKS} clicks (max)`, value: Math.round(Math.max(...warm)), unit: 'ms', note: `${STATS_RUNS - 1} warm runs over HTTP` });
  return rows;
}
