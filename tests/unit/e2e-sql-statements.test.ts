// The e2e helpers' SQL (e2e/booking-helpers.ts d1Rows): SQL of several statements is run whole. node:sqlite's prepare
// compiled only the first, and a spec's second statement (an agent's details, five of six hotels) was dropped unseen.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { holdsSeveralStatements } from '../../e2e/sql-statements';

describe('the e2e helpers’ SQL', () => {
  it('tells one statement from several, quoted text and a trailing semicolon aside', () => {
    expect(holdsSeveralStatements('SELECT 1')).toBe(false);
    expect(holdsSeveralStatements('UPDATE t SET a = 1;\n')).toBe(false);
    expect(holdsSeveralStatements("INSERT INTO t (a) VALUES ('x; y'), ('it''s; fine')")).toBe(false);
    expect(holdsSeveralStatements('UPDATE t SET a = 1; -- done\n')).toBe(false);
    expect(holdsSeveralStatements('UPDATE t SET a = 1;\n    INSERT INTO t (a) VALUES (2);')).toBe(true);
    expect(holdsSeveralStatements("INSERT INTO t VALUES ('a;');\nINSERT INTO t VALUES ('b');")).toBe(true);
  });

  it('prepare alone runs only the first of several statements: why they are run whole', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (a INTEGER)');
    const sql = 'INSERT INTO t VALUES (1);\nINSERT INTO t VALUES (2);';
    db.prepare(sql).run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.exec(sql);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 3 });
  });
});
