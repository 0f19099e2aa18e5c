// A list bound as one JSON value (json_each(?)) and joined to a table must drive the loop: SQLite's planner, free to
// choose, took the table first in the bed bank's import (every hotel of the org × every hotel of the page: 3.7 s a page
// at 2,100 hotels, growing with each page) and in issuing cards (every member of the org × every card). Such a join is
// written `json_each(?) x CROSS JOIN table` (SQLite keeps a CROSS JOIN's order), docs/decisions/0083-json-list-joins.md.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrated, planRows, recorder, type Sent, type Sqlite } from './sql-plans';
import { writeImportPage, type ImportedHotel } from '../../functions/db/suppliers';
import { issueCard } from '../../functions/db/card-admin';
import { CARD_KINDS } from '../../src/shared/rules/wallet';

const ROOT = resolve(import.meta.dirname, '../..');

/** The plan's loops at the statement's top level, outermost first (subqueries and triggers left out). */
const loops = (db: Sqlite, s: Sent) =>
  planRows(db, s)
    .filter((r) => r.parent === 0 && /^(SCAN|SEARCH) /.test(r.detail))
    .map((r) => r.detail);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The joins of a bound list the check refuses: the list first, then the table, by a plain JOIN or a comma; or the table
 * first, then the list (either lets the planner put the table first).
 */
const LIST_THEN_TABLE = /json_each\(\?\d*\)\s+(?:AS\s+)?\w+\s*(?:,|(?:INNER\s+|LEFT\s+(?:OUTER\s+)?)?JOIN)\s*(?!json_each)\w+/gi;
const TABLE_THEN_LIST = /FROM\s+(?!json_each)\w+(?:\s+(?:AS\s+)?(?!JOIN|CROSS|WHERE)\w+)?\s*(?:,|(?:CROSS\s+|INNER\s+)?JOIN)\s*json_each\(\?/gi;
const looseJoins = (text: string) => [...text.matchAll(LIST_THEN_TABLE), ...text.matchAll(TABLE_THEN_LIST)];

const hotel = (code: string): ImportedHotel => ({
  code,
  name: `Hotel ${code}`,
  city: 'Lisbon',
  country: 'PT',
  address: '',
  latitude: 38.7,
  longitude: -9.1,
  description: '',
  amenities: [],
  rating: 4,
  max_guests: 2,
  images: [],
  rooms: [{ code: 'DBL.ST', name: 'Double', names: { 'en-US': 'Double' }, max_adults: 2, max_children: 0, max_occupancy: 2 }],
  texts: [{ lang: 'fr-FR', name: `Hôtel ${code}`, city: 'Lisbonne', description: '', amenities: [] }],
});

describe('a bound JSON list joined to a table', () => {
  it('is joined with CROSS JOIN wherever the server writes one', () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'functions'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of looseJoins(text)) found.push(`${relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
    }
    expect(found).toEqual([]);
  });

  it('the check above finds the joins it is about, and not those it is not', () => {
    const found = (sql: string) => looseJoins(sql).length;
    expect(found('FROM json_each(?3) h\n JOIN products p ON')).toBe(1);
    expect(found('FROM json_each(?) AS j, users u')).toBe(1);
    expect(found('FROM products p JOIN json_each(?2) h ON')).toBe(1);
    expect(found('FROM users u, json_each(?) j')).toBe(1);
    expect(found('FROM json_each(?3) h CROSS JOIN products p')).toBe(0);
    expect(found("FROM json_each(?2) h, json_each(h.value -> '$.keys') k")).toBe(0);
    expect(found('WHERE id IN (SELECT value FROM json_each(?))')).toBe(0);
  });

  it("the import's page reads each of its hotels by code, the page driving the loop, for rooms, texts and the count", async () => {
    const { db, sent } = recorder();
    const hotels = Array.from({ length: 3 }, (_, i) => hotel(`H${i}`));
    await writeImportPage(db, { id: 1, org_id: 7, supplier: 'hotelbeds' }, hotels, { from: 1, next: 251, total: 2100, done: false, nowMs: 0 });
    expect(sent).toHaveLength(4);
    const sqlite = migrated();
    for (const s of sent.slice(1, 3)) {
      const plan = loops(sqlite, s);
      expect(plan[0], s.sql).toMatch(/^SCAN h VIRTUAL TABLE/);
      expect(plan.join(' | ')).toMatch(/SEARCH p USING (COVERING )?INDEX products_by_supplier_code \(org_id=\? AND source=\? AND supplier_code=\?\)/);
    }
    // The count of the page's hotels the org holds is a subquery of the job's update.
    const count = planRows(sqlite, sent[3]!).map((r) => r.detail);
    expect(count.join(' | ')).toMatch(/SCAN h VIRTUAL TABLE.*SEARCH p USING (COVERING )?INDEX products_by_supplier_code \(org_id=\? AND source=\? AND supplier_code=\?\)/);
  });

  it('issuing cards finds each card’s member by org and email, the cards driving the loop', async () => {
    const { db, sent } = recorder();
    await issueCard(db, 7, { id: 1, email: 'admin@example.test' }, {
      kind: CARD_KINDS[0], code: 'C-1', email: 'ana@example.test', name: 'Cartão', services: '', pro_code: '', amount_minor: 5000, redemption_minor: 0,
      product_code: '', currency: 'USD', expires_at: null,
    });
    const plan = loops(migrated(), sent[0]!);
    expect(plan[0]).toMatch(/^SCAN j VIRTUAL TABLE/);
    expect(plan[1]).toMatch(/SEARCH u USING (COVERING )?INDEX users_org_email \(org_id=\? AND email=\?\)/);
  });
});
