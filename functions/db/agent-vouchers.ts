// The vouchers an agent's booking owes (table agent_booking_mails, migration 0035): recorded with the booking, claimed
// and marked by the booking-mail guard (functions/flows/booking-mails.ts), as booking_mails are (decision 0029).

export type VoucherRecipient = 'agent' | 'client';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** How long a claimed voucher is left to its claimant before another delivery or the sweep may send it again. */
const CLAIM_S = 120;
/**
 * A voucher is due once its booking stands: on account at once (a bed bank's once the supplier has booked it), by card
 * once the payment confirmed it.
 */
const DUE = `IFNULL((SELECT cb.status FROM bookings cb WHERE cb.id = ab.card_booking_id), ab.status) = 'CONFIRMED'
  AND IFNULL(ab.supplier_state, 'confirmed') NOT IN ('to_book', 'booking')`;

/**
 * The vouchers a booking on account owes, for its batch: to the agent, and to the client when the client has an email.
 * Rows only for a booking row the batch wrote (`ref`), so a refused booking owes nothing.
 */
export function vouchersOwedStatement(db: D1Database, ref: string, site: string, language: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO agent_booking_mails (booking_ref, recipient, site, language)
       SELECT booking_ref, recipient, ?2, ?3 FROM (
         SELECT booking_ref, 'agent' AS recipient FROM agent_bookings WHERE booking_ref = ?1
         UNION ALL SELECT booking_ref, 'client' FROM agent_bookings WHERE booking_ref = ?1 AND client_email <> ''
       ) WHERE true
       ON CONFLICT DO NOTHING`,
    )
    .bind(ref, site, language);
}

/**
 * The voucher a card booking owes the agent, in the batch that writes its agent row (db/quotes.ts quoteByCardTie): due
 * once the payment confirmed it, in the language the booking was made in. The client has the traveller's confirmation.
 */
export function cardVoucherOwedStatement(db: D1Database, ref: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO agent_booking_mails (booking_ref, recipient, language)
       SELECT ab.booking_ref, 'agent', cb.language FROM agent_bookings ab JOIN bookings cb ON cb.id = ab.card_booking_id WHERE ab.booking_ref = ?
       ON CONFLICT DO NOTHING`,
    )
    .bind(ref);
}

export interface OwedVoucher {
  booking_ref: string;
  recipient: VoucherRecipient;
}

/**
 * Vouchers due and still owed (unsent, unclaimed): of the agent booking `ref`, of the agent booking a card booking
 * (`cardBookingId`) pays, or of any (both null; the sweep). The least tried first, then the oldest.
 */
export async function owedVouchers(db: D1Database, of: { ref?: string; cardBookingId?: number }, limit = 50): Promise<OwedVoucher[]> {
  const { results } = await db
    .prepare(
      `SELECT m.booking_ref, m.recipient FROM agent_booking_mails m JOIN agent_bookings ab ON ab.booking_ref = m.booking_ref
       WHERE m.sent_at IS NULL AND (m.claimed_until IS NULL OR m.claimed_until < ${NOW}) AND ${DUE}
         AND (?1 IS NULL OR m.booking_ref = ?1) AND (?2 IS NULL OR ab.card_booking_id = ?2)
       ORDER BY m.attempts, m.created_at LIMIT ?3`,
    )
    .bind(of.ref ?? null, of.cardBookingId ?? null, limit)
    .all<OwedVoucher>();
  return results;
}

/** What a voucher says: the booking, its product, client and agent, and where and in which language to write it. */
export interface VoucherRow extends OwedVoucher {
  org_id: number;
  site: string;
  language: string | null;
  pay_method: 'account' | 'card';
  client_name: string;
  client_email: string;
  product_id: number;
  product_type: string;
  product_name: string;
  city: string;
  address: string;
  check_in: string;
  check_out: string | null;
  guests: number;
  currency: string;
  total_minor: number;
  room: string | null;
  agent_email: string;
  agent_first_name: string;
  agent_last_name: string;
  agent_language: string;
  agency_name: string | null;
}

/**
 * Claims one voucher for sending (one conditional UPDATE: of 30 deliveries at once one gets it) and reads what it says.
 * The site is the booking's own (on account) or its payment's (the confirmation's, by card).
 */
export async function claimVoucher(db: D1Database, v: OwedVoucher): Promise<VoucherRow | null> {
  const claimed = await db
    .prepare(
      `UPDATE agent_booking_mails SET claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${CLAIM_S} seconds'), attempts = attempts + 1
       WHERE booking_ref = ? AND recipient = ? AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ${NOW})
       RETURNING booking_ref`,
    )
    .bind(v.booking_ref, v.recipient)
    .first<{ booking_ref: string }>();
  if (!claimed) return null;
  return db
    .prepare(
      `SELECT m.booking_ref, m.recipient, ab.org_id, m.language, ab.pay_method, ab.client_name, ab.client_email, ab.product_id, ab.product_type,
         ab.product_name, ab.city, IFNULL(p.address, '') AS address, ab.check_in, ab.check_out, ab.guests, ab.currency, ab.total_minor, ab.room,
         COALESCE(NULLIF(m.site, ''), (SELECT bm.site FROM booking_mails bm WHERE bm.booking_id = ab.card_booking_id AND bm.kind = 'confirmed'), '') AS site,
         u.email AS agent_email, u.first_name AS agent_first_name, u.last_name AS agent_last_name, u.language AS agent_language, a.name AS agency_name
       FROM agent_booking_mails m JOIN agent_bookings ab ON ab.booking_ref = m.booking_ref JOIN users u ON u.id = ab.agent_id
         LEFT JOIN products p ON p.id = ab.product_id LEFT JOIN agent_details d ON d.user_id = u.id LEFT JOIN agencies a ON a.id = d.agency_id
       WHERE m.booking_ref = ? AND m.recipient = ?`,
    )
    .bind(v.booking_ref, v.recipient)
    .first<VoucherRow>();
}

export async function markVoucherSent(db: D1Database, v: OwedVoucher): Promise<void> {
  await db.prepare(`UPDATE agent_booking_mails SET sent_at = ${NOW} WHERE booking_ref = ? AND recipient = ? AND sent_at IS NULL`).bind(v.booking_ref, v.recipient).run();
}

/** A send that failed gives its claim back at once, so the next delivery or sweep tries again. */
export async function releaseVoucherClaim(db: D1Database, v: OwedVoucher): Promise<void> {
  await db.prepare('UPDATE agent_booking_mails SET claimed_until = NULL WHERE booking_ref = ? AND recipient = ? AND sent_at IS NULL').bind(v.booking_ref, v.recipient).run();
}
