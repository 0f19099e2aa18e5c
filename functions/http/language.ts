// The language an API answer's content is in: the request's `lang` query, else its `lan_code` cookie (what the page
// shows), else the org's default (docs/contract.md#languages). Payloads keep their fields; only the text changes.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { parseCookies } from '../pages/locale';
import { resolveLanguage } from '../../src/shared/i18n/language';
import type { Language } from '../../src/shared/i18n/types';

export function requestLanguage(c: Context<AppEnv>): Language {
  return resolveLanguage(c.req.query('lang'), parseCookies(c.req.header('cookie')).lan_code, c.get('org')?.default_language);
}
