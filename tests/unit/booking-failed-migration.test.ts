// Migration 0044 rebuilds bookings (and booking_mails) for the FAILED status: proven over the migrations in SQLite with
// foreign keys on, on a database with rows in every table that references bookings, inside one transaction as D1 runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
const { DatabaseSync } = await import('node:sqlite');

const ROOT = resolve(import.meta.dirname, '../..');
const MIGRATIONS = readdirSync(join(ROOT, 'migrations')).filter((f) => f.endsWith('.sql')).sort();
const FAILED_MIGRATION = '0044_booking_failed.sql';
type Db = InstanceType<typeof DatabaseSync>;

function migrate(db: Db, files: string[]) {
  for (const file of files) {
    db.exec('BEGIN');
    db.exec(readFileSync(join(ROOT, 'migrations', file), 'utf8'));
    db.exec('COMMIT');
  }
}

/** Every table whose foreign key names bookings, read from the schema itself. */
const referencing = (db: Db) =>
  (db.prepare(`SELECT DISTINCT m.name AS name FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) p WHERE m.type = 'table' AND p."table" = 'bookings' ORDER BY 1`).all() as { name: string }[]).map((r) => r.name);
const rowsOf = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
const schemaOf = (db: Db) =>
  db.prepare(`SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name`).all();

function fill(db: Db) {
  db.exec(`INSERT INTO orgs (id, name) VALUES (901, 'Failed org');
    INSERT INTO users (id, org_id, email, referral_code) VALUES (901, 901, 'm@example.com', 'R901'), (902, 901, 'a@example.com', 'R902');
    INSERT INTO products (id, org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests)
      VALUES (901, 901, 'HLT', 'Hôtel Migration', 'Nice', 'FR', 43.7, 7.26, 12000, 'night', 3);
    INSERT INTO room_types (id, product_id, org_id, code, name, max_adults, max_occupancy, units) VALUES (901, 901, 901, 'DBL', '{"en-US":"Double"}', 2, 3, 5);
    INSERT INTO bookings (id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency,
        price_minor, certificate_minor, total_minor, status, idempotency_key, request_hash, traveler, paid_minor, language, room_id, rooms, occupancy, nights)
      VALUES (901, 'BK-MIG01-AAAAA', 901, 901, 901, 'HLT', 'Hôtel Migration', 'Nice', '2030-01-10', '2030-01-12', 2, 'EUR',
        30000, 5000, 25000, 'CONFIRMED', 'k1', 'h1', '{}', 25000, 'fr-FR', 901, 1, '["2"]', '[{"date":"2030-01-10","price":15000},{"date":"2030-01-11","price":15000}]');
    INSERT INTO bookings (id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency,
        price_minor, total_minor, status, idempotency_key, request_hash, traveler, paid_minor, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state)
      VALUES (902, 'BK-MIG02-BBBBB', 901, NULL, 901, 'HLT', 'Hôtel Migration', 'Nice', '2030-02-10', '2030-02-11', 1, 'EUR',
        9000, 9000, 'CONFIRMED', 'k2', 'h2', '{}', 9000, 'hotelbeds', 'key|1', 7000, 'EUR', 'to_book');
    INSERT INTO payment_cards (id, org_id, user_id, kind, card_code, status) VALUES (901, 901, 901, 'certificate', 'C901', 'REDEEMED');
    INSERT INTO card_spends (booking_id, card_id, kind, amount_minor, card_currency_minor, state) VALUES (901, 901, 'certificate', 5000, 5000, 'SPENT');
    INSERT INTO booking_mails (booking_id, kind, site, sent_at) VALUES (901, 'confirmed', 'https://a.example', '2029-12-01T00:00:00.000Z'), (902, 'confirmed', '', NULL);
    INSERT INTO booking_link_credits (booking_id, link_id, click_at, window_start, revenue_minor, currency) VALUES (901, 7, '2029-12-01', '2029-11-01', 25000, 'EUR');
    INSERT INTO review_invitations (booking_id, site) VALUES (901, 'https://a.example');
    INSERT INTO reviews (org_id, booking_id, product_id, user_id, score, text, stayed) VALUES (901, 901, 901, 901, 9, 'Lovely', '2030-01');
    INSERT INTO agent_quotes (id, org_id, agent_id, client_name, client_email, product_id, product_type, product_name, city, check_in, guests, currency,
        markup_bps, net_usd_minor, total_usd_minor, net_minor, total_minor) VALUES (901, 901, 902, 'Client', 'c@example.com', 901, 'HLT', 'Hôtel Migration', 'Nice', '2030-02-10', 1, 'EUR', 0, 9000, 9000, 9000, 9000);
    INSERT INTO agent_bookings (booking_ref, org_id, agent_id, quote_id, client_name, client_email, product_id, product_type, product_name, city, check_in, guests,
        currency, total_minor, net_usd_minor, total_usd_minor, pay_method, card_booking_id)
      VALUES ('BK-MIG02-BBBBB', 901, 902, 901, 'Client', 'c@example.com', 901, 'HLT', 'Hôtel Migration', 'Nice', '2030-02-10', 1, 'EUR', 9000, 9000, 9000, 'card', 902);`);
}

describe('migration 0044 (the FAILED status)', () => {
  it('keeps every booking, every row that references one, the rooms sold and the review counts', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    const index = MIGRATIONS.indexOf(FAILED_MIGRATION);
    expect(index).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, index));
    fill(db);
    const tables = referencing(db);
    expect(tables).toEqual(expect.arrayContaining(['agent_bookings', 'booking_link_credits', 'booking_mails', 'card_spends', 'review_invitations', 'reviews']));
    const before = Object.fromEntries(['bookings', ...tables, 'room_nights'].map((t) => [t, rowsOf(db, t)]));
    for (const t of tables) expect(before[t]!.length, t).toBeGreaterThan(0);
    const counts = db.prepare('SELECT review_count, review_score_total FROM products WHERE id = 901').get();
    const schema = schemaOf(db);

    migrate(db, MIGRATIONS.slice(index, index + 1));

    for (const [t, rows] of Object.entries(before)) expect(rowsOf(db, t), t).toEqual(rows);
    expect(referencing(db)).toEqual(tables);
    expect(db.prepare('SELECT review_count, review_score_total FROM products WHERE id = 901').get()).toEqual(counts);
    expect(schemaOf(db)).toEqual(schema);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name LIKE '%_keep' OR name = 'bookings_next'").get()).toEqual({ n: 0 });

    // FAILED is a status now, and a failed booking gives its rooms back (the triggers came back with the table).
    db.exec("UPDATE bookings SET status = 'FAILED' WHERE id = 901");
    expect((db.prepare("SELECT SUM(sold) AS sold FROM room_nights WHERE room_id = 901").get() as { sold: number }).sold).toBe(0);
    db.exec("INSERT INTO booking_mails (booking_id, kind) VALUES (901, 'failed')");
    expect(() => db.exec("UPDATE bookings SET status = 'LOST' WHERE id = 902")).toThrow(/CHECK/);
  });
});
