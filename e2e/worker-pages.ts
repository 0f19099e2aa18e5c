// `test` for sweeps of one test per page: `page` is one page per visitor and worker, kept from test to test, so the
// browser's cache stays warm and a signed-in visitor signs in once (a fresh context per test reloads every script).
// Each test still loads its own address first. A test that changes the session must use the plain Playwright `test`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test as base, type Page } from '@playwright/test';
import type { Language } from '../src/shared/i18n';

const expect = baseExpect.configure({ timeout: 20_000 });
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const ACCOUNTS = {
  demo: ['demo@example.com', 'Demo1!pass'],
  agent: ['agent@example.com', 'Agent1!pass'],
  admin: ['admin@example.com', 'Admin1!pass'],
  marketer: ['marketer@example.com', 'Market1!pass'],
} as const;
export type Visitor = 'signed out' | keyof typeof ACCOUNTS;

/** `language`: the visitor's browser asks for it and its language cookie is set before the first page (not for en-US). */
export const test = base.extend<{ visitor: Visitor; language: Language }, { pageOf: (visitor: Visitor, language: Language) => Promise<Page> }>({
  visitor: ['signed out', { option: true }],
  language: ['en-US', { option: true }],
  pageOf: [
    async ({ browser }, use, workerInfo) => {
      const pages = new Map<string, Promise<Page>>();
      await use((visitor, language) => {
        const key = `${visitor}|${language}`;
        let made = pages.get(key);
        if (!made) {
          made = (async () => {
            const baseURL = workerInfo.project.use.baseURL!;
            const context = await browser.newContext({ baseURL, ...(language === 'en-US' ? {} : { locale: language }) });
            if (language !== 'en-US') await context.addCookies([{ name: 'lan_code', value: language, url: baseURL }]);
            if (visitor !== 'signed out') {
              const [email, password] = ACCOUNTS[visitor];
              const r = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'sweep' } });
              expect(r.status(), await r.text()).toBe(200);
            }
            return context.newPage();
          })();
          pages.set(key, made);
        }
        return made;
      });
      for (const made of pages.values()) await (await made).context().close();
    },
    { scope: 'worker' },
  ],
  // The kept page takes each test's viewport, so a phone-sized sweep and a desktop one can share a worker.
  page: async ({ visitor, language, pageOf, viewport }, use) => {
    const page = await pageOf(visitor, language);
    await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
    await use(page);
  },
});

// ---- the page list of the page sweep (e2e/sweep.spec.ts: phone width, axe, headings) ----------------------------

/**
 * Every page of src/pages as its path (dynamic routes and 404 aside; the 404 is checked as an unknown address). The
 * coming-soon page is what a closed org's visitors get on every address (e2e/admin-launch.spec.ts); an open org answers
 * its own address with the 404 page.
 */
export const PAGES = readdirSync(join(import.meta.dirname, '../src/pages'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.astro') && !f.includes('[') && f !== '404.astro' && f !== 'coming-soon.astro')
  .map((f) => `/${f.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
  .sort();

/** A console page under /admin/ (the console's own landing page, /admin, is not one). */
export const isConsoleSubpage = (path: string) => path.startsWith('/admin/');

/** Pages that ask a signed-out visitor to sign in (they answer 200 with the prompt, never a redirect). */
export const SIGNED_IN_ONLY = [
  '/user-details', '/wallet', '/user/profile', '/user/travelers', '/user/my-trips', '/user/booking-history',
  '/agent/profile', '/agent/my-quotes', '/agent/booking-history', '/agent/client-list',
  '/referral/programs', '/referral/credits', '/your-rewards',
];

/** Pages whose content depends on the query: a real product ({hotel}), a stay ({in} to {out}), an unknown address. */
export const CONTENT_PAGES = [
  '/search-detail?type=HLT&city=Paris&check_in={in}&check_out={out}&guests=2',
  '/hotel-details?id={hotel}&check_in={in}&check_out={out}&guests=2',
  '/hotel-checkout?id={hotel}&check_in={in}&check_out={out}&guests=2',
  '/no-such-page',
];

/**
 * What each visitor is shown: one test per entry (e2e/sweep.spec.ts); `phone: false` leaves the phone checks out.
 * A signed-in visitor is swept in one language other than English, and its pages must show no English
 * (e2e/english-needles.ts); the language walk (e2e/language-walk.spec.ts) takes every page signed out in French and
 * Spanish. French runs longest, so it is the stricter test of a phone's width.
 */
export const SWEEP: { visitor: Visitor | 'acme'; paths: string[]; phone?: boolean; language?: Language }[] = [
  // Signed out, every console page is the same console shell asking for a sign-in: /admin stands for them (the admin
  // sweeps each one below, signed in).
  { visitor: 'signed out', paths: [...PAGES.filter((p) => !isConsoleSubpage(p)), ...CONTENT_PAGES] },
  // A consumer is sent away from /agent pages by design (e2e/agent.spec.ts checks that); the signed-out sweep covers them.
  // The same for the console's pages (e2e/admin-console.spec.ts checks the refusal); its admin sees them below.
  { visitor: 'demo', language: 'fr-FR', paths: [...PAGES.filter((p) => p !== '/agent' && !p.startsWith('/agent/') && !p.startsWith('/admin')), ...CONTENT_PAGES] },
  // The console's tables do not yet become one card per row on a phone (e2e/admin-console.spec.ts checks that its
  // pages do not scroll sideways at 390 px).
  { visitor: 'admin', language: 'fr-FR', paths: PAGES.filter((p) => p.startsWith('/admin')) },
  // The agent of an org in B2B mode also sees net and sell prices on results and product pages.
  { visitor: 'agent', language: 'es-ES', paths: [...PAGES.filter((p) => p.startsWith('/agent')), ...CONTENT_PAGES.filter((p) => /search-detail|hotel-details/.test(p))] },
  // The marketing pages as their users see them: the seeded link's figures render on demand.
  { visitor: 'marketer', paths: ['/admin/links', '/admin/links/welcome', '/admin/campaigns/launch'] },
  // Acme's look: its own theme colours, signed out, on acme.localhost.
  { visitor: 'acme', paths: ['/', '/home', '/resorts', '/search-detail?type=HLT&city=London', '/wallet', '/referral/programs'] },
];

/** Loads a page and lets its islands settle (hydration, first data) before axe reads it. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-dialog-host="ready"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  return response;
}

let hotelId: Promise<number> | undefined;
/** A template path of SWEEP made real: a hotel of the catalogue and a stay from 20 to 22 days ahead. */
export async function realPath(page: Page, template: string): Promise<string> {
  if (template.includes('{hotel}')) {
    hotelId ??= page.request.get('/api/products/search?type=HLT&city=Paris&per_page=1').then(async (r) => (await r.json()).data[0].product_id);
  }
  const id = template.includes('{hotel}') ? String(await hotelId) : '';
  return template.replace('{hotel}', id).replace('{in}', day(20)).replace('{out}', day(22));
}

