// The D1 retry policy (functions/db/retry.ts) over a stand-in database: which errors and statements are retried, how often, how long.
import { describe, expect, it } from 'vitest';
import { backoffMs, DB_ATTEMPTS, isReadOnlySql, isRetryableDbError, newDbState, resilientDb } from '../../functions/db/retry';

const LOST = () => new Error('D1_ERROR: Network connection lost.');

/** A database whose statements fail with the given errors, in order, before answering. */
function fakeDb(failures: (() => Error)[]) {
  const calls: string[] = [];
  const answer = async (sql: string) => {
    calls.push(sql);
    const f = failures.shift();
    if (f) throw f();
    return { results: [], success: true, meta: {} };
  };
  const statement = (sql: string): any => ({
    bind: () => statement(sql),
    first: () => answer(sql).then(() => ({ n: 1 })),
    all: () => answer(sql),
    run: () => answer(sql),
    raw: () => answer(sql).then(() => []),
  });
  const db = { prepare: statement, batch: (s: unknown[]) => answer(`batch of ${s.length}`).then(() => []) } as unknown as D1Database;
  return { db, calls };
}

describe('D1 retries', () => {
  it('knows the transient errors Cloudflare lists and the storage\u2019s internal error and lock, and nothing else', () => {
    expect(isRetryableDbError(LOST())).toBe(true);
    expect(isRetryableDbError(new Error('D1_ERROR: Durable Object reset because its code was updated.'))).toBe(true);
    expect(isRetryableDbError(new Error('D1_ERROR: internal error; reference = x; storage caused object to be reset'))).toBe(true);
    expect(isRetryableDbError(new Error('D1_ERROR: Failed to get session commit token: internal error; reference = ghf9gpb5f6gh83mp7l266204'))).toBe(true);
    expect(isRetryableDbError(new Error('D1_ERROR: database is locked: SQLITE_BUSY'))).toBe(true);
    expect(isRetryableDbError(new Error('SQLITE_BUSY'))).toBe(true);
    expect(isRetryableDbError(new Error('D1_ERROR: UNIQUE constraint failed: users.email'))).toBe(false);
    expect(isRetryableDbError(new Error('D1_ERROR: no such table: nope'))).toBe(false);
  });

  it('counts only SELECT/WITH statements without a writing keyword as reads', () => {
    expect(isReadOnlySql('  select * from users where id = ?')).toBe(true);
    expect(isReadOnlySql('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isReadOnlySql('WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x')).toBe(false);
    expect(isReadOnlySql('UPDATE users SET name = ?')).toBe(false);
    expect(isReadOnlySql('INSERT INTO t VALUES (1) RETURNING id')).toBe(false);
  });

  it('waits a random time below an exponentially growing, capped ceiling', () => {
    expect([0, 1, 2, 3, 8].map((a) => backoffMs(a, () => 0))).toEqual([0, 0, 0, 0, 0]);
    expect([0, 1, 2, 3, 8].map((a) => backoffMs(a, () => 0.999999))).toEqual([40, 80, 160, 200, 200]);
  });

  it(`retries a read up to ${DB_ATTEMPTS} attempts in all, then gives the error to the caller`, async () => {
    const ok = fakeDb([LOST, LOST]);
    const state = newDbState();
    await expect(resilientDb(ok.db, state).prepare('SELECT 1').first()).resolves.toEqual({ n: 1 });
    expect(ok.calls.length).toBe(3);
    expect(state).toMatchObject({ failures: 2, retries: 2, gaveUp: false });

    const bad = fakeDb([LOST, LOST, LOST, LOST]);
    const badState = newDbState();
    await expect(resilientDb(bad.db, badState).prepare('SELECT 1').bind(1).all()).rejects.toThrow('Network connection lost');
    expect(bad.calls.length).toBe(DB_ATTEMPTS);
    expect(badState).toMatchObject({ failures: 3, retries: 2, gaveUp: true });
  });

  it('never sends a write, or a batch holding one, twice', async () => {
    const { db, calls } = fakeDb([LOST, LOST]);
    const state = newDbState();
    const d = resilientDb(db, state);
    await expect(d.prepare('INSERT INTO t VALUES (?)').bind(1).run()).rejects.toThrow('Network connection lost');
    await expect(d.batch([d.prepare('SELECT 1'), d.prepare('DELETE FROM t')])).rejects.toThrow('Network connection lost');
    expect(calls).toEqual(['INSERT INTO t VALUES (?)', 'batch of 2']);
    expect(state).toMatchObject({ failures: 2, retries: 0, gaveUp: true });
  });

  it('sends a write, or a batch holding one, again when the file\u2019s lock refused it (nothing was written)', async () => {
    const LOCKED = () => new Error('D1_ERROR: database is locked: SQLITE_BUSY');
    const { db, calls } = fakeDb([LOCKED, LOCKED]);
    const state = newDbState();
    const d = resilientDb(db, state);
    await expect(d.prepare('INSERT INTO t VALUES (?)').bind(1).run()).resolves.toMatchObject({ success: true });
    expect(calls).toEqual(['INSERT INTO t VALUES (?)', 'INSERT INTO t VALUES (?)', 'INSERT INTO t VALUES (?)']);
    expect(state).toMatchObject({ failures: 2, retries: 2, gaveUp: false });

    const held = fakeDb([LOCKED, LOCKED, LOCKED]);
    const heldState = newDbState();
    const h = resilientDb(held.db, heldState);
    await expect(h.batch([h.prepare('SELECT 1'), h.prepare('DELETE FROM t')])).rejects.toThrow('SQLITE_BUSY');
    expect(held.calls.length).toBe(DB_ATTEMPTS);
    expect(heldState).toMatchObject({ retries: DB_ATTEMPTS - 1, gaveUp: true });
    // The storage's internal error may come after the commit: a write that met it is not sent again.
    const commit = fakeDb([() => new Error('D1_ERROR: Failed to get session commit token: internal error; reference = x')]);
    await expect(resilientDb(commit.db, newDbState()).prepare('UPDATE t SET a = 1').run()).rejects.toThrow('internal error');
    expect(commit.calls.length).toBe(1);
  });

  it('does not retry errors that are not transient', async () => {
    const { db, calls } = fakeDb([() => new Error('D1_ERROR: no such column: x')]);
    await expect(resilientDb(db, newDbState()).prepare('SELECT x').first()).rejects.toThrow('no such column');
    expect(calls.length).toBe(1);
  });

  it('injects the asked number of failures into the asked kind of call, without reaching the database', async () => {
    const { db, calls } = fakeDb([]);
    const state = newDbState(1, 'write');
    const d = resilientDb(db, state);
    await expect(d.prepare('SELECT 1').first()).resolves.toEqual({ n: 1 });
    await expect(d.prepare('UPDATE t SET a = 1').run()).rejects.toThrow('Network connection lost');
    await expect(d.prepare('UPDATE t SET a = 2').run()).resolves.toMatchObject({ success: true });
    expect(calls).toEqual(['SELECT 1', 'UPDATE t SET a = 2']);
  });
});

describe('the app with D1 failing', () => {
  // The org lookup is every /api request's first read; each case uses a host of its own (orgs are cached per host).
  const org = { id: 1, name: 'Org', default_language: 'en-US', default_currency: 'USD' };
  function env(environment: string, failures: number) {
    const calls: string[] = [];
    const statement = (sql: string): any => ({
      bind: () => statement(sql),
      first: async () => {
        calls.push(sql);
        if (failures-- > 0) throw LOST();
        return org;
      },
    });
    return { calls, env: { ENVIRONMENT: environment, DB: { prepare: statement } as unknown as D1Database } };
  }
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const get = async (host: string, e: object, headers: Record<string, string> = {}) => {
    const { app } = await import('../../functions/app');
    return app.fetch(new Request(`http://${host}/api/health`, { headers: { host, ...headers } }), e, ctx);
  };

  it('answers 503 in the error shape with Retry-After when a read fails on every attempt', async () => {
    const { env: e, calls } = env('production', 5);
    const res = await get(`a-${crypto.randomUUID()}.example`, e);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ status: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'Service temporarily unavailable, please try again', key: 'auth_msg_serviceUnavailable' } });
    expect(calls.length).toBe(DB_ATTEMPTS);
  });

  it('recovers from a read failing twice', async () => {
    const { env: e, calls } = env('production', 2);
    const res = await get(`b-${crypto.randomUUID()}.example`, e);
    expect(res.status).toBe(200);
    expect(calls.length).toBe(3);
  });

  it('honours the x-fault-db header only in the faults environment', async () => {
    for (const environment of ['production', 'development']) {
      const { env: e, calls } = env(environment, 0);
      const res = await get(`c-${crypto.randomUUID()}.example`, e, { 'x-fault-db': '9' });
      expect(res.status, environment).toBe(200);
      expect(calls.length).toBe(1);
    }
    const { env: e } = env('faults', 0);
    expect((await get(`d-${crypto.randomUUID()}.example`, e, { 'x-fault-db': '9' })).status).toBe(503);
    expect((await get(`e-${crypto.randomUUID()}.example`, e, { 'x-fault-db': '2' })).status).toBe(200);
  });
});
