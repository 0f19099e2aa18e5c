// Launches the run's one browser (e2e/browser.ts) and closes it when the run ends.
import { chromium } from '@playwright/test';
import { BROWSER_ENDPOINT, BROWSER_LAUNCH } from './browser';

export default async function globalSetup() {
  const server = await chromium.launchServer({ ...BROWSER_LAUNCH, headless: true });
  process.env[BROWSER_ENDPOINT] = server.wsEndpoint();
  return async () => {
    await server.close();
  };
}
