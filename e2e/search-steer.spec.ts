// A traveller steers hotel results: a star filter with its count, a price limit, an empty result that says what to
// relax; the address keeps it all, so Back, reload and a shared link show the same results. Desktop and phone, two languages.
import { expect, test } from '@playwright/test';
import { axeOn } from './axe';

const CASES = [
  { size: 'desktop', viewport: { width: 1280, height: 900 }, lang: 'en-US', stars: /^4\.5\+ stars \((\d+)\)$/, any: /^Any \(\d+\)$/, max: /Highest price/, apply: 'Apply', relax: /^Any price \((\d+) results?\)$/ },
  { size: 'phone', viewport: { width: 390, height: 844 }, lang: 'fr-FR', stars: /^4,5\+ étoiles \((\d+)\)$/, any: /^Tous \(\d+\)$/, max: /Prix maximum/, apply: 'Appliquer', relax: /^Tous les prix \((\d+) résultats?\)$/ },
] as const;

for (const k of CASES) {
  test.describe(`${k.size}, ${k.lang}`, () => {
    test.use({ viewport: k.viewport });

    test('the star filter lists as many as its count says, survives a reload and Back undoes it; an empty result offers to relax the price', async ({ page }) => {
      await page.goto(`/search-detail?city=New%20York&lang=${k.lang}`);
      const results = page.getByTestId('result');
      await expect(results.first()).toBeVisible();
      const all = await results.count();

      const star = page.getByRole('radio', { name: k.stars });
      const promised = Number(k.stars.exec((await star.evaluate((el) => el.closest('label')!.textContent!.trim())))![1]);
      await star.check();
      await expect(page).toHaveURL(/min_rating=4\.5/);
      await expect(results).toHaveCount(promised);
      expect(promised).toBeLessThan(all);

      await page.reload();
      await expect(page.getByRole('radio', { name: k.stars })).toBeChecked();
      await expect(results).toHaveCount(promised);

      await page.goBack();
      await expect(page).not.toHaveURL(/min_rating/);
      await expect(page.getByRole('radio', { name: k.any })).toBeChecked();
      await expect(results).toHaveCount(all);

      await page.getByLabel(k.max).fill('1');
      await page.getByRole('button', { name: k.apply, exact: true }).click();
      await expect(page).toHaveURL(/max_price=1/);
      const relax = page.getByTestId('relax').getByRole('button', { name: k.relax });
      await expect(relax).toBeVisible();
      const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const offered = Number(k.relax.exec((await relax.textContent())!.trim())![1]);
      await relax.click();
      await expect(page).not.toHaveURL(/max_price/);
      await expect(results).toHaveCount(offered);
      await expect(page.getByLabel(k.max)).toHaveValue('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(k.viewport.width);
    });
  });
}
