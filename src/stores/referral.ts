// The loyalty area's API calls (referrals, their actions, promotions, rewards and the member's own short link): the
// islands call these actions and the actions call the typed client. The referral program's replies are checked
// against their contract schemas as before. A store of its own, beside loyalty.ts: the shell imports loyalty.ts on
// demand, and these schemas (zod) have no place in that chunk (docs/decisions/0041-typed-client-everywhere-and-person-rules.md).
import { request } from './api';
import { ActionsListResponse, CampaignListResponse, REFERRAL_PAGE_SIZE, ReferralListResponse } from '../shared/contract/loyalty';

export const loadReferrals = async (page: number) =>
  ReferralListResponse.parse(await request('$get', '/api/referral/getReferralList', { query: { program: '', per_page: REFERRAL_PAGE_SIZE, page } }));
/** The member's credit actions: every one (with the totals), or one referred member's. */
export const loadReferralActions = async (member?: number) =>
  ActionsListResponse.parse(await request('$get', '/api/referral/getActionsList', { query: { member } }));
export const loadPromotions = async () =>
  CampaignListResponse.parse(await request('$get', '/api/referral/getCampaignList', { query: { campaign_type: 'Promotion' } }));
export const loadMyLink = async () => (await request('$get', '/api/referral/my-link')).data;
