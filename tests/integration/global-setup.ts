// Starts the built Worker (scripts/lib/worker-host.mjs) on a fresh copy of the run's migrated and seeded local D1 for the
// integration tests, one per lane (vitest.config.ts: the second lane's server listens 100 ports above INTEGRATION_PORT);
// INTEGRATION_LOG=<file> keeps the Worker's own log there (to read the cause of an unexpected answer).
import type { TestProject } from 'vitest/node';
import { openSync } from 'node:fs';
import { preparedCopy, startServer } from '../../scripts/lib/server.mjs';

export default async function setup(project: TestProject) {
  const persistTo = await preparedCopy(project.name);
  const port = Number(process.env.INTEGRATION_PORT ?? 8791) + (project.name === 'integration-2' ? 100 : 0);
  const server = await startServer({ port, persistTo, stdio: process.env.INTEGRATION_LOG ? ['ignore', openSync(process.env.INTEGRATION_LOG, 'a'), openSync(process.env.INTEGRATION_LOG, 'a')] : 'ignore' });
  project.provide('baseUrl', server.origin);
  project.provide('persistTo', persistTo);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    persistTo: string;
  }
}
