// Loyalty promotion campaigns of an org (docs/contract.md#referrals), current ones only.
import type { Campaign } from '../../src/shared/contract/loyalty';

/**
 * The org's current campaigns of a type, each wholly in `language` when translated (campaign_texts), else as stored
 * (docs/decisions/0034-translated-content.md).
 */
export async function listCampaigns(db: D1Database, orgId: number, campaignType: string, language: string): Promise<Campaign[]> {
  const { results } = await db
    .prepare(
      `SELECT c.campaign_type, c.landing_url, c.refferal_code,
         CASE WHEN t.campaign_id IS NULL THEN c.title ELSE t.title END AS title,
         CASE WHEN t.campaign_id IS NULL THEN c.description ELSE t.description END AS description, c.starts_on, c.ends_on
       FROM campaigns c LEFT JOIN campaign_texts t ON t.campaign_id = c.id AND t.lang = ?3
       WHERE c.org_id = ?1 AND c.campaign_type = ?2 COLLATE NOCASE
         AND (c.starts_on IS NULL OR c.starts_on <= date('now')) AND (c.ends_on IS NULL OR c.ends_on >= date('now'))
       ORDER BY c.sort_order, c.id`,
    )
    .bind(orgId, campaignType, language)
    .all<Campaign>();
  return results;
}
