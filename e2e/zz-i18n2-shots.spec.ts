import { test, expect } from '@playwright/test';
import { ACCOUNTS, open } from './worker-pages';
const cases = [
  { who: 'demo' as const, path: '/user/profile', name: 'profile-countries' },
  { who: 'agent' as const, path: '/agent/client-list', name: 'agent-clients-nationality' },
];
for (const c of cases) for (const lang of ['en-US', 'fr-FR']) for (const [w, h] of [[1280, 800], [390, 844]]) {
  test(`${c.name} ${lang} ${w}`, async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ baseURL, locale: lang, viewport: { width: w, height: h } });
    await ctx.addCookies([{ name: 'lan_code', value: lang, url: baseURL! }]);
    const [email, password] = ACCOUNTS[c.who];
    expect((await ctx.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'shots' } })).status()).toBe(200);
    const page = await ctx.newPage();
    await open(page, c.path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/i18n2-shots/${c.name}-${lang.slice(0, 2)}-${w}.png`, fullPage: true });
    await ctx.close();
  });
}
