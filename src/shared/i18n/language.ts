// Which language a request is answered in: pages and the API pick it the same way.
import { LANGUAGES, type Language } from './types';

export const DEFAULT_LANGUAGE: Language = 'en-US';

export const isLanguage = (lang: string | null | undefined): lang is Language => !!lang && (LANGUAGES as readonly string[]).includes(lang);

/** The query's `lang`, else the `lan_code` cookie, else the org's default, else en-US; unsupported values are skipped. */
export function resolveLanguage(query: string | null | undefined, cookie: string | undefined, orgDefault: string | undefined): Language {
  for (const candidate of [query, cookie, orgDefault]) if (isLanguage(candidate)) return candidate;
  return DEFAULT_LANGUAGE;
}
