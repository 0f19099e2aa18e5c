// The per-isolate org cache (functions/cache/orgs.ts) over a stand-in database: bounded, least recently used first, and
// every unknown Host header served by one shared entry for the default org (issue #10: 20,000 made-up hosts grew the Worker by 1.2 GB).
import { describe, expect, it } from 'vitest';
import { orgForHost } from '../../functions/cache/orgs';

/** A database with `registered` hosts (host-N -> org N+10) and the default org; counts the queries it answers. */
function fakeDb(registered: number) {
  const queries: { sql: string; host?: unknown }[] = [];
  const row = (id: number) => ({ id, name: `Org ${id}`, version: 1 });
  const statement = (sql: string, args: unknown[] = []): any => ({
    bind: (...a: unknown[]) => statement(sql, a),
    first: async (column?: string) => {
      // The settings version check (a change is seen on the next request) is not a lookup of the org.
      if (sql.startsWith('SELECT version')) return column ? 1 : { version: 1 };
      queries.push({ sql, host: args[0] });
      if (sql.includes('org_domains')) {
        const m = /^host-(\d+)\.example$/.exec(String(args[0]));
        return m && Number(m[1]) < registered ? row(Number(m[1]) + 10) : null;
      }
      return row(1);
    },
  });
  return { db: { prepare: (sql: string) => statement(sql) } as unknown as D1Database, queries };
}

describe('the org cache', () => {
  it('serves every unknown host from one shared entry for the default org', async () => {
    const { db, queries } = fakeDb(0);
    const first = await orgForHost(db, `unknown-${crypto.randomUUID()}.example`);
    const rows = new Set([first]);
    for (let i = 0; i < 20_000; i++) rows.add(await orgForHost(db, `flood-${i}-${crypto.randomUUID()}.example`));
    expect(first.id).toBe(1);
    // One default-org row for all of them, read from the database once.
    expect(rows.size).toBe(1);
    expect(queries.filter((q) => !q.sql.includes('org_domains'))).toHaveLength(1);
  });

  it('remembers registered hosts, but only the most recently used ones once past its bound', async () => {
    const { db, queries } = fakeDb(5_000);
    const lookups = (host: string) => queries.filter((q) => q.host === host).length;
    expect((await orgForHost(db, 'host-0.example')).id).toBe(10);
    await orgForHost(db, 'host-0.example');
    expect(lookups('host-0.example')).toBe(1);
    for (let i = 1; i < 5_000; i++) await orgForHost(db, `host-${i}.example`);
    // host-0 was pushed out by thousands of other hosts: asked for again, it is looked up again.
    await orgForHost(db, 'host-0.example');
    expect(lookups('host-0.example')).toBe(2);
    // The most recent ones are still remembered.
    await orgForHost(db, 'host-4999.example');
    expect(lookups('host-4999.example')).toBe(1);
  });
});
