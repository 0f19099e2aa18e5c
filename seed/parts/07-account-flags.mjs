// Development accounts for the per-account flags of the login result (docs/product.md#states, docs/product.md#roles): one flagged for a promotion, one that hides prices.
import { q } from '../index.mjs';
import { hashPassword } from './03-accounts.mjs';

const accounts = [
  { email: 'promo@example.com', password: 'Promo1!pass', first: 'Paula', last: 'Promo', isPromotion: 1, displayPrice: 1, referral: 'PROMO2026T' },
  { email: 'noprices@example.com', password: 'Hide1!pass', first: 'Nico', last: 'Noprice', isPromotion: 0, displayPrice: 0, referral: 'NOPRICE26T' },
];

export default function (ctx) {
  const pepper = ctx.devVars.PASSWORD_PEPPER ?? '';
  return accounts
    .map(
      (u) => `INSERT INTO users (org_id, email, password_hash, provider, role, title, first_name, last_name, nationality_id, country_code,
  phone_country_code, mobile_no, language, currency, verified_at, plan_status, is_promotion, display_price, credit_limit_minor, can_user_book, referral_code)
VALUES (1, ${q(u.email)}, ${q(hashPassword(u.password, pepper))}, 'email', 'user', 'Mrs', ${q(u.first)}, ${q(u.last)}, 1, 'US',
  '+1', '2025550150', 'en-US', 'USD', '2026-01-01T00:00:00.000Z', 'ACTIVE', ${u.isPromotion}, ${u.displayPrice}, 0, 1, ${q(u.referral)})
ON CONFLICT (org_id, email) DO UPDATE SET password_hash = excluded.password_hash, verified_at = excluded.verified_at,
  is_promotion = excluded.is_promotion, display_price = excluded.display_price;`,
    )
    .join('\n');
}
