import { test, expect } from '@playwright/test';
import { ACCOUNTS, open } from './worker-pages';
for (const lang of ['fr-FR', 'es-ES', 'en-US']) test(`debug ${lang}`, async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, locale: lang });
  await ctx.addCookies([{ name: 'lan_code', value: lang, url: baseURL! }]);
  const [email, password] = ACCOUNTS.agent;
  expect((await ctx.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'shots' } })).status()).toBe(200);
  const page = await ctx.newPage();
  page.on('console', (m) => console.log(lang, 'console', m.type(), m.text()));
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log(lang, r.status(), r.url()); });
  await open(page, '/agent/client-list');
  console.log(lang, (await page.locator('main').innerText()).slice(0, 300));
  await ctx.close();
});
