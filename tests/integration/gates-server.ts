// A Worker of the gates' own (wrangler dev on a free loopback port, a fresh copy of the migrated and seeded D1), so
// the fuzz, security and fault gates can write, lock accounts and break providers without touching other suites' data.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
// @ts-ignore plain ESM helper shared with npm start (typed below, whether or not the compiler reads JavaScript)
import * as serverLib from '../../scripts/lib/server.mjs';

const { buildDir, prepareDatabase, ROOT, startServer } = serverLib as unknown as {
  buildDir(): string;
  prepareDatabase(o: { persistTo: string; quiet?: boolean }): Promise<void>;
  ROOT: string;
  startServer(o: { port: number; persistTo: string; stdio?: 'pipe' | 'ignore' | 'inherit'; vars?: Record<string, string> }): Promise<{ origin: string; child: ChildProcess; stop(): void }>;
};

export interface GateServer {
  origin: string;
  port: number;
  persistTo: string;
  /** The Worker's console output so far (wrangler dev's stdout and stderr), when started with `logs: true`. */
  logs(): string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Migrations, seed and secrets decide the prepared database: the same inputs reuse one template. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = (dir: string) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  for (const f of [...files('migrations'), ...files('seed'), join(ROOT, '.dev.vars')]) if (existsSync(f)) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated and seeded template, prepared once per inputs (templateKey). Several vitest processes may start gates at
 * once (npm test runs three side by side): the first to create the lock directory prepares the template in a
 * directory of its own and renames it into place; the others wait for it rather than prepare it again beside it.
 */
async function preparedTemplate(): Promise<string> {
  const template = join(buildDir(), 'gates-db', templateKey());
  const lock = `${template}.lock`;
  mkdirSync(dirname(template), { recursive: true });
  for (;;) {
    if (existsSync(join(template, 'v3'))) return template;
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
      if (!existsSync(join(template, 'v3'))) {
        const mine = `${template}.${process.pid}`;
        rmSync(mine, { recursive: true, force: true });
        await prepareDatabase({ persistTo: mine, quiet: true });
        rmSync(template, { recursive: true, force: true });
        renameSync(mine, template);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

async function preparedCopy(name: string): Promise<string> {
  const template = await preparedTemplate();
  const dir = mkdtempSync(join(tmpdir(), `travel-club-gate-${name}-`));
  cpSync(template, dir, { recursive: true });
  return dir;
}

export async function startGateServer(name: string, opts: { vars?: Record<string, string>; logs?: boolean } = {}): Promise<GateServer> {
  const persistTo = await preparedCopy(name);
  const port = await freePort();
  const server = await startServer({ port, persistTo, stdio: opts.logs ? 'pipe' : 'ignore', vars: opts.vars ?? {} });
  let output = '';
  if (opts.logs) {
    server.child.stdout?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    server.child.stderr?.on('data', (d: Buffer) => (output += d.toString('utf8')));
  }
  return {
    origin: server.origin,
    port,
    persistTo,
    logs: () => output,
    stop() {
      server.stop();
      // wrangler may still hold the files for a moment; the copy is in the temp dir either way.
      setTimeout(() => rmSync(persistTo, { recursive: true, force: true }), 2000).unref();
    },
  };
}
