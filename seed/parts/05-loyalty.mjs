// Loyalty seed: promotions and credit rules per org, and a few referrals of demo@example.com (docs/contract.md#development).
import { q } from '../index.mjs';

export const campaigns = [
  [1, 'Promotion', 'Spring escape', 'Members save up to 30% on beach hotels booked before the end of spring.', '/', 'SPRING30', 1],
  [1, 'Promotion', 'Resort weeks', 'A full week at a partner resort for the price of five nights.', '/resorts', 'RESORT7', 2],
  [1, 'Promotion', 'Bring a friend', 'Share your referral link: you both earn credits when your friend joins.', '/referral/programs', 'FRIENDS', 3],
  [1, 'Referral', 'Member referrals', 'Every member has a referral link.', '/', 'MEMBER', 1],
  [2, 'Promotion', 'City breaks with Acme', 'Two nights in a European capital, breakfast included.', '/', 'ACMECITY', 1],
  [2, 'Promotion', 'Activities week', 'Ten percent off every activity booked this week.', '/activities', 'ACMEFUN', 2],
];

const rules = [
  [1, 'SIGN_UP', 10],
  [1, 'FIRST_BOOKING', 25],
  [2, 'SIGN_UP', 5],
  [2, 'FIRST_BOOKING', 15],
];

/** Friends who joined with demo@example.com's referral link (they only exist to be listed; no password). */
const demoReferrals = [
  ['maya.friend@example.com', 'Mrs', 'Maya', 'Fontaine', 'DEMOFRND01', '2026-03-14T10:00:00.000Z'],
  ['leo.friend@example.com', 'Mr', 'Léo', 'Martín', 'DEMOFRND02', '2026-05-02T16:30:00.000Z'],
];

export default function () {
  const rows = campaigns
    .map(([org, type, title, description, landing, code, order]) =>
      `(${q(org)}, ${q(type)}, ${q(title)}, ${q(description)}, ${q(landing)}, ${q(code)}, '2026-01-01', '2027-12-31', ${q(order)})`,
    )
    .join(',\n  ');
  return `
INSERT OR REPLACE INTO campaigns (org_id, campaign_type, title, description, landing_url, refferal_code, starts_on, ends_on, sort_order) VALUES
  ${rows};
${demoReferrals
  .map(
    ([email, title, first, last, code, at]) => `INSERT INTO users (org_id, email, provider, title, first_name, last_name, verified_at, referral_code, referred_by_code, referral_org, created_at)
SELECT 1, ${q(email)}, 'email', ${q(title)}, ${q(first)}, ${q(last)}, ${q(at)}, ${q(code)}, d.referral_code, '1', ${q(at)}
FROM users d WHERE d.org_id = 1 AND d.email = 'demo@example.com'
ON CONFLICT DO NOTHING;`,
  )
  .join('\n')}
INSERT INTO referral_actions (org_id, referrer_id, referred_id, program, action, credits, created_at)
SELECT 1, d.id, f.id, 'loyalty', 'FIRST_BOOKING', 25, '2026-05-20T09:00:00.000Z'
FROM users d JOIN users f ON f.org_id = 1 AND f.email = 'leo.friend@example.com'
WHERE d.org_id = 1 AND d.email = 'demo@example.com'
ON CONFLICT DO NOTHING;
INSERT OR REPLACE INTO loyalty_rules (org_id, action, credits) VALUES ${rules.map((r) => `(${r.map(q).join(', ')})`).join(', ')};
`;
}
