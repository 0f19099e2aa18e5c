// A same-origin call from the page, as the page's own code would make it (Node cannot resolve *.localhost; Chromium can).
import type { Page } from '@playwright/test';

export async function inPage(page: Page, path: string, method: string, body?: unknown) {
  return page.evaluate(
    async ([path, method, body]) => {
      const r = await fetch(path as string, { method: method as string, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a reply read by the tests as they see fit
      return { status: r.status, json: (await r.json().catch(() => null)) as any };
    },
    [path, method, body] as const,
  );
}
