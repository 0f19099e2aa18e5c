// The login result's per-account flags as a person meets them (docs/product.md#states, docs/product.md#roles): a promotion sends the member to /promotions
// unless the page is a checkout, and an account that hides prices sees none while a guest does.
import { expect as baseExpect, test } from '@playwright/test';
import { day } from './booking-helpers';
import { signInThroughDialog } from './loyalty-helpers';

const expect = baseExpect.configure({ timeout: 15_000 });
const PROMO = { email: 'promo@example.com', password: 'Promo1!pass' };
const NO_PRICES = { email: 'noprices@example.com', password: 'Hide1!pass' };

test('a member flagged for a promotion lands on /promotions after signing in from the home page', async ({ page }) => {
  await page.goto('/');
  await signInThroughDialog(page, PROMO.email, PROMO.password);
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByTestId('promotions').getByRole('heading', { name: 'Spring escape' })).toBeVisible();
});

test('signing in on a checkout page keeps the member there even with a promotion', async ({ page, request }) => {
  const hotel = (await (await request.get('/api/products/search?type=HLT&city=Paris&per_page=1')).json()).data[0] as { product_id: number };
  const checkout = `/hotel-checkout?id=${hotel.product_id}&check_in=${day(10)}&check_out=${day(12)}&guests=1`;
  await page.goto(checkout);
  await expect(page.getByTestId('checkout').getByText('Please sign in to book.')).toBeVisible();
  await signInThroughDialog(page, PROMO.email, PROMO.password);
  await expect(page).toHaveURL(/\/hotel-checkout\?id=/);
  await expect(page.getByTestId('checkout').getByText('Please sign in to book.')).toHaveCount(0);
});

test('a member whose account hides prices sees none in the results; a guest sees them', async ({ page }) => {
  await page.goto('/search-detail?type=HLT&city=Paris');
  const results = page.getByTestId('result');
  await expect(results.first()).toBeVisible();
  await expect(results.first().getByTestId('price')).toContainText('$');

  await signInThroughDialog(page, NO_PRICES.email, NO_PRICES.password);
  await page.reload();
  await expect(results.first()).toBeVisible();
  await expect(results.first()).toContainText('Member price shown at checkout');
  await expect(page.getByTestId('result').getByTestId('price')).toHaveCount(0);
});
