// Referral campaigns, referrals and actions (docs/contract.md#referrals), and the caller's rewards; a member only ever sees their own referrals.
import { requestLanguage } from '../http/language';
import { requireUser } from '../http/session';
import { listCampaigns } from '../db/campaigns';
import { listActions, listReferrals, rewardsOf, type Referrer } from '../db/referrals';
import {
  ActionsListQuery, ActionsListResponse, CampaignListQuery, CampaignListResponse, ReferralListQuery, ReferralListResponse, RewardsResponse,
} from '../../src/shared/contract/loyalty';
import type { SessionUser } from '../http/session';
import { access, createRoute, json, refusals, router } from '../http/route';

const referrer = (u: SessionUser): Referrer => ({ id: u.id, orgId: u.orgId, referralCode: u.referralCode });

const routes = {
  campaigns: createRoute({
    method: 'get', path: '/referral/getCampaignList', summary: 'The org’s current campaigns of a type (Promotion by default)', ...access('none'),
    request: { query: CampaignListQuery },
    responses: { 200: json(CampaignListResponse), ...refusals },
  }),
  referrals: createRoute({
    method: 'get', path: '/referral/getReferralList', summary: 'The members the caller referred, a page at a time', ...access('user'), middleware: [requireUser] as const,
    request: { query: ReferralListQuery },
    responses: { 200: json(ReferralListResponse), ...refusals },
  }),
  actions: createRoute({
    method: 'get', path: '/referral/getActionsList', summary: 'The credit actions of the caller’s referrals (of one with member=)', ...access('user'), middleware: [requireUser] as const,
    request: { query: ActionsListQuery },
    responses: { 200: json(ActionsListResponse), ...refusals },
  }),
  rewards: createRoute({
    method: 'get', path: '/referral/getRewards', summary: 'The caller’s rewards and the org’s loyalty rules', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(RewardsResponse), ...refusals },
  }),
};

export const referral = router()
  .openapi(routes.campaigns, async (c) => {
    const { campaign_type } = c.req.valid('query');
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({ data: await listCampaigns(c.env.DB, c.get('org').id, campaign_type, requestLanguage(c)) }, 200);
  })
  .openapi(routes.referrals, async (c) => {
    const q = c.req.valid('query');
    const { count, data } = await listReferrals(c.env.DB, referrer(c.get('user')), q.program, q.page, q.per_page);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ count, data, page: q.page, per_page: q.per_page, totalPages: Math.ceil(count / q.per_page) }, 200);
  })
  .openapi(routes.actions, async (c) => {
    const { member } = c.req.valid('query');
    const data = await listActions(c.env.DB, referrer(c.get('user')), member);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ count: data.length, totalCredits: data.reduce((sum, a) => sum + a.credits, 0), data }, 200);
  })
  .openapi(routes.rewards, async (c) => {
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
    }, 200);
  });
