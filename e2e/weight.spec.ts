// Page weight: the shell's first load carries no dialog code and no zod; each dialog's code arrives when it opens.
import { expect, test, type Page } from '@playwright/test';
import { dialog, openPage, openSignInFromMenu } from './auth-helpers';

const ACCOUNT_DIALOGS = /\/_astro\/(SignInDialog|SignUpDialog|ForgotPasswordDialog)\.[\w-]+\.js$/;
const LOCALE_DIALOG = /\/_astro\/LocaleDialog\.[\w-]+\.js$/;

/** Every /_astro/*.js the page fetches, in order, with its body. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js')) scripts.push({ url: url.pathname, body: response.text().catch(() => '') });
  });
  return scripts;
}

/** Loads a page and waits for its islands to settle (the account menu has answered, the network is quiet). */
async function loadShell(page: Page, path: string) {
  await openPage(page, path);
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the home page requests no dialog code until the sign-in dialog is opened', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/');
  const firstLoad = scripts.map((s) => s.url);
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad.filter((url) => ACCOUNT_DIALOGS.test(url))).toEqual([]);

  await openSignInFromMenu(page);
  await expect(dialog(page, 'Sign in').getByLabel('Email address')).toBeVisible();
  const opened = scripts.slice(firstLoad.length).map((s) => s.url);
  expect(opened.some((url) => /\/_astro\/SignInDialog\./.test(url))).toBe(true);
  expect(opened.some((url) => /\/_astro\/SignUpDialog\./.test(url))).toBe(false);
});

test('the language dialog code is requested only when the dialog opens', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/privacy-policy');
  const firstLoad = scripts.length;
  expect(scripts.filter((s) => LOCALE_DIALOG.test(s.url))).toEqual([]);

  await page.getByRole('button', { name: /Language and currency/ }).click();
  await expect(page.getByRole('dialog', { name: 'Language and currency' }).getByRole('button', { name: /English/ })).toBeFocused();
  expect(scripts.slice(firstLoad).some((s) => LOCALE_DIALOG.test(s.url))).toBe(true);
});

test('the page shell loads no zod: its stores and header islands check data by hand', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/privacy-policy');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(await script.body, script.url).not.toContain('$ZodType');
});

test('the home page with its search box loads no zod either', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(await script.body, script.url).not.toContain('$ZodType');
});
