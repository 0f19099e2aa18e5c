// A catalogue shaped like production (docs/contract.md#rooms-rates-and-availability, "Capacity tests"; issue 31's
// goal, docs/decisions/0059-ari-as-ranges.md): copies of the bench's database grown by grow-catalogue
// (scripts/lib/grow-catalogue.mjs) until org 1 has each of BENCH_CATALOGUE_SIZES hotels (default 1,000 and 100,000),
// 2.5 % of them in one popular city, each with 2 room types × 2 rate plans and a year of ARI as ranges. Each size is
// served by its own Worker, all at once, and measured side by side (one request to each in turn, so a machine that
// slows down weighs on every size alike): the city's search with occupancy 2 and 2-5,9 and the search by the city's
// coordinates, one request at a time on date pairs never asked before (p50, p95, and the ratio to the smallest size),
// after each Worker's first search (reported: the isolate reads and keeps the candidates' ranges then). Also: the time
// grow-catalogue took, each database's size on disk, a grown hotel's year of ARI pushed through POST /api/channel/ota
// and through POST /api/admin/products/{id}/ari (time to apply, and its range rows before and after: the same year
// pushed again must not add rows), GET /api/products/{id}/rates, and the largest search at saturation beside health.
//
// Growing 100,000 hotels takes minutes: BENCH_CATALOGUE_KEEP=<dir> keeps each grown database there (<dir>/hotels-<n>)
// and uses it again on the next run. Ports: BENCH_CATALOGUE_PORTS (one per size, comma-separated), else from
// BENCH_CATALOGUE_PORT (default BENCH_PORT + 2) on.
import autocannon from 'autocannon';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { growCatalogue, localD1, MAX_HOTELS_PER_RUN, PLANS, ROOMS, seasonRanges, utcToday } from '../../scripts/lib/grow-catalogue.mjs';
import { buildDir, freshPersistDir, startServer } from '../../scripts/lib/server.mjs';

const SIZES = (process.env.BENCH_CATALOGUE_SIZES ?? '1000,100000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
const CITY = process.env.BENCH_CATALOGUE_CITY ?? 'Lisbon';
const SHARE = Number(process.env.BENCH_CATALOGUE_SHARE ?? 0.025);
const KEEP = process.env.BENCH_CATALOGUE_KEEP;
/** Requests to each size in each one-at-a-time series; answers in the saturated run; seconds of the saturated health run. */
const REQUESTS = Number(process.env.BENCH_CATALOGUE_REQUESTS ?? 40);
const SATURATED = Number(process.env.BENCH_CATALOGUE_SATURATED ?? 60);
const SECONDS = Number(process.env.BENCH_CATALOGUE_SECONDS ?? 5);
const PUSHES = 3;
const CONNECTIONS = 10;

const DAY_MS = 86_400_000;
const day = (offset) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round1 = (v) => (v === null ? null : Math.round(v * 10) / 10);
const sql = (s) => `'${String(s).replaceAll("'", "''")}'`;
const { DatabaseSync } = await import('node:sqlite');

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

/** The local D1 file of a persist directory (and its write-ahead log), in bytes. */
function dbBytes(persistTo) {
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const size = (f) => (existsSync(join(dir, f)) ? statSync(join(dir, f)).size : 0);
  return { file: join(dir, file), bytes: size(file) + size(`${file}-wal`) };
}

/** A grown copy of the bench's database with `hotels` hotels in org 1 (kept in KEEP when set), and how long growing took. */
async function grownDatabase(ctx, hotels, config) {
  const persistTo = KEEP ? join(KEEP, `hotels-${hotels}`) : freshPersistDir(`bench-catalogue-${hotels}`);
  if (!KEEP || !existsSync(join(persistTo, 'v3'))) {
    mkdirSync(persistTo, { recursive: true });
    cpSync(ctx.persistTo, persistTo, { recursive: true });
  }
  const db = localD1({ persistTo, config });
  const city = sql(CITY);
  const counted = () => db.read([`SELECT COUNT(*) AS hotels, SUM(city = ${city}) AS in_city FROM products WHERE org_id = 1 AND type = 'HLT' AND status = 'ACTIVE'`])[0][0];
  let grew = null;
  for (let had = counted(); Number(had.hotels) < hotels; had = counted()) {
    const add = Math.min(MAX_HOTELS_PER_RUN, hotels - Number(had.hotels));
    // The city's share of the whole org: its part of what is added makes up for the seed's spread.
    const share = Math.min(1, Math.max(0, (Math.round(hotels * SHARE) - Number(had.in_city ?? 0)) / (hotels - Number(had.hotels))));
    ctx.log(`catalogue scale: growing org 1 from ${had.hotels} by ${add} hotels (${(share * 100).toFixed(1)} % of them in ${CITY})`);
    const grown = await growCatalogue({ ...db, orgId: 1, hotels: add, city: CITY, share, log: ctx.log });
    grew ??= { hotels: 0, ranges: 0, writeMs: 0, totalMs: 0 };
    grew.hotels += grown.hotels;
    grew.ranges += grown.rateRanges;
    grew.writeMs += grown.writeMs;
    grew.totalMs += grown.totalMs;
  }
  return { persistTo, grew, ...counted() };
}

/** One request's time and what it found (200) or why not. */
async function timed(origin, path, init) {
  const started = performance.now();
  const res = await fetch(origin + path, init);
  const text = await res.text();
  const ms = performance.now() - started;
  let count = null;
  try {
    count = JSON.parse(text).count ?? null;
  } catch {}
  return { ms, status: res.status, count, text };
}

/** An autocannon run whose every request has its own path (until `amount` answers, or for `seconds`); p95 exact. */
function sample(origin, nextPath, { connections, seconds, amount }) {
  return new Promise((resolve, reject) => {
    const times = [];
    const started = performance.now();
    const instance = autocannon(
      { url: origin, connections, timeout: 120, ...(amount ? { amount } : { duration: seconds }), requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }] },
      (err, result) => {
        if (err) return reject(err);
        const sorted = [...times].sort((a, b) => a - b);
        const wall = (performance.now() - started) / 1000;
        resolve({ p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), rps: times.length / wall, wall, n: times.length, non2xx: result.non2xx, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function signIn(origin) {
  const res = await fetch(`${origin}/api/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.80.0.1' },
    body: JSON.stringify({
      jsonSign: {
        usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: 1,
        promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'bench',
    }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed (${res.status})`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const FLAGS = ['Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat', 'Sun'];
const isoWeekdays = (mask) => [1, 2, 3, 4, 5, 6, 7].filter((d) => (mask >> (d - 1)) & 1);

/**
 * A grown hotel's year as its channel manager sends it, a little dearer than grow-catalogue wrote it: every room type ×
 * rate plan × season × weekday group, its price and minimum stay (the grown hotels' own shape, ~64 ranges).
 */
function yearOf(hotel, today) {
  const out = [];
  for (const r of seasonRanges(today).filter((x) => x.south === (hotel.latitude < 0 ? 1 : 0))) {
    for (const room of ROOMS) {
      for (const plan of PLANS) {
        const usdMinor = Math.round((hotel.price_usd_minor * room.factor * plan.factor * r.pct) / 1e8 + 5) * 100;
        out.push({ room: room.code, plan: plan.code, from: r.start, to: r.end, mask: r.mask, usdMinor, minStay: r.minStay });
      }
    }
  }
  return out;
}

const rateRQ = (hotel, year, token) => `<?xml version="1.0" encoding="UTF-8"?>
<OTA_HotelRateAmountNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="${token}" Version="1.0">
  <RateAmountMessages HotelCode="${hotel.code}">${year
    .map(
      (y) => `
    <RateAmountMessage>
      <StatusApplicationControl Start="${y.from}" End="${y.to}" InvTypeCode="${y.room}" RatePlanCode="${y.plan}" ${FLAGS.map((f, i) => `${f}="${(y.mask >> i) & 1 ? 'true' : 'false'}"`).join(' ')}/>
      <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="${(y.usdMinor / 100).toFixed(2)}" CurrencyCode="USD"/></BaseByGuestAmts></Rate></Rates>
    </RateAmountMessage>`,
    )
    .join('')}
  </RateAmountMessages>
</OTA_HotelRateAmountNotifRQ>`;

const availRQ = (hotel, year, token) => `<?xml version="1.0" encoding="UTF-8"?>
<OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="${token}" Version="1.0">
  <AvailStatusMessages HotelCode="${hotel.code}">${year
    .filter((y) => y.plan === PLANS[0].code)
    .map(
      (y) => `
    <AvailStatusMessage BookingLimit="${y.room === 'DBL' ? 20 : 6}">
      <StatusApplicationControl Start="${y.from}" End="${y.to}" InvTypeCode="${y.room}" ${FLAGS.map((f, i) => `${f}="${(y.mask >> i) & 1 ? 'true' : 'false'}"`).join(' ')}/>
      <LengthsOfStay><LengthOfStay MinMaxMessageType="SetMinLOS" Time="${y.minStay}" TimeUnit="Day"/></LengthsOfStay>
    </AvailStatusMessage>`,
    )
    .join('')}
  </AvailStatusMessages>
</OTA_HotelAvailNotifRQ>`;

/** A grown hotel's year pushed PUSHES times by its channel manager and by the console: each push's time, and its range rows. */
async function pushes(ctx, origin, file, rows) {
  const reader = new DatabaseSync(file, { readOnly: true });
  const ranges = (id) => reader.prepare('SELECT (SELECT COUNT(*) FROM rate_ranges WHERE product_id = ?) + (SELECT COUNT(*) FROM room_ranges WHERE product_id = ?) AS n').get(id, id).n;
  const [hotel, other] = reader
    .prepare(`SELECT id, code, latitude, price_usd_minor FROM products WHERE org_id = 1 AND city = ? AND code GLOB 'G[0-9]*' ORDER BY id LIMIT 2`)
    .all(CITY);
  const cookie = await signIn(origin);
  const admin = (path, body) => fetch(origin + path, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  const made = await admin('/api/admin/channel-credentials', {});
  if (made.status !== 201) throw new Error(`channel credentials: ${made.status} ${await made.text()}`);
  const { username, password } = (await made.json()).data;
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const today = utcToday();
  const year = yearOf(hotel, today);
  const before = ranges(hotel.id);
  const afterEach = [];
  const times = { rates: [], avail: [], console: [] };
  for (let i = 0; i < PUSHES; i++) {
    for (const [kind, xml] of [['rates', rateRQ(hotel, year, `bench-rates-${i}`)], ['avail', availRQ(hotel, year, `bench-avail-${i}`)]]) {
      const r = await timed(origin, '/api/channel/ota', { method: 'POST', headers: { authorization: basic, 'content-type': 'application/xml' }, body: xml });
      if (r.status !== 200) throw new Error(`OTA ${kind} push: ${r.status} ${r.text.slice(0, 300)}`);
      times[kind].push(r.ms);
    }
    afterEach.push(ranges(hotel.id));
  }
  const afterChannel = ranges(hotel.id);
  // The same year through the console, for another hotel: its room and plan ids, then one change of every range.
  const ids = Object.fromEntries(
    reader
      .prepare(`SELECT 'room ' || code AS k, id FROM room_types WHERE product_id = ? UNION ALL SELECT 'plan ' || code, id FROM rate_plans WHERE product_id = ?`)
      .all(other.id, other.id)
      .map((r) => [r.k, r.id]),
  );
  const updates = yearOf(other, today).map((y) => ({
    room_id: ids[`room ${y.room}`], rate_plan_id: ids[`plan ${y.plan}`], from: y.from, to: y.to, weekdays: isoWeekdays(y.mask), price_usd_minor: y.usdMinor, min_stay: y.minStay,
  }));
  const consoleBefore = ranges(other.id);
  for (let i = 0; i < PUSHES; i++) {
    const started = performance.now();
    const r = await admin(`/api/admin/products/${other.id}/ari`, { updates });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`console ARI: ${r.status} ${text.slice(0, 300)}`);
    times.console.push(performance.now() - started);
  }
  const consoleAfter = ranges(other.id);
  reader.close();
  const spread = (xs) => `first ${round1(xs[0])} ms, then ${xs.slice(1).map(round1).join(', ')} ms`;
  rows.push({
    metric: `a hotel's year pushed by its channel manager (${year.length} rate ranges)`,
    value: round1(Math.max(...times.rates)),
    unit: 'ms max',
    note: `OTA_HotelRateAmountNotifRQ ×${PUSHES}: ${spread(times.rates)}; target < 1,000 ms`,
  });
  rows.push({ metric: `its availability and minimum stays (${year.length / PLANS.length} ranges)`, value: round1(Math.max(...times.avail)), unit: 'ms max', note: `OTA_HotelAvailNotifRQ ×${PUSHES}: ${spread(times.avail)}` });
  rows.push({ metric: `the same year through the console (${updates.length} updates)`, value: round1(Math.max(...times.console)), unit: 'ms max', note: `POST /api/admin/products/{id}/ari ×${PUSHES}: ${spread(times.console)}` });
  rows.push({
    metric: 'range rows of a hotel after pushing its year again',
    value: afterChannel,
    unit: 'rows',
    note: `channel: ${before} before, then ${afterEach.join(', ')} after each push (prices and restrictions in separate messages: a row each, and the rooms' units); console: ${consoleBefore} before, ${consoleAfter} after ${PUSHES} pushes (compaction: a push replaces what it hides)`,
  });
  ctx.log(`pushes: channel ${times.rates.map(round1)} / ${times.avail.map(round1)} ms, console ${times.console.map(round1)} ms; rows ${before} → ${afterEach.join(', ')}, ${consoleBefore} → ${consoleAfter}`);
}

export async function run(ctx) {
  const rows = [];
  const config = join(buildDir(), 'server', 'wrangler.json');
  const sizes = [];
  for (const hotels of SIZES) {
    const grown = await grownDatabase(ctx, hotels, config);
    const { file, bytes } = dbBytes(grown.persistTo);
    sizes.push({ hotels, ...grown, file, bytes });
    if (grown.grew) {
      rows.push({
        metric: `grow-catalogue to ${hotels.toLocaleString('en')} hotels`,
        value: Math.round(grown.grew.writeMs / 100) / 10,
        unit: 's',
        note: `${grown.grew.hotels.toLocaleString('en')} hotels added, ${grown.grew.ranges.toLocaleString('en')} rate ranges; ${(grown.grew.totalMs / 1000).toFixed(1)} s with its reads (each wrangler run starts a local workerd)`,
      });
    }
    rows.push({
      metric: `database of ${hotels.toLocaleString('en')} hotels`,
      value: Math.round(bytes / 1048576),
      unit: 'MiB',
      note: `${Number(grown.hotels).toLocaleString('en')} active hotels in org 1, ${grown.in_city} in ${CITY}; target < 2,048 MiB at 100,000`,
    });
  }

  // The city's centre, for the search by coordinates (the contract's default radius around it).
  const centre = new DatabaseSync(sizes[0].file, { readOnly: true }).prepare('SELECT AVG(latitude) AS lat, AVG(longitude) AS lon FROM products WHERE org_id = 1 AND city = ?').get(CITY);
  const city = encodeURIComponent(CITY);
  const searchOf = (where, occupancy) => (s) => `/api/products/search?type=HLT&${where}&check_in=${s.check_in}&check_out=${s.check_out}&occupancy=${encodeURIComponent(occupancy)}&currency=USD`;
  const kinds = [
    { name: `search ${CITY}, occupancy 2`, path: searchOf(`city=${city}`, '2') },
    { name: `search ${CITY}, occupancy 2-5,9`, path: searchOf(`city=${city}`, '2-5,9') },
    { name: `search by ${CITY}'s coordinates, occupancy 2`, path: searchOf(`latitude=${centre.lat.toFixed(4)}&longitude=${centre.lon.toFixed(4)}`, '2') },
  ];

  const base = Number(process.env.BENCH_CATALOGUE_PORT ?? Number(process.env.BENCH_PORT ?? 8789) + 2);
  const ports = process.env.BENCH_CATALOGUE_PORTS ? process.env.BENCH_CATALOGUE_PORTS.split(',').map(Number) : sizes.map((_, i) => base + i);
  const servers = [];
  try {
    for (const [i, s] of sizes.entries()) servers.push(await startServer({ port: ports[i], persistTo: s.persistTo, stdio: 'ignore' }));
    // Each Worker's first search: the isolate reads its candidates' ranges and keeps them (functions/cache/ari.ts).
    for (const [i, s] of sizes.entries()) {
      for (let k = 0; k < 5; k++) await fetch(`${servers[i].origin}/api/health`);
      const first = await timed(servers[i].origin, kinds[0].path({ check_in: day(300), check_out: day(302) }));
      // A server already on that port would answer instead (and its health check pass): its hotels tell.
      if (first.status === 200 && first.count !== Number(s.in_city)) throw new Error(`the Worker on port ${ports[i]} found ${first.count} hotels in ${CITY}, not the ${s.in_city} of its database: is another server on that port?`);
      const family = await timed(servers[i].origin, kinds[1].path({ check_in: day(301), check_out: day(303) }));
      const point = await timed(servers[i].origin, kinds[2].path({ check_in: day(302), check_out: day(304) }));
      rows.push({
        metric: `first search of ${s.hotels.toLocaleString('en')} hotels after start`,
        value: round1(first.ms),
        unit: 'ms',
        note: `HTTP ${first.status}, ${first.count} hotels found; then occupancy 2-5,9 ${round1(family.ms)} ms, by coordinates ${round1(point.ms)} ms (the isolate reads its candidates' ranges once, then keeps them under each hotel's ARI version)`,
      });
    }
    // Side by side: one request to each size in turn, each on a date pair that size was never asked.
    for (const [k, kind] of kinds.entries()) {
      const stays = sizes.map(() => freshStays(3 + k));
      const times = sizes.map(() => []);
      const found = sizes.map(() => null);
      const failed = sizes.map(() => 0);
      for (let r = 0; r < REQUESTS; r++) {
        for (const [i] of sizes.entries()) {
          const t = await timed(servers[i].origin, kind.path(stays[i]()));
          times[i].push(t.ms);
          if (t.status === 200) found[i] = t.count;
          else failed[i]++;
        }
      }
      const stats = times.map((t) => {
        const sorted = [...t].sort((a, b) => a - b);
        return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)) };
      });
      for (const [i, s] of sizes.entries()) {
        const ratio = i === 0 ? '' : `; ×${(stats[i].p95 / stats[0].p95).toFixed(2)} the p95 at ${sizes[0].hotels.toLocaleString('en')} hotels (target ≤ ×2)`;
        rows.push({
          metric: `${kind.name}, ${s.hotels.toLocaleString('en')} hotels`,
          value: stats[i].p95,
          unit: 'ms p95',
          note: `p50 ${stats[i].p50} ms, ${REQUESTS} requests on new dates, ${found[i]} hotels found${failed[i] ? `, ${failed[i]} failed` : ''}${ratio}`,
        });
      }
    }

    const largest = servers.at(-1);
    const big = sizes.at(-1);
    // GET /api/products/{id}/rates of the largest size's hotels in the city.
    const reader = new DatabaseSync(big.file, { readOnly: true });
    const ids = reader.prepare(`SELECT id FROM products WHERE org_id = 1 AND type = 'HLT' AND city = ? AND code GLOB 'G[0-9]*' ORDER BY id LIMIT 200`).all(CITY).map((r) => r.id);
    reader.close();
    let nextId = 0;
    const rateStays = freshStays(3);
    const rateTimes = [];
    for (let r = 0; r < REQUESTS; r++) {
      const s = rateStays();
      rateTimes.push((await timed(largest.origin, `/api/products/${ids[nextId++ % ids.length]}/rates?check_in=${s.check_in}&check_out=${s.check_out}&occupancy=2&currency=USD`)).ms);
    }
    rateTimes.sort((a, b) => a - b);
    rows.push({ metric: `GET /api/products/{id}/rates, ${big.hotels.toLocaleString('en')} hotels`, value: round1(percentile(rateTimes, 95)), unit: 'ms p95', note: `p50 ${round1(percentile(rateTimes, 50))} ms, ${REQUESTS} requests on new dates` });

    // At saturation, beside health.
    const healthSat = await sample(largest.origin, () => '/api/health', { connections: CONNECTIONS, seconds: SECONDS });
    const satStays = freshStays(40);
    const sat = await sample(largest.origin, () => kinds[0].path(satStays()), { connections: CONNECTIONS, amount: SATURATED });
    rows.push({ metric: 'GET /api/health saturated', value: Math.round(healthSat.rps), unit: 'req/s', note: `${CONNECTIONS} connections, ${SECONDS} s, p50 ${healthSat.p50} ms, p95 ${healthSat.p95} ms` });
    rows.push({
      metric: `${kinds[0].name}, ${big.hotels.toLocaleString('en')} hotels, saturated`,
      value: Math.round(sat.rps * 10) / 10,
      unit: 'req/s',
      note: `×${(sat.rps / healthSat.rps).toFixed(3)} of health; p50 ${sat.p50} ms, p95 ${sat.p95} ms (${CONNECTIONS} connections, ${sat.n} answers in ${sat.wall.toFixed(1)} s)${sat.non2xx || sat.errors ? `; ${sat.non2xx} non-2xx, ${sat.errors} errors` : ''}`,
    });

    // A year of ARI pushed for one hotel, at the largest size.
    await pushes(ctx, largest.origin, big.file, rows);
  } finally {
    for (const s of servers) s.stop();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return rows;
}
