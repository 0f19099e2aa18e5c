// An SSO session that ended sends the member to the org's session-out address on the next page (docs/product.md#validation startup):
// Acme's is "/" in development; Travel Club has none, so there an ended session just shows the site signed out.
import { expect as baseExpect, test, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

async function ssoSignIn(page: Page, origin: string, firstName: string) {
  const email = `e2e-sso-out-${crypto.randomUUID()}@example.com`;
  // Asked from a page of the org (the browser resolves *.localhost; Node does not), as a portal would hand it over.
  await page.goto(`${origin}/promotions`);
  const url = await page.evaluate(async (body) => {
    const r = await fetch('/api/dev/sso-key', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return ((await r.json()) as { data: { url: string } }).data.url;
  }, { email, first_name: firstName, last_name: 'Portal' });
  await page.goto(new URL(url, origin).toString());
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText(firstName);
}

/** The server no longer knows the browser's session (expired or ended elsewhere); the browser still holds its cookies. */
async function endSessionOnServer(page: Page, origin: string) {
  const host = new URL(origin).hostname;
  const cookies = await page.context().cookies(origin);
  expect(cookies.find((c) => c.name === 'userToken')).toBeTruthy();
  await page.context().addCookies([{ name: 'userToken', value: 'ended-session-token', domain: host, path: '/', httpOnly: true, sameSite: 'Lax' }]);
}

test('Acme: an ended SSO session sends the member from the page they open to the session-out address', async ({ page, baseURL }) => {
  const acme = baseURL!.replace('localhost', 'acme.localhost');
  await ssoSignIn(page, acme, 'Sol');
  await endSessionOnServer(page, acme);
  await page.goto(`${acme}/activities`);
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in');
  // Said once: opening a page again stays there.
  await page.goto(`${acme}/activities`);
  await expect(page.getByTestId('result').first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/activities');
});

test('Travel Club (no session-out address): an ended SSO session leaves the member signed out on the same page', async ({ page, baseURL }) => {
  await ssoSignIn(page, baseURL!, 'Ian');
  await endSessionOnServer(page, baseURL!);
  await page.goto('/activities');
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in');
  expect(new URL(page.url()).pathname).toBe('/activities');
});
