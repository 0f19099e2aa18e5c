// What the server's SQL costs, checked without a server: the migrations applied to an in-memory SQLite (as D1 runs
// them), and a D1 stand-in that records the statements a db function sends instead of running them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const { DatabaseSync } = await import('node:sqlite');
export type Sqlite = InstanceType<typeof DatabaseSync>;
const ROOT = resolve(import.meta.dirname, '../..');

/** A fresh database with every migration applied. */
export function migrated(): Sqlite {
  const db = new DatabaseSync(':memory:');
  const dir = join(ROOT, 'migrations');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) db.exec(readFileSync(join(dir, file), 'utf8'));
  return db;
}

export interface Sent {
  sql: string;
  binds: unknown[];
}

/** Records what the functions send (each read answers nothing, each batch a count of 0 and one change). */
export function recorder() {
  const sent: Sent[] = [];
  const statement = (sql: string, binds: unknown[] = []): any => ({
    bind: (...b: unknown[]) => statement(sql, b),
    all: async () => (sent.push({ sql, binds }), { results: [] }),
    first: async () => (sent.push({ sql, binds }), null),
    run: async () => (sent.push({ sql, binds }), { results: [], meta: { changes: 0 } }),
    sql,
    binds,
  });
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (list: Sent[]) => list.map((s) => (sent.push({ sql: s.sql, binds: s.binds }), { results: [{ n: 0 }], meta: { changes: 1 } })),
  } as unknown as D1Database;
  return { db, sent };
}

/** SQLite's plan of a statement as sent, its rows in order. */
export const planRows = (db: Sqlite, s: Sent) => db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...(s.binds as never[])) as { parent: number; detail: string }[];
