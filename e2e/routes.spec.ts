// A signed-in visitor gets the page itself, and an unknown address the 404 page. That every route answers with its
// heading, and the signed-in pages ask a signed-out visitor to sign in, is checked page by page in e2e/sweep.spec.ts.
import { expect, test } from '@playwright/test';

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
