// Shared steps of the account e2e specs: open the dialogs as a person would, read the development outbox.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'Demo1!pass' };
export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** Passes the whole rule: 8-13 characters, lower, upper, digit, special. */
export const GOOD_PASSWORD = 'Voyage7!sun';

/** Loads a page and waits until the dialog host island has hydrated. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-dialog-host="ready"]')).toHaveCount(1, { timeout: 15_000 });
}

export const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Opens sign-in from the account menu (signed out). */
export async function openSignInFromMenu(page: Page) {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign in' }).click();
  await expect(dialog(page, 'Sign in')).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  const d = dialog(page, 'Sign in');
  await d.getByLabel('Email address').fill(email);
  await d.getByLabel('Password', { exact: true }).fill(password);
  await d.getByRole('button', { name: 'Log in' }).click();
}

/**
 * After a sign-in: the dialog closes and the page is loaded again without `action=login` (finishSignIn); a visit begun
 * before that load would be cut short by it.
 */
export async function signedIn(page: Page) {
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL((u) => !u.searchParams.has('action'));
  await page.waitForLoadState('load');
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The newest development email to `to` whose text holds a link to `path`, waiting for it to arrive. */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = ((await r.json()) as { data: Mail[] }).data.filter((m) => m.to === to);
        for (const m of mails.reverse()) {
          const found = new RegExp(`https?://[^\\s"<]+${path.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(m.text);
          if (found) {
            link = found[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  // The mail names the server's own origin; the browser stays on the one the test uses (org host).
  const u = new URL(link);
  return u.pathname + u.search;
}

/** Fills sign-up step 1 (details); the access code only when given. */
export async function fillDetails(
  page: Page,
  d: { email: string; title?: string; first?: string; last?: string; accessCode?: string },
) {
  const dlg = dialog(page, /Create your account|COMPLETE YOUR INFORMATION/);
  if (d.accessCode !== undefined) await dlg.getByLabel('Access code').fill(d.accessCode);
  await dlg.getByLabel('Email address').fill(d.email);
  if (d.title) await dlg.getByLabel('Title').selectOption(d.title);
  if (d.first !== undefined) await dlg.getByLabel('First name').fill(d.first);
  if (d.last !== undefined) await dlg.getByLabel('Last name').fill(d.last);
}

/** A verified account made through the API (sign-up, then the link from the outbox), for specs that start signed up. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  opts: { email?: string; password?: string; first?: string; last?: string; title?: 'Miss' | 'Mr' | 'Mrs'; origin?: string } = {},
) {
  const email = opts.email ?? uniqueEmail('acct');
  const password = opts.password ?? GOOD_PASSWORD;
  const at = (path: string) => (opts.origin ? new URL(path, opts.origin).toString() : path);
  // Each account made through the API signs up from an address of its own (as e2e/loyalty-helpers.ts does): the suite's
  // many sign-ups from this machine would otherwise meet the per-address sign-up limit, which is not what they test.
  const signUp = () =>
    request.post(at('/api/signUp'), {
      headers: { 'cf-connecting-ip': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` },
      data: {
        jsonRegister: {
          email_id: email,
          password,
          confirm_password: password,
          terms_accepted: true,
          title: opts.title ?? 'Mr',
          userdetails: { first_name: opts.first ?? 'Test', last_name: opts.last ?? 'Traveller' },
        },
      },
    });
  // A 503 with Retry-After is the product's "try again" (the local database was locked, here by the tests' own SQL run
  // beside the server): asked again after the pause it names, as a client would.
  let r = await signUp();
  for (let tries = 1; r.status() === 503 && tries < 4; tries++) {
    await new Promise((done) => setTimeout(done, 1_000 * Number(r.headers()['retry-after'] ?? 1)));
    r = await signUp();
  }
  expect(r.status(), await r.text()).toBe(200);
  const link = await linkFromOutbox(request, email, '/verify-account');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const v = await request.post(at('/api/auth/verifyAccount'), { data: { token } });
  expect(v.status(), await v.text()).toBe(200);
  return { email, password };
}
