// Loyalty promotion campaigns of an org (docs/contract.md#referrals), current ones only.
import type { Campaign } from '../../src/shared/contract/loyalty';

export async function listCampaigns(db: D1Database, orgId: number, campaignType: string): Promise<Campaign[]> {
  const { results } = await db
    .prepare(
      `SELECT campaign_type, landing_url, refferal_code, title, description, starts_on, ends_on
       FROM campaigns
       WHERE org_id = ?1 AND campaign_type = ?2 COLLATE NOCASE
         AND (starts_on IS NULL OR starts_on <= date('now')) AND (ends_on IS NULL OR ends_on >= date('now'))
       ORDER BY sort_order, id`,
    )
    .bind(orgId, campaignType)
    .all<Campaign>();
  return results;
}
