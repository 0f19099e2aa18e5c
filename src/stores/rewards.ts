// The member's rewards (the rewards page and the referral link builder): checked by hand (src/shared/rules/rewards-reply.ts)
// rather than by the contract's zod schema, so these pages carry no zod at load
// (docs/decisions/0039-page-weight-by-interaction.md); a store of its own, beside referral.ts, whose schemas need zod.
import { request } from './api';
import { readRewardsReply } from '../shared/rules/rewards-reply';

export const loadRewards = async () => readRewardsReply(await request('$get', '/api/referral/getRewards'));
