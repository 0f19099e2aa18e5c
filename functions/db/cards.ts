// Payment cards (certificates, discount cards, cash cards) of users and orgs, and their wire shape (docs/product.md#entities, docs/contract.md#wallet).
import { fromMinor } from '../../src/shared/rules/money';
import type { CardKind, WalletCard } from '../../src/shared/rules/wallet';

export interface CardRow {
  id: number;
  org_id: number;
  user_id: number | null;
  kind: CardKind;
  card_code: string;
  name: string;
  services: string;
  pro_code: string;
  status: string;
  card_amount_minor: number;
  redemption_price_minor: number;
  payment_product_code: string;
  payment_card_currency: string;
  listed: number;
  expires_at: string | null;
}

const COLUMNS =
  'id, org_id, user_id, kind, card_code, name, services, pro_code, status, card_amount_minor, redemption_price_minor, payment_product_code, payment_card_currency, listed, expires_at';

export function walletCardOf(row: CardRow): WalletCard {
  return {
    id: row.id,
    code: row.card_code,
    kind: row.kind,
    status: row.status,
    services: row.services.split(',').map((s) => s.trim()).filter(Boolean),
    proCode: row.pro_code,
    amountMinor: row.card_amount_minor,
    redemptionMinor: row.redemption_price_minor,
    currency: row.payment_card_currency,
    productCode: row.payment_product_code,
    owner: row.user_id === null ? 'org' : 'user',
    name: row.name,
    expiresAt: row.expires_at,
  };
}

/** The spec's wallet card entry; amounts are decimals of payment_card_currency. */
export function cardEntry(row: CardRow) {
  return {
    payment_card_id: row.id,
    card_code: row.card_code,
    card_name: row.name,
    card_type: row.kind,
    pro_code: row.pro_code,
    status: row.status,
    services: row.services,
    card_amount: fromMinor(row.card_amount_minor, row.payment_card_currency),
    payment_card_redemption_price: fromMinor(row.redemption_price_minor, row.payment_card_currency),
    payment_product_code: row.payment_product_code,
    payment_card_currency: row.payment_card_currency,
  };
}
export type CardEntry = ReturnType<typeof cardEntry>;

/** The member's active cards, as the profile's wallet summary counts them. */
export async function activeCardAmounts(db: D1Database, orgId: number, userId: number) {
  const { results } = await db
    .prepare(
      `SELECT kind, card_amount_minor, payment_card_currency FROM payment_cards
       WHERE org_id = ? AND user_id = ? AND status = 'ACTIVE'`,
    )
    .bind(orgId, userId)
    .all<{ kind: string; card_amount_minor: number; payment_card_currency: string }>();
  return results;
}

export async function cardsOfUser(db: D1Database, orgId: number, userId: number): Promise<CardRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM payment_cards WHERE org_id = ? AND user_id = ? ORDER BY kind, id`).bind(orgId, userId).all<CardRow>();
  return results;
}

/** The org's own certificates offered to everyone (the source of the default certificate). */
export async function orgCertificates(db: D1Database, orgId: number): Promise<CardRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM payment_cards WHERE org_id = ? AND user_id IS NULL AND listed = 1 AND kind = 'certificate' ORDER BY redemption_price_minor DESC, id`)
    .bind(orgId)
    .all<CardRow>();
  return results;
}

/** A card by id only if it belongs to this user of this org: other users' and orgs' cards look like unknown ids. */
export async function ownCard(db: D1Database, orgId: number, userId: number, id: number): Promise<CardRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM payment_cards WHERE id = ? AND org_id = ? AND user_id = ?`).bind(id, orgId, userId).first<CardRow>();
}

/** Moves an unassigned, unlisted, ACTIVE org card into the user's wallet; false when there is no such card (or it was just taken). */
export async function claimCard(db: D1Database, orgId: number, userId: number, code: string): Promise<CardRow | null> {
  const row = await db
    .prepare(
      `UPDATE payment_cards SET user_id = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE card_code = ? AND org_id = ? AND user_id IS NULL AND listed = 0 AND status = 'ACTIVE'
       RETURNING ${COLUMNS}`,
    )
    .bind(userId, code, orgId)
    .first<CardRow>();
  return row ?? null;
}

export async function cardByCode(db: D1Database, orgId: number, code: string): Promise<CardRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM payment_cards WHERE card_code = ? AND org_id = ?`).bind(code, orgId).first<CardRow>();
}

export interface NewCard {
  orgId: number;
  userId: number | null;
  kind: CardKind;
  code: string;
  name: string;
  services: string;
  proCode: string;
  status: string;
  amountMinor: number;
  redemptionMinor: number;
  productCode: string;
  currency: string;
  listed: boolean;
}

export async function insertCard(db: D1Database, c: NewCard): Promise<{ id: number; card_code: string }> {
  const row = await db
    .prepare(
      `INSERT INTO payment_cards (org_id, user_id, kind, card_code, name, services, pro_code, status, card_amount_minor, redemption_price_minor, payment_product_code, payment_card_currency, listed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, card_code`,
    )
    .bind(c.orgId, c.userId, c.kind, c.code, c.name, c.services, c.proCode, c.status, c.amountMinor, c.redemptionMinor, c.productCode, c.currency, c.listed ? 1 : 0)
    .first<{ id: number; card_code: string }>();
  return row!;
}

/** A readable, unguessable card code: prefix by kind and 12 random characters without look-alikes. */
export function newCardCode(kind: CardKind): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const body = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  const prefix = kind === 'certificate' ? 'CERT' : kind === 'discount' ? 'DISC' : 'CASH';
  return `${prefix}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

/**
 * Issues a copy of one of the org's listed certificates to the member, for the booking the certificate modal is for
 * (`issueKey`): one statement, and the unique index (issued_from, user_id, issue_key) keeps one copy per key however
 * many requests at once ask. Null when no copy was written: the key's copy exists, or there is no such certificate.
 */
export async function issueOrgCertificate(db: D1Database, orgId: number, userId: number, orgCardId: number, issueKey: string, code: string): Promise<CardRow | null> {
  const row = await db
    .prepare(
      `INSERT INTO payment_cards (org_id, user_id, kind, card_code, name, services, pro_code, status, card_amount_minor, redemption_price_minor,
                                  payment_product_code, payment_card_currency, listed, expires_at, issued_from, issue_key)
       SELECT org_id, ?, kind, ?, name, services, pro_code, 'ACTIVE', card_amount_minor, redemption_price_minor, payment_product_code,
              payment_card_currency, 0, expires_at, id, ?
       FROM payment_cards WHERE id = ? AND org_id = ? AND user_id IS NULL AND listed = 1 AND kind = 'certificate' AND status = 'ACTIVE'
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
    )
    .bind(userId, code, issueKey, orgCardId, orgId)
    .first<CardRow>();
  return row ?? null;
}

/** The copy issued to the member under this key, if any. */
export function issuedCertificate(db: D1Database, orgId: number, userId: number, orgCardId: number, issueKey: string) {
  return db
    .prepare(`SELECT ${COLUMNS} FROM payment_cards WHERE issued_from = ? AND user_id = ? AND issue_key = ? AND org_id = ?`)
    .bind(orgCardId, userId, issueKey, orgId)
    .first<CardRow>();
}
