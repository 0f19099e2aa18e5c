// Steps of the console specs: launch an org with the admin command, take its invitation, check a page with axe.
import { spawnSync } from 'node:child_process';
import { axeOn } from './axe';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { dialog, linkFromOutbox, openPage, signIn } from './auth-helpers';

const ROOT = join(import.meta.dirname, '..');
export const PORT = Number(process.env.E2E_PORT ?? 8792);

/** npm run admin -- create-org against the e2e server's database. */
export function createOrg(slug: string, email: string, name = 'Blue Sky Travel') {
  const { persistTo } = JSON.parse(readFileSync(join(ROOT, '.wrangler', `e2e-${PORT}.json`), 'utf8')) as { persistTo: string };
  const r = spawnSync(process.execPath, ['scripts/admin.mjs', 'create-org', '--name', name, '--slug', slug, '--admin-email', email, '--persist-to', persistTo], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PORT: String(PORT), CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
}

export async function expectNoSeriousAxeViolation(page: import('@playwright/test').Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Follows the invitation mail on the org's address (`site`), chooses a password and signs in there. */
export async function signInAsNewAdmin(page: Page, site: string, email: string, password: string) {
  const link = await linkFromOutbox(page.request, email, '/change-password');
  await openPage(page, `${site}${link}`);
  const form = page.getByTestId('reset-password-form');
  await form.getByLabel('New password').fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('change-password-done')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, password);
  await expect(dialog(page, 'Sign in')).toBeHidden();
  // Signing in from this page goes on to the home page: let it land before the spec opens the next one.
  await page.waitForURL((u) => u.pathname === '/');
}
