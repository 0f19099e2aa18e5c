// Development accounts (docs/contract.md#development): demo and agent in org 1, access codes of org 2; hashed like the Worker does.
import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { q } from '../index.mjs';

const ITERATIONS = 100_000;

/** Same scheme as functions/auth/password.ts: PBKDF2-SHA256 over HMAC-SHA256(pepper, password). */
export function hashPassword(password, pepper) {
  const salt = randomBytes(16);
  const peppered = createHmac('sha256', pepper).update(password, 'utf8').digest();
  const hash = pbkdf2Sync(peppered, salt, ITERATIONS, 32, 'sha256');
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Same as functions/db/access-codes.ts. */
export const accessCodeHash = (orgId, code, pepper) => createHmac('sha256', pepper).update(`${orgId}:${code.trim().toUpperCase()}`, 'utf8').digest('hex');

export default function (ctx) {
  const pepper = ctx.devVars.PASSWORD_PEPPER ?? '';
  const user = (u) => `INSERT INTO users (org_id, email, password_hash, provider, role, title, first_name, last_name, nationality_id, country_code,
  phone_country_code, mobile_no, language, currency, verified_at, plan_status, is_promotion, display_price, credit_limit_minor, can_user_book, referral_code)
VALUES (1, ${q(u.email)}, ${q(hashPassword(u.password, pepper))}, 'email', ${q(u.role)}, ${q(u.title)}, ${q(u.first)}, ${q(u.last)}, 1, 'US',
  '+1', ${q(u.mobile)}, 'en-US', 'USD', '2026-01-01T00:00:00.000Z', ${q(u.plan)}, 0, 1, ${u.creditMinor}, 1, ${q(u.referral)})
ON CONFLICT (org_id, email) DO UPDATE SET password_hash = excluded.password_hash, role = excluded.role, verified_at = excluded.verified_at,
  plan_status = excluded.plan_status, credit_limit_minor = excluded.credit_limit_minor;`;
  const code = (orgId, text, label, expiresAt, maxUses) =>
    `INSERT INTO access_codes (org_id, code_hash, label, expires_at, max_uses) VALUES (${orgId}, ${q(accessCodeHash(orgId, text, pepper))}, ${q(label)}, ${expiresAt ?? 'NULL'}, ${maxUses ?? 'NULL'})
ON CONFLICT (org_id, code_hash) DO NOTHING;`;
  return [
    user({ email: 'demo@example.com', password: 'Demo1!pass', role: 'user', title: 'Mr', first: 'Demo', last: 'Traveller', mobile: '2025550100', plan: 'ACTIVE', creditMinor: 0, referral: 'DEMO2026TC' }),
    user({ email: 'agent@example.com', password: 'Agent1!pass', role: 'agent', title: 'Mrs', first: 'Alex', last: 'Agent', mobile: '2025550101', plan: 'ACTIVE', creditMinor: 500000, referral: 'AGENT2026T' }),
    code(2, 'WELCOME2026', 'Welcome 2026', null, null),
    // For tests of the rules: an expired code and a code with a single use, both in org 2; one code of org 1.
    code(2, 'EXPIRED2020', 'Expired', Date.UTC(2021, 0, 1), null),
    code(2, 'ONEUSE2026', 'Single use', null, 1),
    code(1, 'TRAVEL2026', 'Travel Club invitation', null, null),
  ].join('\n');
}
