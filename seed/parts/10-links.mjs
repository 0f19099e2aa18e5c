// Marketing links (docs/decisions/0024-marketing-links.md): one short link of Travel Club's launch campaign, so the
// console's pages and the gates have a link to show.
export default function () {
  return `INSERT INTO short_links (org_id, slug, destination, referral_code, campaign, utm_source, utm_medium, utm_campaign)
VALUES (1, 'welcome', '/promotions', 'MARKET26TC', 'launch', 'seed', 'web', 'launch')
ON CONFLICT DO NOTHING;`;
}
