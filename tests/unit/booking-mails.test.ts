// Booking mails never fail the money step (issue 33): every one goes out through functions/flows/booking-mails.ts
// sendOwedMails, which builds and sends each inside one guard, so a mail that cannot be built (outside/mail.ts throws
// on the booking's data) or sent is logged and stays owed, and the next booking's mail still goes. Proven here on a
// stand-in D1, and by reading the code: nothing else builds a booking mail or works the owed-mail rows.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendOwedMails } from '../../functions/flows/booking-mails';
import type { Mail } from '../../functions/outside/mail';

const ROOT = join(import.meta.dirname, '..', '..');
const GUARD = 'functions/flows/booking-mails.ts';

const booking = (id: number, extra: Record<string, unknown> = {}) => ({
  id, booking_ref: `BK-TEST${id}-AAAAA`, org_id: 1 + (id % 2), user_id: null, product_id: 7, product_type: 'HLT', product_name: 'Hotel Azul', city: 'Lisbon',
  image: '', check_in: '2031-05-10', check_out: '2031-05-12', guests: 2, currency: 'USD', price_minor: 20000, certificate_minor: 0, discount_minor: 0,
  cash_minor: 0, total_minor: 20000, status: 'CONFIRMED', idempotency_key: 'k', request_hash: 'h', is_package: 0, created_at: '2031-01-01T00:00:00Z',
  paid_minor: 20000, refunded_minor: 0, payment_session_id: null, payment_intent_id: null, payment_url: null, language: 'en-US', time_zone: 'Europe/Lisbon',
  room_id: null, rate_plan_id: null, rooms: 0, occupancy: '[]', nights: '[]', room: null, rate: null,
  traveler: JSON.stringify({ title: 'Mrs', first_name: 'Ana', last_name: 'García', email: `ana${id}@example.com`, phone: '' }),
  ...extra,
});

/** A D1 that answers the owed-mail statements from `rows`, records what was marked sent or released, and fails a claim of `failClaimOf`. */
function standInDb(owed: { booking_id: number; kind: string; site: string }[], rows: ReturnType<typeof booking>[], failClaimOf?: number) {
  const marked: number[] = [];
  const released: number[] = [];
  const db = {
    prepare(sql: string) {
      let args: unknown[] = [];
      const statement = {
        bind: (...a: unknown[]) => ((args = a), statement),
        // The owed booking mails; no agent booking owes a voucher here.
        all: async () =>
          sql.includes('agent_booking_mails')
            ? { results: [] }
            : { results: owed.filter((o) => args[0] == null || o.booking_id === args[0]).map(({ booking_id, kind }) => ({ booking_id, kind })) },
        first: async () => {
          if (sql.includes('RETURNING booking_id, kind, site')) {
            if (args[0] === failClaimOf) throw new Error('D1_ERROR: the database is not answering');
            return { ...owed.find((o) => o.booking_id === args[0])!, refunded_minor: 0 };
          }
          if (sql.includes('FROM bookings WHERE id = ?')) return rows.find((r) => r.id === args[0]) ?? null;
          if (sql.includes('FROM orgs')) return { name: 'Travel Club', logo_url: '' };
          return null;
        },
        run: async () => {
          if (sql.includes('SET sent_at')) marked.push(args[0] as number);
          if (sql.includes('SET claimed_until = NULL')) released.push(args[0] as number);
          return { meta: { changes: 1 } };
        },
      };
      return statement;
    },
  } as unknown as D1Database;
  return { db, marked, released };
}

describe('sendOwedMails, the one way a booking mail goes out', () => {
  it('a mail that cannot be built is logged and stays owed, and the next booking’s mail still goes', async () => {
    const owed = [
      // The mail's own code throws on these: a traveller record that does not parse, and a manage link the calendar
      // entry refuses (the port a forged Host once put there).
      { booking_id: 1, kind: 'confirmed', site: 'http://localhost:8791' },
      { booking_id: 3, kind: 'confirmed', site: 'http://localhost:1' },
      { booking_id: 2, kind: 'confirmed', site: 'http://localhost:8791' },
    ];
    const { db, marked, released } = standInDb(owed, [booking(1, { traveler: '{"email": "ana@exa' }), booking(2), booking(3)]);
    const sent: Mail[] = [];
    const failures: string[] = [];
    const counts = await sendOwedMails({ db, mailer: () => ({ send: async (m) => void sent.push(m) }), failed: (purpose) => failures.push(purpose) }, null);
    expect(counts).toEqual({ sent: 1, failed: 2 });
    expect(sent.map((m) => m.to)).toEqual(['ana2@example.com']);
    expect(sent[0]!.text).toContain('/manage-booking?booking=BK-TEST2-AAAAA');
    expect(failures).toEqual(['booking.confirmed', 'booking.confirmed']);
    expect(marked).toEqual([2]);
    expect(released.sort()).toEqual([1, 3]);
  });

  it('a mail API that fails gives the claim back and the sweep goes on', async () => {
    const owed = [{ booking_id: 1, kind: 'confirmed', site: 'https://travel.example' }, { booking_id: 2, kind: 'cancelled', site: '' }];
    const { db, marked, released } = standInDb(owed, [booking(1), booking(2, { status: 'CANCELLED' })]);
    const counts = await sendOwedMails({
      db,
      mailer: (orgId) => ({ send: async () => { if (orgId === 2) throw new Error('mail API answered 500'); } }),
      failed: () => undefined,
    }, null);
    expect(counts).toEqual({ sent: 1, failed: 1 });
    expect(marked).toEqual([2]);
    expect(released).toEqual([1]);
  });

  it('D1 failing at a claim: the sweep logs it and goes on; a request’s own mail throws it (its 503, then the retry sends)', async () => {
    const owed = [{ booking_id: 1, kind: 'confirmed', site: 'https://travel.example' }, { booking_id: 2, kind: 'confirmed', site: 'https://travel.example' }];
    const failures: string[] = [];
    const { db, marked } = standInDb(owed, [booking(1), booking(2)], 1);
    const sent: Mail[] = [];
    const deps = { db, mailer: () => ({ send: async (m: Mail) => void sent.push(m) }), failed: (p: string) => failures.push(p) };
    await expect(sendOwedMails(deps, null)).resolves.toEqual({ sent: 1, failed: 1 });
    expect(failures).toEqual(['booking.confirmed']);
    expect(marked).toEqual([2]);
    await expect(sendOwedMails(deps, 1)).rejects.toThrow(/D1_ERROR/);
  });
});

describe('nothing bypasses the guard', () => {
  const files = readdirSync(join(ROOT, 'functions'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
  const code = (f: string) => readFileSync(join(ROOT, f), 'utf8');

  it('only the guard builds a booking mail or an agent’s voucher, or works the owed-mail rows', () => {
    const builders =
      /\b(confirmationMail|cancellationMail|stayCalendar|claimOwedMail|markMailSent|releaseMailClaim|owedMails|voucherMail|claimVoucher|markVoucherSent|releaseVoucherClaim|owedVouchers)\b/;
    const own = new Set([GUARD, 'functions/outside/mail.ts', 'functions/db/bookings.ts', 'functions/services/agent-mail.ts', 'functions/db/agent-vouchers.ts']);
    const users = files.filter((f) => !own.has(f) && builders.test(code(f)));
    expect(users, `send booking mails through sendOwedMails (${GUARD})`).toEqual([]);
  });

  it('the guard exports sendOwedMails alone, and builds and sends each mail inside its try', () => {
    const guard = code(GUARD);
    expect([...guard.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1])).toEqual(['sendOwedMails']);
    const deliver = guard.slice(guard.indexOf('async function deliver('));
    const tryAt = deliver.indexOf('try {');
    const catchAt = deliver.indexOf('} catch');
    for (const call of ['mailOf(', '.send(']) {
      const at = deliver.indexOf(call);
      expect(at > tryAt && at < catchAt, `${call} inside deliver's try`).toBe(true);
    }
    // mailOf is called nowhere else.
    expect(guard.match(/\bmailOf\(/g)).toHaveLength(2);
  });
});
