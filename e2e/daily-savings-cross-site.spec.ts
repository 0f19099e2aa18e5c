// The daily-savings link followed from another site: the signed-in member lands on this site's confirmation page,
// is not enrolled until they press continue there, and then reaches the director as from the menu.
import { expect, test } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config';
import { memberHash } from '../src/shared/rules/savings-hash';
import { verifiedMember } from './loyalty-helpers';

const ELSEWHERE = 'http://elsewhere.example';

test('a link and an <img> on another site do not enrol; continuing on this site does', async ({ page }) => {
  const member = await verifiedMember(page.request, 'Cross');
  const signIn = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: member.email, password: member.password } } });
  expect(signIn.status()).toBe(200);
  const userId = (await signIn.json()).result.userId as number;
  const memberOf = async () => (await (await page.request.post('/api/savings/getMember', { data: {} })).json()).code as number;

  await page.route(`${ELSEWHERE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title><a href="${E2E_ORIGIN}/go/daily-savings">Great deals</a><img src="${E2E_ORIGIN}/go/daily-savings" alt="">`,
    }),
  );
  // The page loads with its <img> (whatever the browser does with it: blocked as a private-network request, or sent
  // without the Lax cookie, or answered 403), and nobody is enrolled.
  await page.goto(`${ELSEWHERE}/`, { waitUntil: 'load' });
  expect(await memberOf()).toBe(404);

  await page.getByRole('link', { name: 'Great deals' }).click();
  await expect(page).toHaveURL(`${E2E_ORIGIN}/go/daily-savings`);
  await expect(page.getByRole('heading', { name: 'Daily savings' })).toBeVisible();
  await expect(page.getByText('You followed a link from another site.')).toBeVisible();
  expect(await memberOf()).toBe(404);

  await page.getByRole('link', { name: 'Continue to daily savings' }).click();
  await expect(page).toHaveURL(/\/_sim\/savings\/director\?cvt=/);
  expect(new URL(page.url()).searchParams.get('cvt')).toBe(await memberHash('SAVPROG-1', `TRV-${userId}`));
  expect(await memberOf()).toBe(200);
});
