// End-to-end tests in Debian's Chromium (its headless shell) against the built Worker (scripts/serve-e2e.mjs).
import { defineConfig } from '@playwright/test';
import { BROWSER_ENDPOINT, BROWSER_LAUNCH } from './e2e/browser';

const port = Number(process.env.E2E_PORT ?? 8792);
export const E2E_ORIGIN = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Three browsers on two cores: beside the integration lanes the machine is full either way, and once they end (the
  // last five minutes) two workers left a third of it idle while they waited on pages and the server.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry everywhere (CI may not set CI=1): a test that needs it is still reported as flaky.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'on-first-retry',
    // Every worker's contexts open in the run's one browser (e2e/global-setup.ts); a worker started without it (a
    // test run by an editor's plugin) launches its own.
    connectOptions: process.env[BROWSER_ENDPOINT] ? { wsEndpoint: process.env[BROWSER_ENDPOINT]! } : undefined,
    launchOptions: BROWSER_LAUNCH,
  },
  webServer: {
    command: 'node scripts/serve-e2e.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Preparing a fresh D1 (migrations and the seed) takes seconds on a quiet machine and well over a minute on a loaded one.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
