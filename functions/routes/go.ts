// GET /go/daily-savings: the whole daily-savings flow run on the server (docs/contract.md#savings).
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { currentUser } from '../http/session';
import { runDailySavings } from '../services/daily-savings';
import { logEvent } from '../log';
import { errorBody } from '../errors';
import { isThisOrigin } from '../security';
import { LABELS } from '../../src/shared/i18n';
import { requestLanguage } from '../http/language';
import { z } from 'zod';
import { DailySavingsFailure } from '../../src/shared/contract/loyalty';
import { access, createRoute, json, media, redirect, refusals, router } from '../http/route';

const ShowSignIn = z.object({ showSignIn: z.literal(true) });

const DAILY_SAVINGS_PATH = '/go/daily-savings';

const wantsHtml = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('text/html');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small page for people who opened the link in a tab; API clients get the contract's JSON instead. */
function page(c: Context<AppEnv>, status: 200 | 401, titleKey: string, textKey: string, action?: { href: string; labelKey: string }) {
  const lang = requestLanguage(c);
  const label = (k: string) => escapeHtml(LABELS[k]?.[lang] || LABELS[k]?.['en-US'] || k);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${label(titleKey)}</title></head><body><main><h1>${label(titleKey)}</h1><p>${label(textKey)}</p>` +
      (action ? `<p><a href="${escapeHtml(action.href)}">${label(action.labelKey)}</a></p>` : '') +
      `<p><a href="/">${label('savings_back_home')}</a></p></main></body></html>`,
    status,
  );
}

/**
 * Whether the navigation started somewhere other than this site: Sec-Fetch-Site when the browser sends it
 * ('same-origin', or 'none' for a typed address or a bookmark, are this site; 'same-site' is another org's site
 * under the same domain), else an Origin or Referer of another origin (scheme, host or port). A request with neither (an API client, an
 * old browser with no referrer) is taken as the site's own, as /api's same-origin check does.
 */
export function fromAnotherSite(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  for (const from of [c.req.header('origin'), c.req.header('referer')]) {
    if (from) return !isThisOrigin(c, from);
  }
  return false;
}

/** A JSON answer, or for a browser (Accept: text/html) a small page saying the same. */
const orPage = <S extends z.ZodType>(schema: S, description: string) =>
  ({ content: { ...json(schema).content, ...media('text/html', z.string()).content }, description }) as const;

const routes = {
  dailySavings: createRoute({
    method: 'get', path: '/daily-savings', summary: 'Runs the daily-savings flow and sends the member on to the director', ...access('user'),
    responses: {
      302: redirect('Enrolled (or already): on to the director (Location)'),
      200: orPage(DailySavingsFailure, 'The provider failed (nothing saved), or a link from another site to confirm on this one (page)'),
      401: orPage(ShowSignIn, 'Signed out: the island opens the sign-in dialog'),
      ...refusals,
    },
  }),
};

export const go = router().openapi(routes.dailySavings, async (c) => {
  const user = await currentUser(c);
  if (!user) return wantsHtml(c) ? page(c, 401, 'savings_title', 'savings_sign_in_first') : c.json({ showSignIn: true }, 401);
  // The GET enrols (docs/contract.md#savings), so another site's link or <img> must not do it with the member's cookie: the
  // person confirms on this site's own page, whose link is a same-origin navigation to this same address.
  if (fromAnotherSite(c)) {
    c.header('Cache-Control', 'no-store');
    if (wantsHtml(c)) return page(c, 200, 'savings_title', 'savings_confirm_text', { href: DAILY_SAVINGS_PATH, labelKey: 'savings_confirm_continue' });
    return c.json(errorBody('FORBIDDEN', 'Cross-site requests are not allowed'), 403);
  }
  const outcome = await runDailySavings(c.env, user);
  c.header('Cache-Control', 'no-store');
  if (outcome.ok) return c.redirect(outcome.redirect, 302);
  logEvent(c, 'warn', 'savings.daily_failed', { reason: outcome.reason, ...(outcome.detail ? { error: outcome.detail } : {}) });
  return wantsHtml(c) ? page(c, 200, 'savings_title', 'savings_unavailable') : c.json({ isNew: true, redirect: '' }, 200);
});
