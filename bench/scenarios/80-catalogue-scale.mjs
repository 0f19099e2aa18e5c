// A catalogue shaped like production (docs/contract.md#rooms-rates-and-availability, "Capacity tests"): a copy of the
// bench's database grown by grow-catalogue (scripts/lib/grow-catalogue.mjs) until org 1 has 2,000 hotels, ~40% of them
// in one popular city, each with 2 room types × 2 rate plans and a year of rates; its own Worker serves it. Measured:
// the search for that city with occupancy 2 and 2-5,9 and GET /api/products/{id}/rates, one request at a time (p50,
// p95) and at saturation (autocannon, 10 connections), each request on a date pair never asked before so no kept
// answer (the edge's, decision 0050) serves it; GET /api/health beside, and the same searches on the seed alone.
import autocannon from 'autocannon';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { growCatalogue, localD1 } from '../../scripts/lib/grow-catalogue.mjs';
import { buildDir, freshPersistDir, startServer } from '../../scripts/lib/server.mjs';

const HOTELS = Number(process.env.BENCH_CATALOGUE_HOTELS ?? 2_000);
const CITY = process.env.BENCH_CATALOGUE_CITY ?? 'Lisbon';
const SHARE = 0.4;
/**
 * Requests in each one-at-a-time series; in each saturated run of a slow route (a search of 800 hotels can take a
 * second: a run of a few seconds would count only the first answers, so it runs until this many have come, with
 * CONNECTIONS always in flight); seconds of the saturated health run.
 */
const REQUESTS = Number(process.env.BENCH_CATALOGUE_REQUESTS ?? 40);
const SATURATED = Number(process.env.BENCH_CATALOGUE_SATURATED ?? 60);
const SECONDS = Number(process.env.BENCH_CATALOGUE_SECONDS ?? 5);
const CONNECTIONS = 10;

const DAY_MS = 86_400_000;
const day = (offset) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * Stays never asked before, within the year the rates cover: each call a new (check-in, check-out) pair, 1 to 4 nights,
 * check-ins from `from` days ahead. Separate series start far apart, so no two share a pair.
 */
function freshStays(from) {
  let i = 0;
  return () => {
    const k = i++;
    const nights = 1 + (k % 4);
    const offset = from + (Math.floor(k / 4) % (355 - from));
    return { check_in: day(offset), check_out: day(offset + nights) };
  };
}

/**
 * One autocannon run whose every request has its own path (for `seconds`, or until `amount` answers have come); every
 * response's time kept, so p95 is exact; requests/s = answers / the run's own wall time.
 */
function sample(origin, nextPath, { connections, seconds, amount }) {
  return new Promise((resolve, reject) => {
    const times = [];
    const started = performance.now();
    const instance = autocannon(
      {
        url: origin,
        connections,
        timeout: 120,
        ...(amount ? { amount } : { duration: seconds }),
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        const sorted = [...times].sort((a, b) => a - b);
        const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
        const wall = (performance.now() - started) / 1000;
        resolve({ p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), rps: times.length / wall, wall, n: times.length, non2xx: result.non2xx, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const failures = (r) => (r.non2xx || r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : '');

export async function run(ctx) {
  const rows = [];
  const config = join(buildDir(), 'server', 'wrangler.json');
  // A copy of the bench's database (migrated and seeded), grown; the bench's own server keeps the seed alone.
  const persistTo = freshPersistDir('bench-catalogue');
  cpSync(ctx.persistTo, persistTo, { recursive: true });
  const db = localD1({ persistTo, config });
  const [[had]] = db.read([`SELECT COUNT(*) AS hotels, SUM(city = '${CITY.replaceAll("'", "''")}') AS in_city FROM products WHERE org_id = 1 AND type = 'HLT' AND status = 'ACTIVE'`]);
  const add = Math.max(0, HOTELS - Number(had.hotels));
  if (add > 0) {
    // ~40 % of all the org's hotels in the city: its share of the added ones makes up for the seed's spread.
    const share = Math.min(1, Math.max(0, (Math.round(HOTELS * SHARE) - Number(had.in_city ?? 0)) / add));
    ctx.log(`catalogue scale: growing org 1 by ${add} hotels (${Math.round(share * 100)} % in ${CITY})`);
    const grown = await growCatalogue({ ...db, orgId: 1, hotels: add, city: CITY, share, log: ctx.log });
    rows.push({
      metric: `grow-catalogue ${grown.hotels} hotels`,
      value: grown.writeMs / 1000,
      unit: 's',
      note: `${grown.rateNights.toLocaleString('en')} priced nights written in one file; ${(grown.totalMs / 1000).toFixed(1)} s with its reads (each wrangler run starts a local workerd)`,
    });
  }
  const [[counted], grownIds] = db.read([
    `SELECT COUNT(*) AS hotels, SUM(city = '${CITY.replaceAll("'", "''")}') AS in_city FROM products WHERE org_id = 1 AND type = 'HLT' AND status = 'ACTIVE'`,
    `SELECT id FROM products WHERE org_id = 1 AND type = 'HLT' AND city = '${CITY.replaceAll("'", "''")}' AND code GLOB 'G[0-9]*' ORDER BY id LIMIT 200`,
  ]);
  const ids = grownIds.map((r) => r.id);
  if (!ids.length) throw new Error(`no grown hotel in ${CITY}`);

  const city = encodeURIComponent(CITY);
  const searchPath = (occupancy, stays) => () => {
    const s = stays();
    return `/api/products/search?type=HLT&city=${city}&check_in=${s.check_in}&check_out=${s.check_out}&occupancy=${encodeURIComponent(occupancy)}&currency=USD`;
  };
  let nextId = 0;
  const ratesPath = (stays) => () => {
    const s = stays();
    return `/api/products/${ids[nextId++ % ids.length]}/rates?check_in=${s.check_in}&check_out=${s.check_out}&occupancy=2&currency=USD`;
  };
  // Each series its own stays; the grown server's series and the seed's never meet, nor the one-at-a-time and saturated runs.
  const series = [
    { name: `search ${CITY}, occupancy 2`, grown: searchPath('2', freshStays(3)), seed: searchPath('2', freshStays(3)), saturated: searchPath('2', freshStays(40)) },
    { name: `search ${CITY}, occupancy 2-5,9`, grown: searchPath('2-5,9', freshStays(3)), seed: searchPath('2-5,9', freshStays(3)), saturated: searchPath('2-5,9', freshStays(40)) },
    { name: 'GET /api/products/{id}/rates, occupancy 2', grown: ratesPath(freshStays(3)), saturated: ratesPath(freshStays(40)) },
  ];

  const port = Number(process.env.BENCH_CATALOGUE_PORT ?? Number(process.env.BENCH_PORT ?? 8789) + 2);
  const server = await startServer({ port, persistTo, stdio: 'ignore' });
  try {
    // What a traveller gets on the grown catalogue: how many hotels each search finds, or why it failed.
    for (const s of series.slice(0, 2)) {
      const res = await fetch(server.origin + s.grown());
      const body = await res.json().catch(() => ({}));
      ctx.log(`${s.name}: ${res.status} ${res.status === 200 ? `${body.count} hotels` : JSON.stringify(body).slice(0, 200)}`);
      rows.push({ metric: `${s.name}: hotels found`, value: res.status === 200 ? body.count : null, unit: '', note: res.status === 200 ? `of ${counted.in_city} in ${CITY}, ${counted.hotels} in the org` : `HTTP ${res.status}: ${(body.error?.message ?? body.message ?? '').slice(0, 80)}` });
    }
    const health = () => '/api/health';
    await sample(server.origin, health, { connections: 1, amount: 20 }); // warm the isolate and its caches
    const healthOne = await sample(server.origin, health, { connections: 1, amount: REQUESTS });
    const healthSat = await sample(server.origin, health, { connections: CONNECTIONS, seconds: SECONDS });
    rows.push({ metric: 'GET /api/health one at a time', value: healthOne.p95, unit: 'ms p95', note: `p50 ${healthOne.p50} ms` });
    rows.push({ metric: 'GET /api/health saturated', value: Math.round(healthSat.rps), unit: 'req/s', note: `${CONNECTIONS} connections, ${SECONDS} s, p50 ${healthSat.p50} ms, p95 ${healthSat.p95} ms` });
    for (const s of series) {
      const one = await sample(server.origin, s.grown, { connections: 1, amount: REQUESTS });
      rows.push({ metric: `${s.name} one at a time`, value: one.p95, unit: 'ms p95', note: `p50 ${one.p50} ms, ${one.n} requests on new dates, ×${(one.p95 / healthOne.p95).toFixed(1)} of health${failures(one)}` });
      if (s.seed) {
        const seed = await sample(ctx.origin, s.seed, { connections: 1, amount: REQUESTS });
        rows.push({ metric: `${s.name} one at a time, seed alone`, value: seed.p95, unit: 'ms p95', note: `p50 ${seed.p50} ms (the bench's own server); grown / seed p95 ×${(one.p95 / seed.p95).toFixed(1)}${failures(seed)}` });
      }
      const sat = await sample(server.origin, s.saturated, { connections: CONNECTIONS, amount: SATURATED });
      rows.push({ metric: `${s.name} saturated`, value: Math.round(sat.rps * 10) / 10, unit: 'req/s', note: `×${(sat.rps / healthSat.rps).toFixed(3)} of health; p50 ${sat.p50} ms, p95 ${sat.p95} ms (${CONNECTIONS} connections, ${sat.n} answers in ${sat.wall.toFixed(1)} s)${failures(sat)}` });
    }
  } finally {
    server.stop();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return rows;
}
