// labelsFor: the bundled labels of a language merged with the org's overrides; missing texts per SHOW_LABEL_KEYS.
import { describe, expect, it } from 'vitest';
import { labelsFor } from '../../functions/cache/labels';
import { LABELS } from '../../src/shared/i18n';

/** A stand-in for D1 answering the overrides query from a list of rows. */
function fakeDb(rows: { org_id: number; lang: string; field_name: string; value: string }[]) {
  let queries = 0;
  const db = {
    prepare: () => ({
      bind: (orgId: number, lang: string) => ({
        all: async () => {
          queries += 1;
          return { results: rows.filter((r) => r.org_id === orgId && r.lang === lang) };
        },
      }),
    }),
  };
  return { db: db as unknown as D1Database, queries: () => queries };
}

describe('labelsFor', () => {
  it('gives every bundled label in the language, with the org override winning', async () => {
    const { db } = fakeDb([{ org_id: 7, lang: 'es-ES', field_name: 'catalogue.country', value: 'Nación' }]);
    const es = await labelsFor(db, 7, 'es-ES', false);
    expect(Object.keys(es).sort()).toEqual(Object.keys(LABELS).sort());
    expect(es['catalogue.country']).toBe('Nación');
    expect(es['catalogue.language']).toBe(LABELS['catalogue.language']!['es-ES']);
    const otherOrg = await labelsFor(db, 8, 'es-ES', false);
    expect(otherOrg['catalogue.country']).toBe('País');
  });

  it('a missing translation is the key when keys are shown, otherwise empty', async () => {
    const { db } = fakeDb([]);
    const shown = await labelsFor(db, 9, 'de-DE', true);
    const hidden = await labelsFor(db, 9, 'de-DE', false);
    expect(shown['catalogue.country']).toBe('catalogue.country');
    expect(hidden['catalogue.country']).toBe('');
  });

  it('answers from its cache for a while', async () => {
    const { db, queries } = fakeDb([]);
    await labelsFor(db, 10, 'fr-FR', false);
    await labelsFor(db, 10, 'fr-FR', false);
    expect(queries()).toBe(1);
  });
});
