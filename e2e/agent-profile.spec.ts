// /agent/profile as an agent sees it: the agency details, the credit limit and the outstanding balance (issue: agents).
import { expect as baseExpect, test } from '@playwright/test';
import { signInThroughDialog } from './loyalty-helpers';

const expect = baseExpect.configure({ timeout: 15_000 });
/** "$1,234.50" → 1234.5 */
const amount = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('an agent’s profile shows the agency, the default markup, the credit limit and what is left of it', async ({ page }) => {
  await page.goto('/agent/profile');
  await signInThroughDialog(page, 'agent.north@example.com', 'Agent2!pass');
  const profile = page.getByTestId('agent-profile');
  await expect(profile).toBeVisible();
  await expect(profile.getByTestId('agent-agency-name')).toHaveText('Northwind Journeys');
  await expect(profile.getByTestId('agent-default-markup')).toHaveText('12 %');
  await expect(profile.getByTestId('credit-limit')).toHaveText('$3,000.00');
  const outstanding = amount(await profile.getByTestId('credit-outstanding').textContent());
  expect(outstanding).toBeGreaterThanOrEqual(0);
  expect(amount(await profile.getByTestId('credit-available').textContent())).toBeCloseTo(3000 - outstanding, 2);
});
