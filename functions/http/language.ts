// The language an API answer's content (and a mail it causes) is in: the request's `lang` query, else its `lan_code`
// cookie (what the page shows), else the account's stored language when one is known, else the org's default
// (docs/contract.md#languages). Payloads keep their fields; only the text changes.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { parseCookies } from '../lib/cookies';
import { isLanguage, resolveLanguage } from '../../src/shared/i18n/language';
import type { Language } from '../../src/shared/i18n/types';

export function requestLanguage(c: Context<AppEnv>, accountLanguage?: string | null): Language {
  const orgDefault = c.get('org')?.default_language;
  return resolveLanguage(c.req.query('lang'), parseCookies(c.req.header('cookie')).lan_code, isLanguage(accountLanguage) ? accountLanguage : orgDefault);
}
