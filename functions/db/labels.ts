// The org's label overrides per language: read, and set in one batch with the version bump and the audit. The labels
// a page shows (bundled tables merged with these, kept per isolate and at the edge) are functions/cache/labels.ts.
import type { Language } from '../../src/shared/i18n';
import { auditStatement, type Actor } from './console';

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
