// Every route of the product answers, and the pages for signed-in users ask a signed-out visitor to sign in.
import { expect, test } from '@playwright/test';
import { test as sweep } from './worker-pages';

const PUBLIC = [
  '/', '/home', '/promotions', '/login/sso', '/verify-account', '/change-password', '/resorts', '/resorts/search-details',
  '/search-detail', '/hotel-details', '/hotel-checkout', '/checkout-success', '/privacy-policy', '/terms-of-use',
  '/activities', '/stays', '/condo', '/packages', '/cruises', '/flight', '/cars', '/transfers', '/dreamtrips', '/holidaystays',
];
const SIGNED_IN_ONLY = [
  '/user-details', '/wallet', '/user/profile', '/user/travelers', '/user/my-trips', '/user/booking-history',
  '/agent/profile', '/agent/my-quotes', '/agent/booking-history', '/agent/client-list',
  '/referral/programs', '/referral/credits', '/your-rewards',
];

// One test per route, from the lists above, in parallel; signed out, each worker keeps one page (e2e/worker-pages.ts).
test.describe.configure({ mode: 'parallel' });
// A trace per test of a sweep costs more than the test (each is zipped); a failure is traced on its retry.
sweep.use({ trace: 'on-first-retry' });

for (const path of PUBLIC) {
  sweep(`the public route ${path} answers 200 with a page heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('main'), path).toBeVisible();
  });
}

for (const path of SIGNED_IN_ONLY) {
  sweep(`the signed-in page ${path} answers 200 and shows the sign-in prompt when signed out`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    const prompt = page.getByTestId('signin-prompt');
    await expect(prompt.getByRole('heading', { name: 'Sign in to continue' }), path).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Sign in' }), path).toBeVisible();
  });
}

test('signed in, the prompt gives way to the page', async ({ page }) => {
  await page.request.post('/api/signIn', {
    data: {
      jsonSign: {
        usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '',
        isPasswordAttempt: 1, promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'playwright',
    },
  });
  await page.goto('/user/profile');
  await expect(page.getByRole('button', { name: /^Account: Demo/ })).toBeVisible();
  await expect(page.getByTestId('signin-prompt')).toHaveCount(0);
});

test('an unknown page answers 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});
