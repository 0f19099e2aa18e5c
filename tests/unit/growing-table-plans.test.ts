// Reads that grow with the business find their rows by an index (EXPLAIN QUERY PLAN over the migrations, as D1 runs
// them): the console's bookings list joined each booking to every agent booking of every org, a rate plan's removal
// read every booking, and an agent's new card booking of a quote read every cancelled booking (docs/decisions/0083).
import { describe, expect, it } from 'vitest';
import { migrated, planRows, recorder, type Sent, type Sqlite } from './sql-plans';
import { orgBookingByRef, orgBookings } from '../../functions/db/booking-admin';
import { bookQuote } from '../../functions/db/quotes';
import { deletePlan, deleteRoom, planHasFutureBookings, roomHasFutureBookings } from '../../functions/db/rooms';
import { purgeOldSessions } from '../../functions/db/sessions';
import { drawDailySalt, listLinks } from '../../functions/db/links';

/** Tables whose rows grow with bookings, members and hotels: never read whole by a request. */
const GROWING = [
  'bookings', 'agent_bookings', 'agent_quotes', 'products', 'users', 'room_types', 'rate_plans', 'credit_ledger', 'room_nights',
  'sessions', 'email_tokens', 'sso_keys_used', 'link_visitors', 'link_conversions',
];

/** Every loop of the statement (its subqueries, and the foreign keys its writes check) that reads a growing table whole. */
function wholeReads(db: Sqlite, s: Sent): string[] {
  const aliases = new Map<string, string>();
  for (const m of s.sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(?!ON|WHERE|JOIN|LEFT|CROSS|INNER|USING|GROUP|ORDER|LIMIT|UNION|SET)(\w+))?/gi)) {
    aliases.set(m[2] ?? m[1]!, m[1]!);
  }
  const plan = planRows(db, s);
  return plan
    .map((r) => r.detail)
    .filter((d) => {
      // A scan of the table, or of one of its indexes from end to end, reads every row.
      const m = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX \w+)?(?: LEFT-JOIN)?$/.exec(d);
      return m !== null && GROWING.includes(aliases.get(m[1]!) ?? m[1]!);
    });
}

describe('reads of tables that grow', () => {
  it("the console's bookings list and one booking join each booking to its agent's row by index", async () => {
    const { db, sent } = recorder();
    await orgBookings(db, 1, {}, 20, 0);
    await orgBookings(db, 1, { status: 'CONFIRMED', from: '2030-01-01', to: '2030-01-31' }, 20, 0);
    await orgBookingByRef(db, 1, 'TC-ABC123');
    expect(sent.length).toBeGreaterThanOrEqual(5);
    const sqlite = migrated();
    for (const s of sent) expect(wholeReads(sqlite, s), s.sql).toEqual([]);
    expect(sent.map((s) => planRows(sqlite, s).map((r) => r.detail).join(' | ')).join('\n')).toMatch(
      /SEARCH ab USING INDEX agent_bookings_by_card_booking \(card_booking_id=\?\)/,
    );
  });

  it("an agent's booking of a quote whose card payment never came finds that card booking by its id", async () => {
    const { db, sent } = recorder();
    await bookQuote(db, { orgId: 1, agentId: 2 }, 3, 'TC-QUOTE1').catch(() => undefined);
    expect(sent.length).toBeGreaterThan(1);
    const sqlite = migrated();
    for (const s of sent) expect(wholeReads(sqlite, s), s.sql).toEqual([]);
  });

  it('removing a room type or a rate plan looks for the bookings to come that hold it by index', async () => {
    const { db, sent } = recorder();
    const actor = { id: 1, email: 'admin@example.test' };
    await deleteRoom(db, 1, actor, 2, 3).catch(() => undefined);
    await deletePlan(db, 1, actor, 2, 4).catch(() => undefined);
    await roomHasFutureBookings(db, 3);
    await planHasFutureBookings(db, 4);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    const sqlite = migrated();
    for (const s of sent) expect(wholeReads(sqlite, s), s.sql).toEqual([]);
  });

  it('the deletes of rows past their use (sessions, SSO keys, email tokens, yesterday’s link visitors) find them by date', async () => {
    const { db, sent } = recorder();
    await purgeOldSessions(db, Date.now());
    await drawDailySalt(db, '2030-01-02').catch(() => undefined);
    expect(sent.length).toBeGreaterThanOrEqual(6);
    const sqlite = migrated();
    for (const s of sent) expect(wholeReads(sqlite, s), s.sql).toEqual([]);
  });

  it("the console's marketing links total each link's conversions from the org's own", async () => {
    const { db, sent } = recorder();
    await listLinks(db, 1);
    await listLinks(db, 1, 20, 'welcome');
    const sqlite = migrated();
    for (const s of sent) expect(wholeReads(sqlite, s), s.sql).toEqual([]);
  });

  it('the check finds a whole read of a growing table, by its alias too', () => {
    const sqlite = migrated();
    expect(wholeReads(sqlite, { sql: 'SELECT 1 FROM bookings b WHERE b.status = ?', binds: ['CONFIRMED'] })).toEqual(['SCAN b']);
    expect(wholeReads(sqlite, { sql: 'SELECT 1 FROM bookings WHERE id = ?', binds: [1] })).toEqual([]);
    expect(wholeReads(sqlite, { sql: 'SELECT org_id FROM bookings ORDER BY org_id, created_at', binds: [] })).toEqual(['SCAN bookings USING COVERING INDEX bookings_by_org_created']);
  });
});
