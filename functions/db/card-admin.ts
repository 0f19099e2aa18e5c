// The console's wallet-card SQL: issuing to members (one card, or a whole CSV file in one statement), voiding, and what
// a card paid. Every change writes its audit row in the same batch, guarded by the same condition.
import type { Actor } from './console';
import type { AdminCardEntry } from '../../src/shared/contract/console-ops';
import type { CardKind } from '../../src/shared/rules/wallet';

/** A card to issue, as stored (amounts in minor units of its currency). */
export interface CardToIssue {
  email: string;
  kind: CardKind;
  code: string;
  name: string;
  services: string;
  pro_code: string;
  amount_minor: number;
  redemption_minor: number;
  product_code: string;
  currency: string;
  /** An ISO instant, or null: the card does not expire. */
  expires_at: string | null;
}

const j = (field: keyof CardToIssue) => `json_extract(j.value, '$.${field}')`;

/** Inserts every card of `cards` (JSON) whose email is a member of the org, and only while `guard` holds. */
const INSERT_CARDS = (guard: string) => `
  INSERT INTO payment_cards (org_id, user_id, kind, card_code, name, services, pro_code, status, card_amount_minor, redemption_price_minor,
    payment_product_code, payment_card_currency, listed, expires_at)
  SELECT ?1, u.id, ${j('kind')}, ${j('code')}, ${j('name')}, ${j('services')}, ${j('pro_code')}, 'ACTIVE', ${j('amount_minor')}, ${j('redemption_minor')},
    ${j('product_code')}, ${j('currency')}, 0, ${j('expires_at')}
  FROM json_each(?2) j CROSS JOIN users u ON u.org_id = ?1 AND u.email = ${j('email')} COLLATE NOCASE
  WHERE ${guard}
  RETURNING id, card_code`;

/** The emails among `emails` that belong to members of the org (lower-cased). */
export async function memberEmails(db: D1Database, orgId: number, emails: string[]): Promise<Set<string>> {
  const { results } = await db
    .prepare('SELECT lower(email) AS email FROM users WHERE org_id = ? AND lower(email) IN (SELECT lower(value) FROM json_each(?))')
    .bind(orgId, JSON.stringify(emails))
    .all<{ email: string }>();
  return new Set(results.map((r) => r.email));
}

export async function offeredCurrencies(db: D1Database): Promise<Set<string>> {
  const { results } = await db.prepare('SELECT code FROM currencies WHERE status = 1').all<{ code: string }>();
  return new Set(results.map((r) => r.code));
}

/** One card to one member, with its audit row; null when the email is no member of the org. */
export async function issueCard(db: D1Database, orgId: number, actor: Actor, card: CardToIssue) {
  const [inserted] = await db.batch<{ id: number; card_code: string }>([
    db.prepare(INSERT_CARDS('1')).bind(orgId, JSON.stringify([card])),
    db
      .prepare(`INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) SELECT ?, ?, ?, 'card.issue', ?, ? WHERE changes() > 0`)
      .bind(orgId, actor.id, actor.email, `card:${card.code} ${card.email}`, JSON.stringify({ after: { kind: card.kind, amount_minor: card.amount_minor || card.redemption_minor, currency: card.currency, expires_at: card.expires_at } })),
  ]);
  return inserted!.results[0] ?? null;
}

export interface ImportRow {
  request_hash: string;
  issued: number;
}

export function importByKey(db: D1Database, orgId: number, key: string) {
  return db.prepare('SELECT request_hash, issued FROM card_imports WHERE org_id = ? AND idempotency_key = ?').bind(orgId, key).first<ImportRow>();
}

/**
 * A whole import as one batch (one transaction): the key's row first, then the cards and the audit row only if that
 * row is this request's own (its nonce). Of any number of concurrent requests with one key exactly one issues cards.
 * Answers how many were issued, or null when the key was already taken.
 */
export async function importCards(
  db: D1Database,
  orgId: number,
  actor: Actor,
  imp: { key: string; requestHash: string; nonce: string },
  cards: CardToIssue[],
): Promise<number | null> {
  const mine = 'EXISTS (SELECT 1 FROM card_imports WHERE org_id = ?1 AND idempotency_key = ?3 AND nonce = ?4)';
  const [claimed, inserted] = await db.batch([
    db
      .prepare('INSERT INTO card_imports (org_id, idempotency_key, request_hash, nonce, issued) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(orgId, imp.key, imp.requestHash, imp.nonce, cards.length),
    db.prepare(INSERT_CARDS(mine)).bind(orgId, JSON.stringify(cards), imp.key, imp.nonce),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?5, ?6, 'card.import', 'cards:' || CAST(?7 AS INTEGER), json_object('after', json_object('issued', ?7)) WHERE ${mine}`,
      )
      .bind(orgId, null, imp.key, imp.nonce, actor.id, actor.email, cards.length),
  ]);
  if ((claimed!.meta.changes ?? 0) === 0) return null;
  return inserted!.results.length;
}

/** Voids an ACTIVE card of the org (it stops counting in the wallet at once), with its audit row. */
export async function voidCard(db: D1Database, orgId: number, actor: Actor, cardId: number): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE payment_cards SET status = 'VOID', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND org_id = ? AND status = 'ACTIVE'`)
      .bind(cardId, orgId),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'card.void', 'card:' || card_code, json_object('before', json_object('status', 'ACTIVE'), 'after', json_object('status', 'VOID'))
         FROM payment_cards WHERE id = ? AND org_id = ? AND changes() > 0`,
      )
      .bind(actor.id, actor.email, cardId, orgId),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}

interface AdminCardRow {
  id: number;
  card_code: string;
  kind: CardKind;
  status: string;
  email: string | null;
  services: string;
  pro_code: string;
  card_amount_minor: number;
  redemption_price_minor: number;
  payment_card_currency: string;
  created_at: string;
  expires_at: string | null;
}

const CARD_COLUMNS = `p.id, p.card_code, p.kind, p.status, u.email, p.services, p.pro_code, p.card_amount_minor, p.redemption_price_minor,
  p.payment_card_currency, p.created_at, p.expires_at`;

export async function listOrgCards(db: D1Database, orgId: number, q: string, limit: number, offset: number) {
  const match = q ? ' AND (instr(lower(IFNULL(u.email, \'\')), lower(?2)) > 0 OR instr(lower(p.card_code), lower(?2)) > 0)' : '';
  const from = `FROM payment_cards p LEFT JOIN users u ON u.id = p.user_id WHERE p.org_id = ?1${match}`;
  const args = q ? [orgId, q] : [orgId];
  const [count, rows] = await db.batch<{ n?: number } & AdminCardRow>([
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...args),
    db.prepare(`SELECT ${CARD_COLUMNS} ${from} ORDER BY p.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`).bind(...args),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as AdminCardRow[] };
}

export function orgCard(db: D1Database, orgId: number, cardId: number) {
  return db.prepare(`SELECT ${CARD_COLUMNS} FROM payment_cards p LEFT JOIN users u ON u.id = p.user_id WHERE p.id = ? AND p.org_id = ?`).bind(cardId, orgId).first<AdminCardRow>();
}

export function adminCardEntry(row: AdminCardRow, fromMinor: (minor: number, currency: string) => number): AdminCardEntry {
  return {
    payment_card_id: row.id,
    card_code: row.card_code,
    kind: row.kind,
    status: row.status,
    email: row.email,
    services: row.services,
    pro_code: row.pro_code,
    amount: fromMinor(row.kind === 'certificate' ? row.redemption_price_minor : row.card_amount_minor, row.payment_card_currency),
    currency: row.payment_card_currency,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

export async function spendsOfCard(db: D1Database, orgId: number, cardId: number) {
  const { results } = await db
    .prepare(
      `SELECT b.booking_ref, b.product_name, s.amount_minor, b.currency, s.card_currency_minor, p.payment_card_currency AS card_currency, b.created_at
       FROM card_spends s JOIN payment_cards p ON p.id = s.card_id JOIN bookings b ON b.id = s.booking_id AND b.org_id = p.org_id
       WHERE s.card_id = ? AND p.org_id = ? ORDER BY b.id DESC LIMIT 200`,
    )
    .bind(cardId, orgId)
    .all<{ booking_ref: string; product_name: string; amount_minor: number; currency: string; card_currency_minor: number; card_currency: string; created_at: string }>();
  return results;
}
