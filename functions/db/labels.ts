// The labels of one language for one org: the bundled tables (src/shared/i18n) merged with the org's D1 overrides.
import { LABELS, LANGUAGES, type Language } from '../../src/shared/i18n';

const TTL_MS = 30_000;
const cache = new Map<string, { labels: Record<string, string>; at: number }>();

export const isLanguage = (lang: string): lang is Language => (LANGUAGES as readonly string[]).includes(lang);

/** Every label key in `lang`; a missing translation is the key itself when `showKeys`, otherwise '' (spec section 8). */
export async function labelsFor(db: D1Database, orgId: number, lang: string, showKeys: boolean): Promise<Record<string, string>> {
  const key = `${orgId}|${lang}|${showKeys ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.labels;
  const labels: Record<string, string> = {};
  for (const [field, texts] of Object.entries(LABELS)) {
    const text = isLanguage(lang) ? texts[lang] : undefined;
    labels[field] = text || (showKeys ? field : '');
  }
  const { results } = await db
    .prepare('SELECT field_name, value FROM label_overrides WHERE org_id = ? AND lang = ?')
    .bind(orgId, lang)
    .all<{ field_name: string; value: string }>();
  for (const row of results) labels[row.field_name] = row.value;
  cache.set(key, { labels, at: Date.now() });
  return labels;
}
