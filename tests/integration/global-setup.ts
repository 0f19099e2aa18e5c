// Starts the built Worker under wrangler dev on a fresh local D1 (migrations + development seed) for the integration tests.
import type { TestProject } from 'vitest/node';
import { freshPersistDir, prepareDatabase, startServer } from '../../scripts/lib/server.mjs';

export default async function setup(project: TestProject) {
  const persistTo = freshPersistDir('integration');
  await prepareDatabase({ persistTo, quiet: true });
  const port = Number(process.env.INTEGRATION_PORT ?? 8791);
  const server = await startServer({ port, persistTo, stdio: 'ignore' });
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
