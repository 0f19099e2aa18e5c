// A crafted referral link is the attack: the victim opens it, the landing keeps the referral and may forward to a page
// of this site, but never off-site (issue #10: `/.//evil.example/x` normalised to `//evil.example/x` and was followed).
import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config';

const EVIL = /evil\.example/;
const offSite = (url: string | URL) => EVIL.test(new URL(url).host);

/** Opens `path` and waits until the landing has stored the referral (its redirect, if any, is decided in the same step). */
async function land(page: Page, path: string) {
  const visited: string[] = [];
  await page.context().route(offSite, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Evil</title><h1>Evil</h1>' });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto(path);
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'referral_code')?.value).toBe('DEMO2026TC');
  // Give a navigation the landing might have started time to reach the other site.
  await page.waitForTimeout(1_500);
  return visited;
}

for (const [name, redirect] of [
  ['dot segment', '%2F.%2F%2Fevil.example%2Fx'],
  ['this site with a double slash', encodeURIComponent(`${E2E_ORIGIN}//evil.example/y`)],
  ['protocol-relative', '%2F%2Fevil.example%2Fz'],
  ['backslash', '%2F%5Cevil.example%2Fw'],
  ['double-encoded', '%252F%252Fevil.example%252Fv'],
] as const) {
  test(`a referral link whose redirect is a ${name} address keeps the visitor on this site`, async ({ page }) => {
    const visited = await land(page, `/?referral_code=DEMO2026TC&referral_org=1&redirect=${redirect}`);
    expect(visited.filter(offSite)).toEqual([]);
    expect(new URL(page.url()).origin).toBe(E2E_ORIGIN);
    await expect(page.getByRole('heading', { name: 'Evil' })).toHaveCount(0);
  });
}

test('a referral link with a same-site redirect still forwards to that page', async ({ page }) => {
  await land(page, '/?referral_code=DEMO2026TC&referral_org=1&redirect=%2Fpromotions%3Fsort%3Dnew');
  await expect(page).toHaveURL(`${E2E_ORIGIN}/promotions?sort=new`);
});
