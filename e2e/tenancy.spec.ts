// The same pages look like each org's own site: Acme's name, menu and colours on acme.localhost.
import { expect, test } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config';

const acme = E2E_ORIGIN.replace('//localhost', '//acme.localhost');

test('acme.localhost shows Acme Travel, only its products and its theme colour', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${acme}/`);
  await expect(page).toHaveTitle(/Acme Travel/);
  await expect(page.getByRole('banner').getByText('Acme Travel')).toBeVisible();
  await expect(page.locator('img[data-org-logo]')).toHaveAttribute('src', '/images/logo-acme.svg');
  const nav = page.getByRole('navigation', { name: 'Travel products' });
  await expect(nav.getByRole('listitem')).toHaveText(['Hotels', 'Stays', 'Activities', 'Cruises', 'Daily deals']);
  await expect(nav.getByRole('link', { name: 'Resorts' })).toHaveCount(0);
  const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
  expect(brand).toBe('#7a1f5c');
  const hero = await page.locator('.hero').evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(hero).toContain('rgb(122, 31, 92)');
  expect(errors).toEqual([]);
});

test('localhost stays Travel Club with its own colour and full menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Travel Club')).toBeVisible();
  const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
  expect(brand).toBe('#0b5cad');
  const nav = page.getByRole('navigation', { name: 'Travel products' });
  await expect(nav.getByRole('link', { name: 'Resorts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All-inclusive' })).toHaveAttribute('href', 'https://all-inclusive.example.com/search');
});

test('signed in, the all-inclusive link carries the member details', async ({ page }) => {
  await page.request.post('/api/signIn', {
    data: {
      jsonSign: {
        usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '',
        isPasswordAttempt: 1, promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'playwright',
    },
  });
  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Travel products' }).getByRole('link', { name: 'All-inclusive' });
  await expect(link).toHaveAttribute('href', /orgId=1&firstName=Demo&lastName=Traveller&email=demo%40example.com&phoneNumber=/);
});
