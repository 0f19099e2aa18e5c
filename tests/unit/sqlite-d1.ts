// A SQLite database (node:sqlite, as local D1 runs it) behind the small part of D1's interface functions/db uses:
// prepare, bind, all, first, run, batch (one transaction). For unit tests that run the Worker's own reads and writes
// over the migrations without a Worker.
import type { DatabaseSync } from 'node:sqlite';

export function d1Of(db: DatabaseSync): D1Database {
  const statement = (sql: string, binds: unknown[] = []): any => ({
    sql,
    binds,
    bind: (...b: unknown[]) => statement(sql, b),
    all: async () => run(sql, binds),
    first: async () => (run(sql, binds).results[0] ?? null),
    run: async () => run(sql, binds),
  });
  const run = (sql: string, binds: unknown[]) => {
    const prepared = db.prepare(sql);
    if (prepared.columns().length === 0) {
      const r = prepared.run(...(binds as never[]));
      return { results: [] as Record<string, unknown>[], meta: { changes: Number(r.changes), last_row_id: Number(r.lastInsertRowid) } };
    }
    const results = prepared.all(...(binds as never[])) as Record<string, unknown>[];
    return { results, meta: { changes: 0, last_row_id: 0 } };
  };
  return {
    prepare: (sql: string) => statement(sql),
    batch: async (list: { sql: string; binds?: unknown[] }[]) => {
      db.exec('BEGIN');
      try {
        const out = list.map((s: any) => run(s.sql, s.binds));
        db.exec('COMMIT');
        return out;
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
  } as unknown as D1Database;
}
