// D1 per request: read-only statements retried on D1's retryable errors (bounded, exponential backoff, full jitter),
// writes never retried; in the 'faults' environment, retryable errors injected on demand (x-fault-db) over the real D1.

/**
 * Messages Cloudflare lists as transient (developers.cloudflare.com/d1/best-practices/retry-queries), and the storage's
 * own "internal error" (seen locally when another process held the database file: "Failed to get session commit
 * token: internal error", SQLITE_BUSY underneath), and SQLITE_BUSY named as such ("database is locked", seen locally under
 * a full test run's load when another process held the file's lock). A read is sent again, and so is a write the lock
 * refused (isLockedDbError); any other write is answered 503, never 500.
 */
const RETRYABLE = ['Network connection lost', 'storage caused object to be reset', 'reset because its code was updated', 'internal error', 'database is locked', 'SQLITE_BUSY'];

export const isRetryableDbError = (err: unknown) => RETRYABLE.some((m) => String((err as Error)?.message ?? err).includes(m));

/**
 * SQLite's own "busy", named as such: the statement, or the batch's one transaction, could not take the file's lock and
 * was refused before it wrote anything, so a write is as safe to send again as a read. (D1's "internal error" is not
 * among them: it may come after the commit.)
 */
const REFUSED_BEFORE_WRITING = ['database is locked', 'SQLITE_BUSY'];
export const isLockedDbError = (err: unknown) => REFUSED_BEFORE_WRITING.some((m) => String((err as Error)?.message ?? err).includes(m));

export const DB_ATTEMPTS = 3;
const BASE_MS = 20;
const CAP_MS = 200;

/** Full jitter: a random wait between 0 and min(cap, base · 2^attempt) (attempt 0 before the first retry). */
export const backoffMs = (attempt: number, random = Math.random) => Math.round(random() * Math.min(CAP_MS, BASE_MS * 2 ** (attempt + 1)));

/** Only statements made of SELECT/WITH with no writing keyword are reads (D1's own read-only rule is the same). */
const WRITES = /\b(INSERT|UPDATE|DELETE|REPLACE|UPSERT|CREATE|DROP|ALTER|PRAGMA|ATTACH|DETACH|VACUUM|REINDEX|ANALYZE)\b/i;
export const isReadOnlySql = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql) && !WRITES.test(sql);

export type FaultTarget = 'any' | 'read' | 'write';

/** What happened to this request's D1 calls, for the one log line the app writes at the end of the request. */
export interface DbRequestState {
  /** Retryable failures seen (injected or real), retried or not. */
  failures: number;
  /** Retries made. */
  retries: number;
  /** A retryable failure reached the caller (a write, or a read that failed every attempt). */
  gaveUp: boolean;
  lastError?: string;
  /** Injected failures still to throw, and which calls they hit. */
  inject: number;
  injectOn: FaultTarget;
  /** Calls of the injected kind let through before the injected failures (a fault after a write that succeeded). */
  injectAfter: number;
  /** Statements sent to D1 (a batch counts each of its statements, a retry counts again): X-D1-Queries in development. */
  statements: number;
}

export const newDbState = (inject = 0, injectOn: FaultTarget = 'any', injectAfter = 0): DbRequestState => ({ failures: 0, retries: 0, gaveUp: false, inject, injectOn, injectAfter, statements: 0 });

/**
 * Reads the fault headers (honoured only where the caller allows them): `x-fault-db: <n>`, `x-fault-db-on: read|write|any`,
 * and `x-fault-db-after: <k>` (the first k calls of that kind go through).
 */
export function faultsFromHeaders(count: string | undefined, on: string | undefined, after?: string): { inject: number; injectOn: FaultTarget; injectAfter: number } {
  const n = Math.min(20, Math.max(0, Number.parseInt(count ?? '0', 10) || 0));
  const target: FaultTarget = on === 'read' || on === 'write' ? on : 'any';
  return { inject: n, injectOn: target, injectAfter: Math.min(50, Math.max(0, Number.parseInt(after ?? '0', 10) || 0)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Calls {
  readonly state: DbRequestState;
  constructor(state: DbRequestState) {
    this.state = state;
  }

  private maybeInject(read: boolean) {
    const s = this.state;
    if (s.inject <= 0 || (s.injectOn === 'read' && !read) || (s.injectOn === 'write' && read)) return;
    if (s.injectAfter > 0) {
      s.injectAfter -= 1;
      return;
    }
    s.inject -= 1;
    throw new Error('D1_ERROR: Network connection lost. (injected)');
  }

  async run<T>(read: boolean, call: () => Promise<T>, statements = 1): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        this.state.statements += statements;
        this.maybeInject(read);
        return await call();
      } catch (err) {
        if (!isRetryableDbError(err)) throw err;
        this.state.failures += 1;
        this.state.lastError = String((err as Error)?.message ?? err);
        // A write may have been applied before the connection dropped: only reads, and a write the lock refused, are safe
        // to send again.
        if ((!read && !isLockedDbError(err)) || attempt + 1 >= DB_ATTEMPTS) {
          this.state.gaveUp = true;
          throw err;
        }
        this.state.retries += 1;
        await sleep(backoffMs(attempt));
      }
    }
  }
}

const INNER = Symbol('inner');

class Statement {
  [INNER]: D1PreparedStatement;
  constructor(inner: D1PreparedStatement, readonly sql: string, private readonly calls: Calls) {
    this[INNER] = inner;
  }
  bind(...values: unknown[]) {
    return new Statement(this[INNER].bind(...values), this.sql, this.calls) as unknown as D1PreparedStatement;
  }
  first(column?: string) {
    const read = isReadOnlySql(this.sql);
    return this.calls.run(read, () => (column === undefined ? this[INNER].first() : this[INNER].first(column)));
  }
  run() {
    return this.calls.run(isReadOnlySql(this.sql), () => this[INNER].run());
  }
  all() {
    return this.calls.run(isReadOnlySql(this.sql), () => this[INNER].all());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.calls.run(isReadOnlySql(this.sql), () => (options?.columnNames ? this[INNER].raw({ columnNames: true }) : this[INNER].raw()) as Promise<unknown[]>);
  }
}

const innerOf = (s: D1PreparedStatement) => ((s as unknown as Statement)[INNER] ?? s) as D1PreparedStatement;
const sqlOf = (s: D1PreparedStatement) => (s as unknown as Statement).sql ?? '';

const states = new WeakMap<D1Database, DbRequestState>();

/**
 * The request's D1, wrapped once per request by whichever comes first (the Worker's entry, or the API app when it is
 * called on its own); a D1 already wrapped is handed back with its state, so every statement is counted once.
 */
export function requestDb(db: D1Database, faultHeader: (name: string) => string | undefined | null, faultsAllowed: boolean) {
  const known = states.get(db);
  if (known) return { db, state: known };
  const faults = faultsAllowed
    ? faultsFromHeaders(faultHeader('x-fault-db') ?? undefined, faultHeader('x-fault-db-on') ?? undefined, faultHeader('x-fault-db-after') ?? undefined)
    : undefined;
  const state = newDbState(faults?.inject, faults?.injectOn, faults?.injectAfter);
  return { db: resilientDb(db, state), state };
}

/** The request's view of D1: the same database, with the retry (and, when asked, injected failures) around each call. */
export function resilientDb(db: D1Database, state: DbRequestState): D1Database {
  const calls = new Calls(state);
  const wrapped = {
    prepare: (sql: string) => new Statement(db.prepare(sql), sql, calls) as unknown as D1PreparedStatement,
    // A batch is one transaction: retried only when every statement in it reads.
    batch: <T = unknown>(statements: D1PreparedStatement[]) =>
      calls.run(statements.every((s) => isReadOnlySql(sqlOf(s))), () => db.batch<T>(statements.map(innerOf)), statements.length),
    exec: (query: string) => calls.run(false, () => db.exec(query), query.split('\n').filter((line) => line.trim()).length),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  };
  states.set(wrapped as unknown as D1Database, state);
  return wrapped as unknown as D1Database;
}
