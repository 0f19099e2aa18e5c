import { test, expect } from '@playwright/test';
const PAGES = ['/admin', '/admin/brand', '/admin/settings', '/admin/domains', '/admin/access-codes', '/admin/cards', '/admin/members', '/admin/bookings', '/admin/translations', '/admin/audit'];
for (const [w, h, tag] of [[1280, 800, 'laptop'], [390, 844, 'phone']] as const) {
  for (const lang of ['en-US', 'fr-FR']) {
    test(`screens ${tag} ${lang}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: w, height: h });
      const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass' }, navAgent: 'e2e' } });
      expect(r.status()).toBe(200);
      for (const p of PAGES) {
        await page.goto(`${p}?lang=${lang}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `/tmp/console-screens/${tag}-${lang}-${p.replace(/\//g, '_')}.png`, fullPage: true });
      }
    });
  }
}
