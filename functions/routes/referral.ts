// Referral campaigns, referrals and actions (docs/contract.md#referrals), and the caller's rewards; a member only ever sees their own referrals.
import { requestLanguage } from '../http/language';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/session';
import { queryOf } from '../validate';
import { listCampaigns } from '../db/campaigns';
import { listActions, listReferrals, rewardsOf, type Referrer } from '../db/referrals';
import {
  ActionsListQuery, ActionsListResponse, CampaignListQuery, CampaignListResponse, ReferralListQuery, ReferralListResponse, RewardsResponse,
} from '../../src/shared/contract/loyalty';
import type { SessionUser } from '../auth/session';
import { doc } from '../http/openapi';

const referrer = (u: SessionUser): Referrer => ({ id: u.id, orgId: u.orgId, referralCode: u.referralCode });

export const referral = new Hono<AppEnv>()
  .get('/referral/getCampaignList', doc({ query: CampaignListQuery, reply: CampaignListResponse }), async (c) => {
    const { campaign_type } = queryOf(c, CampaignListQuery);
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({ data: await listCampaigns(c.env.DB, c.get('org').id, campaign_type, requestLanguage(c)) });
  })
  .get('/referral/getReferralList', doc({ query: ReferralListQuery, reply: ReferralListResponse }), requireUser, async (c) => {
    const q = queryOf(c, ReferralListQuery);
    const { count, data } = await listReferrals(c.env.DB, referrer(c.get('user')), q.program, q.page, q.per_page);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ count, data, page: q.page, per_page: q.per_page, totalPages: Math.ceil(count / q.per_page) });
  })
  .get('/referral/getActionsList', doc({ query: ActionsListQuery, reply: ActionsListResponse }), requireUser, async (c) => {
    const { member } = queryOf(c, ActionsListQuery);
    const data = await listActions(c.env.DB, referrer(c.get('user')), member);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ count: data.length, totalCredits: data.reduce((sum, a) => sum + a.credits, 0), data });
  })
  .get('/referral/getRewards', doc({ reply: RewardsResponse }), requireUser, async (c) => {
    const user = c.get('user');
    const org = c.get('org');
    const rewards = await rewardsOf(c.env.DB, referrer(user));
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      data: {
        loyaltyEnabled: org.loyalty_enabled === 1,
        startDate: org.loyalty_start,
        endDate: org.loyalty_end,
        landingUrl: org.loyalty_landing_url,
        referralCode: user.referralCode,
        referralName: `${user.firstName} ${user.lastName}`.trim(),
        orgId: org.id,
        ...rewards,
      },
    });
  });
