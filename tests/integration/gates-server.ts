// A Worker of the gates' own (wrangler dev on a free loopback port, a fresh copy of the migrated and seeded D1), so
// the fuzz, security and fault gates can write, lock accounts and break providers without touching other suites' data.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';
// @ts-ignore plain ESM helper shared with npm start (typed below, whether or not the compiler reads JavaScript)
import * as serverLib from '../../scripts/lib/server.mjs';

const { preparedCopy, startServer } = serverLib as unknown as {
  preparedCopy(name: string): Promise<string>;
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

export async function startGateServer(name: string, opts: { vars?: Record<string, string>; logs?: boolean } = {}): Promise<GateServer> {
  const persistTo = await preparedCopy(`gate-${name}`);
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
