// Starts the built Worker (scripts/lib/worker-host.mjs) on a fresh copy of the run's migrated and seeded local D1 for the
// integration tests, one per lane (vitest.config.ts: the second lane's server listens 100 ports above INTEGRATION_PORT);
// INTEGRATION_LOG=<file> keeps the Worker's own log there (to read the cause of an unexpected answer). The servers wait
// longer for the bed bank than production does (SUPPLIER_SEARCH_BUDGET_MS): the simulator runs in the same Worker, and
// on a machine also running the fuzz gate and the browsers, its answer for a city's sixty hotels could outlast 1.5 s and
// make a search that is not about a late supplier partial. The tests of a late supplier read the budget they run under.
import type { TestProject } from 'vitest/node';
import type { StdioOptions } from 'node:child_process';
import { openSync } from 'node:fs';
import { preparedCopy, startServer } from '../../scripts/lib/server.mjs';

/** How long the test servers' searches wait for the bed bank. */
const SUPPLIER_BUDGET_MS = 4_000;

export default async function setup(project: TestProject) {
  const persistTo = await preparedCopy(project.name);
  const port = Number(process.env.INTEGRATION_PORT ?? 8791) + (project.name === 'integration-2' ? 100 : 0);
  const log = process.env.INTEGRATION_LOG;
  const stdio: StdioOptions = log ? ['ignore', openSync(log, 'a'), openSync(log, 'a')] : 'ignore';
  const server = await startServer({ port, persistTo, stdio, vars: { SUPPLIER_SEARCH_BUDGET_MS: String(SUPPLIER_BUDGET_MS) } });
  project.provide('baseUrl', server.origin);
  project.provide('persistTo', persistTo);
  project.provide('supplierBudgetMs', SUPPLIER_BUDGET_MS);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    persistTo: string;
    supplierBudgetMs: number;
  }
}
