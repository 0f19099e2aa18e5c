// `test` for sweeps of one test per page: `page` is one page per visitor and worker, kept from test to test, so the
// browser's cache stays warm and a signed-in visitor signs in once (a fresh context per test reloads every script).
// Each test still loads its own address first. A test that changes the session must use the plain Playwright `test`.
import { expect, test as base, type Page } from '@playwright/test';

export const ACCOUNTS = {
  demo: ['demo@example.com', 'Demo1!pass'],
  agent: ['agent@example.com', 'Agent1!pass'],
  admin: ['admin@example.com', 'Admin1!pass'],
  marketer: ['marketer@example.com', 'Market1!pass'],
} as const;
export type Visitor = 'signed out' | keyof typeof ACCOUNTS;

export const test = base.extend<{ visitor: Visitor }, { pageOf: (visitor: Visitor) => Promise<Page> }>({
  visitor: ['signed out', { option: true }],
  pageOf: [
    async ({ browser }, use, workerInfo) => {
      const pages = new Map<Visitor, Promise<Page>>();
      await use((visitor) => {
        let made = pages.get(visitor);
        if (!made) {
          made = (async () => {
            const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
            if (visitor !== 'signed out') {
              const [email, password] = ACCOUNTS[visitor];
              const r = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'sweep' } });
              expect(r.status(), await r.text()).toBe(200);
            }
            return context.newPage();
          })();
          pages.set(visitor, made);
        }
        return made;
      });
      for (const made of pages.values()) await (await made).context().close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitor, pageOf }, use) => {
    await use(await pageOf(visitor));
  },
});
