// The referral-link builder's choices as a member uses them (docs/contract.md#referrals): where the link starts (site, loyalty
// landing, this page with its own query kept), extra parameters, a unicode name, and a redirect kept to this site.
import { expect as baseExpect, test } from '@playwright/test';
import { signInThroughDialog } from './loyalty-helpers';

const expect = baseExpect.configure({ timeout: 15_000 });

test('the builder starts the link where the member chooses, keeps the page’s query, and encodes every value once', async ({ page, baseURL }) => {
  await page.goto('/referral/programs?utm_source=mail&lang=en-US');
  await signInThroughDialog(page, 'demo@example.com', 'Demo1!pass');
  const builder = page.getByTestId('referral-builder');
  const linkField = builder.getByLabel('Your referral link', { exact: true });
  await expect(linkField).toHaveValue(/referral_code=DEMO2026TC/);
  const link = async () => new URL(await linkField.inputValue());

  await builder.getByRole('radio', { name: 'Site home page' }).check();
  await expect.poll(async () => (await link()).pathname).toBe('/');
  expect((await link()).origin).toBe(new URL(baseURL!).origin);

  await builder.getByRole('radio', { name: 'Loyalty landing page' }).check();
  await expect.poll(async () => (await link()).pathname).toBe('/promotions');

  await builder.getByRole('radio', { name: 'This page' }).check();
  await expect.poll(async () => (await link()).pathname).toBe('/referral/programs');
  expect((await link()).searchParams.get('utm_source')).toBe('mail');
  expect((await link()).searchParams.get('referral_code')).toBe('DEMO2026TC');
  expect((await link()).searchParams.get('referral_org')).toBe('1');

  await builder.getByLabel('Referrer name').fill('Zoë & Co = friends');
  await builder.getByRole('button', { name: 'Add a parameter' }).click();
  await builder.getByLabel('Parameter name 1').fill('campaign');
  await builder.getByLabel('Value 1').fill('spring sale/2026');
  await expect.poll(async () => (await link()).searchParams.get('campaign')).toBe('spring sale/2026');
  expect((await link()).searchParams.get('referral_name')).toBe('Zoë & Co = friends');
  expect(await linkField.inputValue()).not.toContain('Zoë');

  await builder.getByLabel('Send visitors to (optional)').fill('https://elsewhere.example/phish');
  await expect(builder.getByText('Use a page of this site')).toBeVisible();
  expect((await link()).searchParams.get('redirect')).toBeNull();
  await builder.getByLabel('Send visitors to (optional)').fill('/resorts?x=1&y=2');
  await expect.poll(async () => (await link()).searchParams.get('redirect')).toBe('/resorts?x=1&y=2');
  expect(await linkField.inputValue()).toMatch(/&redirect=%2Fresorts%3Fx%3D1%26y%3D2$/);
});
