// Search at scale: a bench-only local D1 with 1,000 and then 100,000 products more than the seed, each served by its own
// Worker, and search by city, by coordinates and by free text (the destination suggestions) measured on both.
// Target (issue 16): p95 at 100k within 2× of p95 at 1k.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { measure } from './30-api-latency.mjs';
import { QUIET_ENV, ROOT, buildDir, freshPersistDir, prepareDatabase, startServer } from '../../scripts/lib/server.mjs';

const SIZES = [1_000, 100_000];
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 3);
const CITIES = 500;

/** One statement generates the rows: products spread over CITIES cities and the globe, the four types in turn. */
const seedSql = (n) =>
  `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${n}) ` +
  `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, rating) ` +
  `SELECT 1, CASE i % 4 WHEN 0 THEN 'HLT' WHEN 1 THEN 'ACT' WHEN 2 THEN 'RST' ELSE 'STY' END, 'Bench ' || i, ` +
  `'Benchcity ' || printf('%04d', i % ${CITIES}), 'XX', ((i * 7919) % 17000) / 100.0 - 85, ((i * 104729) % 35000) / 100.0 - 175, ` +
  `5000 + (i % 40000), CASE i % 4 WHEN 1 THEN 'person' ELSE 'night' END, (i % 50) / 10.0 FROM k`;

const TARGETS = [
  { name: 'search by city', method: 'GET', path: '/api/products/search?type=HLT&city=Benchcity%200420' },
  { name: 'search by coordinates', method: 'GET', path: '/api/products/search?type=HLT&latitude=40.4&longitude=-3.7' },
  { name: 'free text (destinations)', method: 'GET', path: '/api/products/cities?q=Benchcity%20042&type=HLT' },
];

export async function run(ctx) {
  const port = Number(process.env.BENCH_PORT ?? 8789) + 1;
  const results = new Map();
  for (const size of SIZES) {
    const persistTo = freshPersistDir(`bench-search-${size}`);
    ctx.log(`search scale: ${size} products in a bench-only database`);
    await prepareDatabase({ persistTo, quiet: true });
    const config = join(buildDir(), 'server', 'wrangler.json');
    const seeded = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--config', config, '--command', seedSql(size)], { cwd: ROOT, env: QUIET_ENV, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seeding ${size} products failed: ${seeded.stderr}`);
    const server = await startServer({ port, persistTo, stdio: 'ignore' });
    try {
      for (const target of TARGETS) {
        await measure(server.origin, target, 1);
        results.set(`${target.name}|${size}`, await measure(server.origin, target, SECONDS));
      }
    } finally {
      server.stop();
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const rows = [];
  for (const target of TARGETS) {
    const small = results.get(`${target.name}|${SIZES[0]}`);
    const large = results.get(`${target.name}|${SIZES[1]}`);
    for (const [size, r] of [[SIZES[0], small], [SIZES[1], large]]) {
      const failed = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
      rows.push({ metric: `${target.name} p95 at ${size / 1000}k`, value: r.p95, unit: 'ms', note: `p50 ${r.p50} ms${failed}` });
    }
    rows.push({ metric: `${target.name} p95 100k / 1k`, value: large.p95 / small.p95, unit: '×', note: 'target ≤ 2' });
  }
  return rows;
}
