// GET /go/daily-savings: the whole daily-savings flow run on the server (CONTRACT.md 7).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { currentUser } from '../auth/session';
import { runDailySavings } from '../services/daily-savings';
import { logEvent } from '../log';
import { LABELS, LANGUAGES, type Language } from '../../src/shared/i18n';

const wantsHtml = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('text/html');

function languageOf(c: Context<AppEnv>): Language {
  const cookie = /(?:^|;\s*)lan_code=([^;]+)/.exec(c.req.header('cookie') ?? '')?.[1];
  const lang = cookie ? decodeURIComponent(cookie) : c.get('org')?.default_language;
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'en-US';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small page for people who opened the link in a tab; API clients get the contract's JSON instead. */
function page(c: Context<AppEnv>, status: 200 | 401, titleKey: string, textKey: string) {
  const lang = languageOf(c);
  const label = (k: string) => escapeHtml(LABELS[k]?.[lang] ?? LABELS[k]?.['en-US'] ?? k);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${label(titleKey)}</title></head><body><main><h1>${label(titleKey)}</h1><p>${label(textKey)}</p>` +
      `<p><a href="/">${label('savings_back_home')}</a></p></main></body></html>`,
    status,
  );
}

export const go = new Hono<AppEnv>().get('/daily-savings', async (c) => {
  const user = await currentUser(c);
  if (!user) return wantsHtml(c) ? page(c, 401, 'savings_title', 'savings_sign_in_first') : c.json({ showSignIn: true }, 401);
  const outcome = await runDailySavings(c.env, user);
  c.header('Cache-Control', 'no-store');
  if (outcome.ok) return c.redirect(outcome.redirect, 302);
  logEvent(c, 'warn', 'savings.daily_failed', { reason: outcome.reason, ...(outcome.detail ? { error: outcome.detail } : {}) });
  return wantsHtml(c) ? page(c, 200, 'savings_title', 'savings_unavailable') : c.json({ isNew: true, redirect: '' }, 200);
});
