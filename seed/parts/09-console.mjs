// Console accounts (docs/decisions/0020-org-console.md): an admin of each org and a marketer of Travel Club, hashed like the Worker does.
import { q } from '../index.mjs';
import { accessCodeHash, hashPassword } from './03-accounts.mjs';

// [org, email, password, role, first, last, referral code]
const ACCOUNTS = [
  [1, 'admin@example.com', 'Admin1!pass', 'admin', 'Ada', 'Admin', 'ADMIN2026T'],
  [2, 'admin@acme.example.com', 'Admin1!pass', 'admin', 'Abe', 'Acme', 'ADMINACME2'],
  [1, 'marketer@example.com', 'Market1!pass', 'marketer', 'Mia', 'Marketer', 'MARKET26TC'],
];

// The seed's access codes (03-accounts.mjs) with the hint the console lists them by.
const CODES = [[2, 'WELCOME2026'], [2, 'EXPIRED2020'], [2, 'ONEUSE2026'], [1, 'TRAVEL2026']];

export default function (ctx) {
  const pepper = ctx.devVars.PASSWORD_PEPPER ?? '';
  const hints = CODES.map(
    ([org, code]) => `UPDATE access_codes SET hint = ${q(`${code.slice(0, 2)}…${code.slice(-2)}`)} WHERE org_id = ${org} AND code_hash = ${q(accessCodeHash(org, code, pepper))};`,
  );
  return [...ACCOUNTS.map(
    ([org, email, password, role, first, last, referral]) =>
      `INSERT INTO users (org_id, email, password_hash, provider, role, title, first_name, last_name, nationality_id, country_code,
  phone_country_code, mobile_no, language, currency, verified_at, plan_status, credit_limit_minor, referral_code)
VALUES (${org}, ${q(email)}, ${q(hashPassword(password, pepper))}, 'email', ${q(role)}, 'Mrs', ${q(first)}, ${q(last)}, 1, ${q(org === 2 ? 'GB' : 'US')},
  ${q(org === 2 ? '+44' : '+1')}, '2025550160', 'en-US', 'USD', '2026-01-01T00:00:00.000Z', 'NOPLAN', 0, ${q(referral)})
ON CONFLICT (org_id, email) DO UPDATE SET password_hash = excluded.password_hash, role = excluded.role, verified_at = excluded.verified_at;`,
  ), ...hints].join('\n');
}
