// Screenshots for people to look at (docs/screens): taken only when SCREENS_DIR names where to keep them, so a test run
// spends no time on pictures nobody asserts on and leaves the checkout as it was. `SCREENS_DIR=docs/screens npx
// playwright test <spec>` refreshes the committed ones.
import type { Locator, Page } from '@playwright/test';
import { join } from 'node:path';

export const SCREENS_DIR = process.env.SCREENS_DIR;

/** Keeps a screenshot of `target` as `<SCREENS_DIR>/<name>.png` when SCREENS_DIR is set; otherwise does nothing. */
export async function keepScreen(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENS_DIR) return;
  await target.screenshot({ path: join(SCREENS_DIR, `${name}.png`), ...options });
}
