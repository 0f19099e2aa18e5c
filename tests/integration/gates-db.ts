// Reads the Worker's local D1 (the SQLite file under the test's persist dir) read-only, to prove refused requests wrote nothing.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { inject } from 'vitest';

/** Tables written on purpose by refused requests too: the rate limiter's events and the audit log. */
export const AUDIT_TABLES = ['rate_limits', 'activity_log'];
/** Columns a refused request may still touch: a session's idle clock moves whenever the session is used. */
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };
const INTERNAL = /^(sqlite_|_cf_|d1_migrations$)/;

export type Signature = Record<string, string>;

/** The SQLite file the local runtime keeps the D1 database in, under a server's persist directory. */
export function d1File(persistTo: string): string {
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

/** `sql` cut into its statements (quotes, quoted names and comments kept whole). */
export function statementsOf(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      i = sql.indexOf(close, i + 1);
      if (i < 0) break;
    } else if (ch === '-' && sql[i + 1] === '-') {
      i = sql.indexOf('\n', i);
      if (i < 0) break;
    } else if (ch === '/' && sql[i + 1] === '*') {
      i = sql.indexOf('*/', i + 2) + 1;
      if (i <= 0) break;
    } else if (ch === ';') {
      out.push(sql.slice(start, i));
      start = i + 1;
    }
  }
  out.push(sql.slice(start));
  return out.map((st) => st.trim()).filter(Boolean);
}

/**
 * Runs `sql` (one or more statements) on a server's local D1 file directly, as `wrangler d1 execute --local` would
 * on the same file, and gives each statement's rows. A wrangler run cost seconds of CPU (its CLI and a runtime of its
 * own) and the suites made about a hundred of them (docs/decisions/0043-headless-shell.md).
 */
export function runSql(persistTo: string, sql: string): Record<string, unknown>[][] {
  const db = new DatabaseSync(d1File(persistTo));
  try {
    // The Worker may be writing: wait for its lock rather than fail.
    db.exec('PRAGMA busy_timeout = 10000');
    return statementsOf(sql).map((statement) => {
      const prepared = db.prepare(statement);
      if (prepared.columns().length === 0) {
        prepared.run();
        return [];
      }
      return (prepared.all() as Record<string, unknown>[]).map((row) => ({ ...row }));
    });
  } finally {
    db.close();
  }
}

/** A read-only connection with the signature it last computed and the data_version it was computed at. */
interface Reader {
  db: DatabaseSync;
  lastVersion: number;
  last: Signature | null;
}

/** The database as it was when pinned (a read transaction of its own), whatever the Worker has committed since. */
export interface Pinned {
  /** The pinned state's signature, computed on the first ask only. */
  signature(): Signature;
  release(): void;
}

export class DbWatch {
  private db: DatabaseSync;
  private main: Reader;
  /** Connections free to pin a state (pin()); two are in use at a time by a loop of before/after pins. */
  private idle: Reader[] = [];
  private queries = new Map<string, string>();
  private file: string;

  constructor(file: string) {
    this.file = file;
    this.db = new DatabaseSync(file, { readOnly: true });
    this.main = { db: this.db, lastVersion: -1, last: null };
    const tables = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[];
    for (const { name, sql } of tables) {
      if (INTERNAL.test(name) || AUDIT_TABLES.includes(name)) continue;
      const cols = (this.db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => !(IGNORED_COLUMNS[name] ?? []).includes(c));
      // Row count, rowids and, per column, the sum of lengths and of numeric values: any insert, delete or update of
      // a watched column moves at least one of them in practice, at the cost of one scan of a small table.
      const parts = cols.map((c) => `total(length("${c}")) || ',' || total("${c}")`).join(` || ';' || `);
      // A WITHOUT ROWID table has no rowid to sum: its key columns are among the summed columns.
      const rowids = /without\s+rowid/i.test(sql) ? "''" : 'total(rowid)';
      this.queries.set(name, `SELECT count(*) || '/' || ${rowids} || '/' || ${parts || "''"} AS sig FROM "${name}"`);
    }
  }

  static open(persistTo: string = inject('persistTo')): DbWatch {
    return new DbWatch(d1File(persistTo));
  }

  /** One statement through a writable connection of its own: tests use it only to move a stored clock back in time. */
  static adjust(persistTo: string, sql: string, ...params: (string | number)[]): number {
    const db = new DatabaseSync(d1File(persistTo));
    try {
      return Number(db.prepare(sql).run(...params).changes);
    } finally {
      db.close();
    }
  }

  get tables(): string[] {
    return [...this.queries.keys()];
  }

  /** Signature of every table (cheap when nothing was committed since the last call). */
  signature(): Signature {
    return this.signatureOn(this.main);
  }

  private signatureOn(reader: Reader): Signature {
    const version = (reader.db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
    if (reader.last && version === reader.lastVersion) return reader.last;
    const sig: Signature = {};
    for (const [name, sql] of this.queries) sig[name] = String((reader.db.prepare(sql).get() as { sig: string }).sig);
    reader.last = sig;
    reader.lastVersion = version;
    return sig;
  }

  /**
   * Pins the database as it is now, for a signature taken later only if it is needed: the fuzz gate compares the states
   * before and after a batch only when the whole batch was refused, and a signature scans every table (seconds per
   * route once a table holds tens of thousands of rows). The local D1 is in WAL mode, so a read transaction sees the
   * state it began with while the Worker goes on writing; the first read of the transaction fixes that state.
   */
  pin(): Pinned {
    const reader = this.idle.pop() ?? { db: new DatabaseSync(this.file, { readOnly: true }), lastVersion: -1, last: null };
    reader.db.exec('BEGIN');
    reader.db.prepare('SELECT count(*) FROM sqlite_master').get();
    let sig: Signature | null = null;
    let released = false;
    return {
      signature: () => (sig ??= this.signatureOn(reader)),
      release: () => {
        if (released) return;
        released = true;
        reader.db.exec('COMMIT');
        this.idle.push(reader);
      },
    };
  }

  /** Tables whose signature moved between two snapshots, leaving out `allowed`. */
  static changed(before: Signature, after: Signature, allowed: string[] = []): string[] {
    return Object.keys(after).filter((t) => !allowed.includes(t) && before[t] !== after[t]);
  }

  count(table: string, where = '1 = 1', ...params: (string | number)[]): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`).get(...params) as { n: number }).n;
  }

  row(table: string, where: string, ...params: (string | number)[]): Record<string, unknown> | undefined {
    return this.db.prepare(`SELECT * FROM "${table}" WHERE ${where}`).get(...params) as Record<string, unknown> | undefined;
  }

  all(sql: string, ...params: (string | number)[]): Record<string, unknown>[] {
    return this.db.prepare(sql).all(...params) as Record<string, unknown>[];
  }

  close() {
    this.db.close();
    for (const reader of this.idle) reader.db.close();
  }
}
