// Referrals of a member: the users who signed up with the member's referral code in the same org, their actions and credits.
import type { Referral, ReferralAction } from '../../src/shared/contract/loyalty';

/** Every referral earns a sign-up action; other actions (e.g. a first booking) are stored in referral_actions. */
export const SIGN_UP = 'SIGN_UP';
/** The program every sign-up referral belongs to. */
export const DEFAULT_PROGRAM = 'loyalty';
/** A referred member's first successful booking earns the referrer this action (credits from the org's loyalty_rules). */
export const FIRST_BOOKING = 'FIRST_BOOKING';

/**
 * Records FIRST_BOOKING for the referrer of the member whose booking `bookingRef` is CONFIRMED: meant for the batch
 * that confirms it (one transaction), so it is written with the confirmation or not at all. UNIQUE (referred_id,
 * action) keeps it to one row even when two first bookings race; a guest booking or a member without a referrer in
 * the same org records nothing.
 */
export function firstBookingActionStatement(db: D1Database, bookingRef: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO referral_actions (org_id, referrer_id, referred_id, program, action, credits)
       SELECT u.org_id, r.id, u.id, '${DEFAULT_PROGRAM}', '${FIRST_BOOKING}',
              COALESCE((SELECT credits FROM loyalty_rules WHERE org_id = u.org_id AND action = '${FIRST_BOOKING}'), 0)
       FROM bookings b JOIN users u ON u.id = b.user_id AND u.org_id = b.org_id
         JOIN users r ON r.org_id = u.org_id AND r.referral_code = u.referred_by_code AND r.id <> u.id
       WHERE b.booking_ref = ?1 AND b.status = 'CONFIRMED' AND u.referred_by_code <> ''
       ON CONFLICT DO NOTHING`,
    )
    .bind(bookingRef);
}

export interface Referrer {
  id: number;
  orgId: number;
  referralCode: string;
}

/**
 * A referral counts (and earns credits) only once the referred account is verified: an address nobody confirmed is
 * not a new member, or anyone could mint referrals by signing up made-up addresses.
 */
const COUNTS = 'u.verified_at IS NOT NULL';

/** The referrals of `r` (verified users of the same org whose referred_by_code is r's code), optionally narrowed to a program. */
const REFERRED = `FROM users u
  WHERE u.org_id = ?1 AND u.referred_by_code = ?2 AND u.referred_by_code <> '' AND u.id <> ?3 AND ${COUNTS}
    AND (?4 = '' OR ?4 = '${DEFAULT_PROGRAM}'
         OR EXISTS (SELECT 1 FROM referral_actions p WHERE p.referred_id = u.id AND p.referrer_id = ?3 AND p.org_id = ?1 AND p.program = ?4))`;

const SIGN_UP_CREDITS = `COALESCE((SELECT credits FROM loyalty_rules WHERE org_id = ?1 AND action = '${SIGN_UP}'), 0)`;

export async function listReferrals(db: D1Database, r: Referrer, program: string, page: number, perPage: number) {
  const bind = [r.orgId, r.referralCode, r.id, program] as const;
  const [count, rows] = await db.batch<{ n: number } | Referral>([
    db.prepare(`SELECT COUNT(*) AS n ${REFERRED}`).bind(...bind),
    db
      .prepare(
        `SELECT u.id AS member, u.first_name, u.last_name, u.email, u.created_at AS joined_at,
           1 + (SELECT COUNT(*) FROM referral_actions a WHERE a.referred_id = u.id AND a.referrer_id = ?3 AND a.org_id = ?1 AND a.action <> '${SIGN_UP}') AS actions,
           ${SIGN_UP_CREDITS} + COALESCE((SELECT SUM(a.credits) FROM referral_actions a WHERE a.referred_id = u.id AND a.referrer_id = ?3 AND a.org_id = ?1 AND a.action <> '${SIGN_UP}'), 0) AS credits
         ${REFERRED}
         ORDER BY u.created_at DESC, u.id DESC
         LIMIT ?5 OFFSET ?6`,
      )
      .bind(...bind, perPage, (page - 1) * perPage),
  ]);
  const total = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  const data = (rows!.results as Referral[]).map((x) => ({ ...x, email: maskEmail(x.email) }));
  return { count: total, data };
}

/** The actions and credits of r's referrals (of one referral when `member` is given), newest first. */
export async function listActions(db: D1Database, r: Referrer, member: number | undefined, limit = 200): Promise<ReferralAction[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT u.id AS member, u.first_name, u.last_name, '${SIGN_UP}' AS action, ${SIGN_UP_CREDITS} AS credits, u.created_at
         FROM users u
         WHERE u.org_id = ?1 AND u.referred_by_code = ?2 AND u.referred_by_code <> '' AND u.id <> ?3 AND ${COUNTS} AND (?4 IS NULL OR u.id = ?4)
         UNION ALL
         SELECT u.id, u.first_name, u.last_name, a.action, a.credits, a.created_at
         FROM referral_actions a JOIN users u ON u.id = a.referred_id
         WHERE a.org_id = ?1 AND a.referrer_id = ?3 AND a.action <> '${SIGN_UP}'
           AND u.org_id = ?1 AND u.referred_by_code = ?2 AND ${COUNTS} AND (?4 IS NULL OR u.id = ?4)
       ) ORDER BY created_at DESC, member DESC LIMIT ?5`,
    )
    .bind(r.orgId, r.referralCode, r.id, member ?? null, limit)
    .all<ReferralAction>();
  return results;
}

/** The member's rewards: how many referrals, credits per action, and the org's rules. */
export async function rewardsOf(db: D1Database, r: Referrer) {
  const [byAction, rules] = await db.batch<{ action: string; count: number; credits: number } | { action: string; credits: number }>([
    db
      .prepare(
        `SELECT action, COUNT(*) AS count, SUM(credits) AS credits FROM (
           SELECT '${SIGN_UP}' AS action, ${SIGN_UP_CREDITS} AS credits
           FROM users u WHERE u.org_id = ?1 AND u.referred_by_code = ?2 AND u.referred_by_code <> '' AND u.id <> ?3 AND ${COUNTS}
           UNION ALL
           SELECT a.action, a.credits FROM referral_actions a JOIN users u ON u.id = a.referred_id
           WHERE a.org_id = ?1 AND a.referrer_id = ?3 AND a.action <> '${SIGN_UP}' AND u.org_id = ?1 AND u.referred_by_code = ?2 AND ${COUNTS}
         ) GROUP BY action ORDER BY action`,
      )
      .bind(r.orgId, r.referralCode, r.id),
    db.prepare('SELECT action, credits FROM loyalty_rules WHERE org_id = ? ORDER BY credits DESC, action').bind(r.orgId),
  ]);
  const rewards = byAction!.results as { action: string; count: number; credits: number }[];
  return {
    referralCount: rewards.find((x) => x.action === SIGN_UP)?.count ?? 0,
    totalCredits: rewards.reduce((sum, x) => sum + x.credits, 0),
    rewards,
    rules: rules!.results as { action: string; credits: number }[],
  };
}

/** "ann@example.com" -> "a***@example.com": a referrer sees who joined, not their full address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
