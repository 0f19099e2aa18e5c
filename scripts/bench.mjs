// `npm run bench`: builds to .builds/bench, serves the Worker on a fresh local D1, runs every bench/scenarios/*.mjs,
// prints one table and writes bench/results/latest.json. BENCH_PORT picks the port (default 8789); BENCH_ONLY=name,…
// runs only the scenarios whose file name contains one of the names; BENCH_SKIP_BUILD=1 reuses the last build.
// The bed bank's simulator gets a Worker of its own on BENCH_SIM_PORT (default BENCH_PORT + 1); BENCH_SIM=inside keeps it in the served one.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
// server.mjs reads BUILD_DIR when it loads: set it first so the bench never touches dist/ or another build.
process.env.BUILD_DIR = process.env.BENCH_BUILD_DIR ?? '.builds/bench';
const server = await import('./lib/server.mjs');

const port = Number(process.env.BENCH_PORT ?? 8789);
const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const scenarioDir = join(ROOT, 'bench', 'scenarios');
const scenarioFiles = readdirSync(scenarioDir)
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const log = (...args) => console.error('[bench]', ...args);

// Lighthouse (20-lighthouse) audits in Debian's Chromium: found, or installed with apt, by the helper `npm test` runs.
if (scenarioFiles.some((f) => f.includes('lighthouse'))) {
  const ensured = spawnSync(process.execPath, [join(ROOT, 'scripts', 'ensure-chromium.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (ensured.status !== 0) throw new Error(`Chromium could not be found or installed (${ensured.status})`);
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  log(`building into ${process.env.BUILD_DIR}`);
  // The build runs in a child whose output goes to stderr, so stdout carries only the table.
  const built = spawnSync(process.execPath, ['-e', "import('./scripts/lib/server.mjs').then((m) => m.build())"], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error(`the build failed (${built.status})`);
}
const persistTo = server.freshPersistDir('bench');
log('preparing a fresh local D1');
await server.prepareDatabase({ persistTo, quiet: true, fresh: true });
// The bed bank's simulator is served by a Worker of its own (the same build, its own runtime), as the supplier is
// elsewhere in production: its work to answer (every rate of a city's hotels) is then not on the searching Worker's
// thread. BENCH_SIM=inside keeps it in the searching Worker (the development setup); BENCH_SIM_PORT picks its port.
const simInside = process.env.BENCH_SIM === 'inside';
const simPort = Number(process.env.BENCH_SIM_PORT ?? port + 1);
let sim = null;
if (!simInside) {
  log(`serving the supplier simulator on 127.0.0.1:${simPort}`);
  // A copy of the run's database: the host waits for /api/health, which reads it (the simulator itself reads none).
  const simPersist = server.freshPersistDir('bench-sim');
  cpSync(persistTo, simPersist, { recursive: true });
  sim = await server.startServer({ port: simPort, persistTo: simPersist, stdio: 'ignore' });
}
log(`serving on 127.0.0.1:${port}`);
const running = await server.startServer({ port, persistTo, stdio: 'ignore', vars: sim ? { HOTELBEDS_API_URL: `${sim.origin}/_sim/hotelbeds` } : {} }).catch((err) => {
  sim?.stop();
  throw err;
});

const rows = [];
const failures = [];
const ctx = { origin: running.origin, simOrigin: sim?.origin ?? running.origin, root: ROOT, buildDir: server.buildDir(), clientDir: join(server.buildDir(), 'client'), persistTo, log };
try {
  for (const file of scenarioFiles) {
    const name = file.replace(/\.mjs$/, '');
    log(`scenario ${name}`);
    const started = Date.now();
    try {
      const mod = await import(pathToFileURL(join(scenarioDir, file)).href);
      for (const row of await mod.run(ctx)) rows.push({ scenario: name, ...row });
    } catch (err) {
      failures.push({ scenario: name, error: String(err?.stack ?? err) });
      log(`scenario ${name} failed: ${err}`);
    }
    log(`scenario ${name} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  running.stop();
  sim?.stop();
}

printTable(rows);
const results = { at: new Date().toISOString(), node: process.version, origin: running.origin, rows, failures };
const outDir = join(ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
// BENCH_RESULTS=<name>.json writes elsewhere in bench/results, so runs of a subset beside another's keep latest.json.
const outName = process.env.BENCH_RESULTS ?? 'latest.json';
writeFileSync(join(outDir, outName), JSON.stringify(results, null, 2) + '\n');
log(`wrote bench/results/${outName} (${rows.length} rows${failures.length ? `, ${failures.length} scenario(s) failed` : ''})`);
process.exit(failures.length ? 1 : 0);

function printTable(list) {
  const header = ['scenario', 'metric', 'value', 'unit', 'note'];
  const cells = list.map((r) => [r.scenario, r.metric, formatValue(r.value), r.unit ?? '', r.note ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (c) => c.map((v, i) => (i === 2 ? String(v).padStart(widths[i]) : String(v).padEnd(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

function formatValue(v) {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'number') return String(v);
  return Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) < 10 ? 2 : 1);
}
