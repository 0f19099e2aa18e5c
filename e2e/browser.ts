// The one Chromium of an end-to-end run (decision 0077): launched once by e2e/global-setup.ts, every worker connects to
// it and opens its own contexts there, so a run has one browser whatever its number of workers.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's headless shell: the same Blink, a third less CPU per test than the full browser (decision 0043). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const BROWSER_LAUNCH: LaunchOptions = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    // Made-up custom domains (e2e/admin-launch.spec.ts) and org subdomains reach the local server.
    '--host-resolver-rules=MAP *.example 127.0.0.1, MAP *.localhost 127.0.0.1'],
};

/** Where the run's browser listens; set by the global setup before the workers start (they inherit it). */
export const BROWSER_ENDPOINT = 'E2E_BROWSER_WS';
