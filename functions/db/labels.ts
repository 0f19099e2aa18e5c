// The labels of one language for one org: the bundled tables (src/shared/i18n) merged with the org's D1 overrides,
// kept per isolate and at the edge under the org's version (a change of labels bumps it: docs/decisions/0025-edge-cache.md).
import { LABELS, LANGUAGES, type Language } from '../../src/shared/i18n';
import { auditStatement, type Actor } from './console';
import { edgeGet, edgePut } from '../lib/edge-cache';

/** Versions, languages and orgs together stay few; past this the isolate's copies are dropped and read again. */
const MAX_KEPT = 256;
const cache = new Map<string, Record<string, string>>();

export const isLanguage = (lang: string): lang is Language => (LANGUAGES as readonly string[]).includes(lang);

/** Every label key in `lang`; a missing translation is the key itself when `showKeys`, otherwise '' (spec section 8). */
export async function labelsFor(db: D1Database, orgId: number, lang: string, showKeys: boolean, orgVersion = 0): Promise<Record<string, string>> {
  const key = `labels/${orgId}/${orgVersion}/${lang}/${showKeys ? 1 : 0}`;
  const hit = cache.get(key) ?? (await edgeGet<Record<string, string>>(key));
  if (hit) return keep(key, hit);
  const labels: Record<string, string> = {};
  for (const [field, texts] of Object.entries(LABELS)) {
    const text = isLanguage(lang) ? texts[lang] : undefined;
    labels[field] = text || (showKeys ? field : '');
  }
  Object.assign(labels, await labelOverrides(db, orgId, lang));
  await edgePut(key, labels);
  return keep(key, labels);
}

function keep(key: string, labels: Record<string, string>) {
  if (!cache.has(key) && cache.size >= MAX_KEPT) cache.clear();
  cache.set(key, labels);
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
