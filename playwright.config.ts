// End-to-end tests in Debian's Chromium (its headless shell) against the built Worker (scripts/serve-e2e.mjs).
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's headless shell: the same Blink, a third less CPU per test than the full browser (decision 0043). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const port = Number(process.env.E2E_PORT ?? 8792);
export const E2E_ORIGIN = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  // One retry everywhere (CI may not set CI=1): a test that needs it is still reported as flaky.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        // Made-up custom domains (e2e/admin-launch.spec.ts) and org subdomains reach the local server.
        '--host-resolver-rules=MAP *.example 127.0.0.1, MAP *.localhost 127.0.0.1'],
    },
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
