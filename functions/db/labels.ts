// The labels of one language for one org: the bundled tables (src/shared/i18n) merged with the org's D1 overrides.
import { LABELS, LANGUAGES, type Language } from '../../src/shared/i18n';
import { auditStatement, type Actor } from './console';

const TTL_MS = 30_000;
const cache = new Map<string, { labels: Record<string, string>; at: number }>();

export const isLanguage = (lang: string): lang is Language => (LANGUAGES as readonly string[]).includes(lang);

/**
 * Every label key in `lang`; a missing translation is the key itself when `showKeys`, otherwise '' (spec section 8).
 * Cached per org version: a console change bumps the version, so the next request reads the new overrides.
 */
export async function labelsFor(db: D1Database, orgId: number, lang: string, showKeys: boolean, orgVersion = 0): Promise<Record<string, string>> {
  const key = `${orgId}|${orgVersion}|${lang}|${showKeys ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.labels;
  const labels: Record<string, string> = {};
  for (const [field, texts] of Object.entries(LABELS)) {
    const text = isLanguage(lang) ? texts[lang] : undefined;
    labels[field] = text || (showKeys ? field : '');
  }
  for (const [field, value] of Object.entries(await labelOverrides(db, orgId, lang))) labels[field] = value;
  for (const k of cache.keys()) if (k.startsWith(`${orgId}|`) && !k.startsWith(`${orgId}|${orgVersion}|`)) cache.delete(k);
  cache.set(key, { labels, at: Date.now() });
  return labels;
}

export async function labelOverrides(db: D1Database, orgId: number, lang: string): Promise<Record<string, string>> {
  const { results } = await db
    .prepare('SELECT field_name, value FROM label_overrides WHERE org_id = ? AND lang = ?')
    .bind(orgId, lang)
    .all<{ field_name: string; value: string }>();
  return Object.fromEntries(results.map((r) => [r.field_name, r.value]));
}

/** Sets (or, for an empty text, removes) the org's overrides of one language, bumps its version and audits it: one batch. */
export function setLabelOverrides(db: D1Database, orgId: number, lang: Language, texts: Record<string, string>, actor: Actor, detail: unknown) {
  const statements = Object.entries(texts).map(([field, value]) =>
    value === ''
      ? db.prepare('DELETE FROM label_overrides WHERE org_id = ? AND lang = ? AND field_name = ?').bind(orgId, lang, field)
      : db
          .prepare('INSERT INTO label_overrides (org_id, lang, field_name, value) VALUES (?, ?, ?, ?) ON CONFLICT (org_id, lang, field_name) DO UPDATE SET value = excluded.value')
          .bind(orgId, lang, field, value),
  );
  return db.batch([
    ...statements,
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
    auditStatement(db, orgId, actor, 'labels.update', `labels:${lang}`, detail),
  ]);
}
