// Starts the built Worker under wrangler dev on a fresh local D1 (migrations + development seed) for the integration tests;
// INTEGRATION_LOG=<file> keeps the Worker's own log there (to read the cause of an unexpected answer).
import type { TestProject } from 'vitest/node';
import { openSync } from 'node:fs';
import { freshPersistDir, prepareDatabase, startServer } from '../../scripts/lib/server.mjs';

export default async function setup(project: TestProject) {
  const persistTo = freshPersistDir('integration');
  await prepareDatabase({ persistTo, quiet: true });
  const port = Number(process.env.INTEGRATION_PORT ?? 8791);
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
