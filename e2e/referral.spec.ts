// A member builds and copies a referral link; a friend opens it in a fresh browser, signs up, confirms, books, and the member
// sees the referral with its sign-up and first-booking actions and credits.
import { expect, test } from '@playwright/test';
import { axeOn } from './axe';
import { linkFromOutbox } from './auth-helpers';
import { fillTraveler, payIfAsked } from './booking-helpers';
import { openSignIn, PASSWORD, signInThroughDialog, verifiedMember } from './loyalty-helpers';

test('a referral link copied, opened elsewhere and signed up through shows on the referrer’s credits page, and the friend’s first booking earns its credits', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrer = await verifiedMember(page.request, 'Rosa');

  await page.goto('/referral/programs');
  await signInThroughDialog(page, referrer.email, referrer.password);
  await page.goto('/referral/programs');
  const builder = page.getByTestId('referral-builder');
  const linkField = builder.getByLabel('Your referral link', { exact: true });
  await expect(linkField).toHaveValue(/referral_code=/);
  await builder.getByLabel('Send visitors to (optional)').fill('/promotions');
  await expect(linkField).toHaveValue(/&redirect=%2Fpromotions$/);
  await expect(builder.getByRole('img', { name: 'QR code of your referral link' })).toBeVisible();
  await builder.getByRole('button', { name: 'Copy link' }).click();
  await expect(builder.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkField.inputValue());
  const code = new URL(link).searchParams.get('referral_code');

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend).toHaveURL(/\/promotions$/);
  const cookies = await friendContext.cookies();
  expect(cookies.find((c) => c.name === 'referral_code')?.value).toBe(code);
  expect(cookies.find((c) => c.name === 'referral_org')?.value).toBe('1');

  const friendEmail = `e2e-friend-${crypto.randomUUID()}@example.com`;
  await openSignIn(friend);
  await friend.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Create an account' }).click();
  const details = friend.getByRole('dialog', { name: 'Create your account' });
  await details.getByLabel('Email').fill(friendEmail);
  await details.getByLabel('Title').selectOption('Mrs');
  await details.getByLabel('First name').fill('Frida');
  await details.getByLabel('Last name').fill('Friend');
  await details.getByRole('button', { name: 'Sign up with email' }).click();
  const passwordStep = friend.getByRole('dialog').filter({ has: friend.getByLabel('Confirm password') });
  await passwordStep.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await passwordStep.getByLabel('Confirm password').fill(PASSWORD);
  await passwordStep.getByRole('checkbox').check();
  await passwordStep.getByRole('button', { name: 'Create account' }).click();
  await expect(friend.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible({ timeout: 15_000 });

  // Until the friend confirms the address, the sign-up is not a referral yet (issue #10): nothing to show, no credits.
  await page.goto('/referral/credits');
  const credits = page.getByTestId('referral-credits');
  await expect(credits.getByTestId('referral-count')).toHaveText('0');
  await expect(credits.getByRole('row', { name: /Frida Friend/ })).toHaveCount(0);

  // The friend confirms the address from the email: now the referrer sees the referral and its sign-up credits.
  await friend.goto(await linkFromOutbox(friend.request, friendEmail, '/verify-account'));
  await expect(friend.getByTestId('verify-result')).toHaveText('YOUR EMAIL ADDRESS HAS BEEN VERIFIED. PLEASE SIGN IN');
  await page.reload();
  await expect(credits.getByTestId('referral-count')).toHaveText('1');
  // Cells after the name: email, joined, actions, credits.
  const row = credits.getByRole('row', { name: /Frida Friend/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('10');
  await credits.getByRole('button', { name: 'Show actions' }).click();
  await expect(credits.getByText('Signed up')).toBeVisible();
  await expect(credits.getByText('First booking')).toHaveCount(0);
  await expect(page.getByTestId('referral-page')).toHaveText('Page 1 of 1');

  // The friend signs in and books an activity from its details page.
  await signInThroughDialog(friend, friendEmail, PASSWORD);
  await friend.goto('/activities');
  await friend.getByTestId('result').first().getByRole('link', { name: /^View/ }).click();
  await expect(friend).toHaveURL(/-details\?id=\d+/);
  await friend.getByTestId('book-now').click();
  await expect(friend).toHaveURL(/\/hotel-checkout\?id=\d+/);
  await expect(friend.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  await fillTraveler(friend, { first: 'Frida', last: 'Friend', email: 'frida@example.com', phone: '+33 6 12 34 56 78' });
  await friend.getByTestId('book').click();
  // The first booking counts once it is paid: the card part goes through the provider's page.
  await payIfAsked(friend);
  await expect(friend).toHaveURL(/\/checkout-success\?booking=/, { timeout: 20_000 });
  await expect(friend.getByTestId('confirmation')).toBeVisible({ timeout: 20_000 });
  await friendContext.close();

  // The referrer now sees the first booking among the friend's actions, and its credits in the totals and rewards.
  await page.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('35');
  await expect(credits.getByTestId('referral-credits-total')).toHaveText('35');
  await credits.getByRole('button', { name: 'Show actions' }).click();
  await expect(credits.getByText('First booking')).toBeVisible();
  await expect(credits.getByText('Signed up')).toBeVisible();
  await page.goto('/your-rewards');
  const rewards = page.getByTestId('rewards');
  await expect(rewards.getByTestId('rewards-credits')).toHaveText('35');
  await expect(rewards.getByText('First booking × 1')).toBeVisible();
});

test('the credits page pages through the demo member’s referrals and the rewards page sums them', async ({ page }) => {
  await page.goto('/your-rewards');
  await signInThroughDialog(page, 'demo@example.com', 'Demo1!pass');
  await page.goto('/your-rewards');
  const rewards = page.getByTestId('rewards');
  await expect(rewards.getByRole('heading', { name: 'Loyalty program active' })).toBeVisible();
  await expect(rewards.getByTestId('rewards-period')).toHaveText('Runs from January 1, 2026 to December 31, 2027');
  const referred = Number(await rewards.getByTestId('rewards-referrals').textContent());
  expect(referred).toBeGreaterThanOrEqual(2);
  await page.goto('/referral/credits');
  await expect(page.getByTestId('referral-row').first()).toBeVisible();
  await expect(page.getByTestId('referral-page')).toHaveText(`Page 1 of ${Math.max(1, Math.ceil(referred / 5))}`);
});

test('the promotions page lists the org’s promotions to anyone', async ({ page }) => {
  await page.goto('/promotions');
  const promos = page.getByTestId('promotions');
  await expect(promos.getByRole('heading', { name: 'Spring escape' })).toBeVisible();
  await expect(promos.getByRole('link', { name: 'See the offer' }).first()).toHaveAttribute('href', '/');
});

test('the loyalty pages have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/promotions');
  await signInThroughDialog(page, 'demo@example.com', 'Demo1!pass');
  for (const [path, ready] of [
    ['/promotions', 'promotions'],
    ['/referral/programs', 'referral-builder'],
    ['/referral/credits', 'referral-credits'],
    ['/your-rewards', 'rewards'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    const results = await axeOn(page).include('#page-content').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
  }
});
