// The audit log reads as people write (issue 33): every action the server audits, and every setting a change of the
// org's settings or theme names, has a label in each language, so the console never shows a stored key instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABEL_TABLES } from '../../src/shared/i18n/tables';
import { LANGUAGES } from '../../src/shared/i18n/types';
import { OrgSettingsSchema, ThemeSchema } from '../../src/shared/contract/console';

const ROOT = join(import.meta.dirname, '../..');
const labels = Object.assign({}, ...Object.values(LABEL_TABLES)) as Record<string, Record<string, string>>;

/** Literals such as 'card.issue' in the server files that write audit rows (the SQL, or a flow choosing the action). */
function auditedActions(): string[] {
  const files = ['functions/db', 'functions/flows'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, dir, f)),
  );
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!/admin_audit|auditStatement|const action = /.test(text)) continue;
    for (const m of text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.add(m[1]!);
  }
  // A constraint's name, not an action.
  found.delete('products.code');
  return [...found].sort();
}

describe('the audit log in the page’s language', () => {
  it('finds the audited actions', () => {
    const actions = auditedActions();
    expect(actions).toContain('card.issue');
    expect(actions).toContain('org.update');
    expect(actions).toContain('link.archive');
    expect(actions.length).toBeGreaterThan(25);
  });

  it('every audited action has a label in every language', () => {
    const missing = auditedActions().flatMap((action) =>
      LANGUAGES.filter((lang) => !labels[`admin_action_${action.replace('.', '_')}`]?.[lang]).map((lang) => `${action} (${lang})`),
    );
    expect(missing).toEqual([]);
  });

  it('every setting and theme field has a label in every language', () => {
    const keys = [...Object.keys(OrgSettingsSchema.shape), ...Object.keys((ThemeSchema as unknown as { shape: object }).shape ?? {})];
    expect(keys.length).toBeGreaterThan(10);
    const missing = keys.flatMap((key) => LANGUAGES.filter((lang) => !labels[`audit_field_${key}`]?.[lang]).map((lang) => `${key} (${lang})`));
    expect(missing).toEqual([]);
  });
});
