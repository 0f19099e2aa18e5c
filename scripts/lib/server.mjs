// Shared by npm start, the test setups and the bench: build, prepare local D1 (migrations + development seed), serve.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSeedSql } from '../../seed/index.mjs';
import { seedPhotosToR2, seedPhotoVariants } from '../../seed/photos.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const QUIET_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  NO_COLOR: '1',
};

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env: QUIET_ENV, stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  }
  return r.stdout;
}

/** `run`, without blocking this process: the seed photographs are encoded meanwhile (prepareDatabase). */
function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: QUIET_ENV, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(out);
      if (opts.quiet) process.stderr.write(out);
      reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** Creates .dev.vars from the example, or adds to an existing one the secrets the example gained since (values kept). */
export function ensureDevVars() {
  const target = join(ROOT, '.dev.vars');
  const example = join(ROOT, '.dev.vars.example');
  if (!existsSync(target)) return copyFileSync(example, target);
  const names = (text) => new Set(text.split('\n').map((l) => /^([A-Z0-9_]+)=/.exec(l.trim())?.[1]).filter(Boolean));
  const have = names(readFileSync(target, 'utf8'));
  const missing = readFileSync(example, 'utf8').split('\n').filter((l) => { const n = /^([A-Z0-9_]+)=/.exec(l.trim())?.[1]; return n && !have.has(n); });
  if (missing.length) appendFileSync(target, `${readFileSync(target, 'utf8').endsWith('\n') ? '' : '\n'}${missing.join('\n')}\n`);
}

export function readDevVars() {
  ensureDevVars();
  const vars = {};
  for (const line of (spawnSync('cat', [join(ROOT, '.dev.vars')], { encoding: 'utf8' }).stdout ?? '').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

/** Where `astro build` writes (BUILD_DIR, default dist/); wrangler reads the Worker config it generates there. */
export const buildDir = () => resolve(ROOT, process.env.BUILD_DIR ?? 'dist');
const builtConfig = () => ['--config', join(buildDir(), 'server', 'wrangler.json')];

export function build() {
  ensureDevVars();
  // The countries' flag files (countryFlag) are served from /flags/; they come from the flag-icons package.
  cpSync(join(ROOT, 'node_modules', 'flag-icons', 'flags', '4x3'), join(ROOT, 'public', 'flags'), { recursive: true, force: false });
  run('npx', ['astro', 'build']);
}

/**
 * `npm run build` (what `npm test` builds): the build, then the run's migrated and seeded database template (preparedTemplate),
 * with the seed photographs' widths and formats made meanwhile (once per checkout; every local database copies them), so
 * the test lanes that start together find it ready.
 */
export async function buildAll() {
  build();
  await preparedTemplate();
}

/** Applies the migrations and the development seed to local D1 under `persistTo` (wrangler's default state when omitted). */
export const DEFAULT_STATE = join(ROOT, '.wrangler', 'state');

/** The migrations as wrangler names and orders them (its `migrations_dir`, `*.sql`). */
const migrationNames = () => readdirSync(join(ROOT, 'migrations')).filter((f) => f.endsWith('.sql')).sort();

/**
 * Every migration as `wrangler d1 migrations apply` runs them, in one statement list: its table of applied migrations,
 * then each migration followed by the row that records it (wrangler's own text for both). Wrangler starts a local runtime
 * per migration (a quarter of a second each); a fresh database takes them all in one `d1 execute`, and a later `migrations
 * apply` finds nothing to apply.
 */
function allMigrationsSql() {
  const parts = ['CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);'];
  for (const name of migrationNames()) {
    parts.push(`${readFileSync(join(ROOT, 'migrations', name), 'utf8')}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`);
  }
  return parts.join('\n');
}

/** Writes `sql` where wrangler can read it, and runs it against local D1 under `persistTo`. */
async function executeSql(persistTo, name, sql, quiet) {
  const dir = join(ROOT, '.wrangler', 'tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${process.pid}-${Date.now()}.sql`);
  writeFileSync(file, sql);
  try {
    await runAsync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, ...builtConfig(), '--file', file, '--yes'], { quiet });
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Applies the migrations and the development seed to local D1 under `persistTo`. A database that may already hold
 * some (the development one, `npm start` again) gets wrangler's `migrations apply`; a fresh one (`fresh`: the test
 * template, the bench) gets them all in one execution. The seed photographs' widths and formats are encoded meanwhile.
 */
export async function prepareDatabase({ persistTo = DEFAULT_STATE, quiet = false, fresh = false } = {}) {
  const photos = seedPhotoVariants(ROOT);
  // Never left unhandled while the database is prepared: its failure is the preparation's, awaited below.
  photos.catch(() => undefined);
  if (fresh) await executeSql(persistTo, 'migrations', allMigrationsSql(), quiet);
  else await runAsync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, ...builtConfig()], { quiet });
  await executeSql(persistTo, 'seed', await buildSeedSql({ devVars: readDevVars() }), quiet);
  // The seeded galleries' bytes, in local R2 beside the D1 rows that name them.
  await seedPhotosToR2({ root: ROOT, persistTo, configPath: builtConfig()[1], objects: await photos });
}

/**
 * Starts the built Worker under Miniflare (scripts/lib/worker-host.mjs, decision 0037); resolves once it answers.
 * A server whose output nobody reads (`stdio: 'ignore'`, or `logLevel: 'warn'`) does not format a line per request:
 * under the test suites' load that is a measurable share of the host's own work.
 * @param {{ port: number, persistTo?: string, stdio?: import('node:child_process').StdioOptions, vars?: Record<string, string>, detached?: boolean, logLevel?: 'warn' | 'info' }} options
 */
export async function startServer({ port, persistTo = DEFAULT_STATE, stdio = 'inherit', vars = {}, detached = true, logLevel = stdio === 'ignore' ? 'warn' : 'info' }) {
  const origin = `http://127.0.0.1:${port}`;
  const args = [join(ROOT, 'scripts', 'lib', 'worker-host.mjs'), '--server-dir', join(buildDir(), 'server'), '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo, '--log', logLevel, '--var', `SELF_ORIGIN:${origin}`];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  // Detached (own process group) so stop() ends the host and workerd together; Playwright's web server runs it
  // attached instead, so that Playwright's own process-tree kill reaches it. `process.execPath`: the Node that npm
  // scripts run (22, from the devDependency), which Miniflare needs.
  const child = spawn(process.execPath, args, { cwd: ROOT, env: QUIET_ENV, stdio, detached });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Worker host exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the Worker host did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    child,
    stop() {
      try {
        if (detached) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    },
  };
}

/** Where the e2e server on `port` notes its local D1 directory. */
export const e2eStateFile = (port) => join(ROOT, '.wrangler', `e2e-${port}.json`);

export function freshPersistDir(name) {
  const dir = join(tmpdir(), `travel-club-${name}-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * What decides a prepared database: the migrations, the seed, the secrets, the built Worker config and the day (the
 * seed's dates count from today). The same inputs reuse one template.
 */
function templateKey() {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  const files = (dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  for (const f of [...files('migrations'), ...files('seed'), join(ROOT, '.dev.vars'), join(buildDir(), 'server', 'wrangler.json')]) {
    if (existsSync(f)) hash.update(f).update(readFileSync(f));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated and seeded template, prepared once per inputs (templateKey) for every server of a run: the two
 * integration lanes, the end-to-end server and the gates' own Workers each start from a copy instead of applying the
 * migrations and the seed again (each preparation is two wrangler processes and the seed's rows). Several processes
 * may ask at once (npm test runs its lanes side by side): the first to create the lock directory prepares the template
 * in a directory of its own and renames it into place; the others wait for it rather than prepare it again beside it.
 */
async function preparedTemplate() {
  const template = join(buildDir(), 'db-template', templateKey());
  const ready = join(template, 'v3');
  const lock = `${template}.lock`;
  mkdirSync(join(buildDir(), 'db-template'), { recursive: true });
  for (;;) {
    if (existsSync(ready)) return template;
    try {
      mkdirSync(lock);
    } catch {
      // A lock left by a process that died while preparing is given up after ten minutes.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 600_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (!existsSync(ready)) {
        const mine = `${template}.${process.pid}`;
        rmSync(mine, { recursive: true, force: true });
        await prepareDatabase({ persistTo: mine, quiet: true, fresh: true });
        rmSync(template, { recursive: true, force: true });
        renameSync(mine, template);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A fresh local D1 (and R2) under a new temporary directory, migrated and seeded: a copy of the run's template. */
export async function preparedCopy(name) {
  const template = await preparedTemplate();
  const dir = mkdtempSync(join(tmpdir(), `travel-club-${name}-`));
  cpSync(template, dir, { recursive: true });
  return dir;
}
