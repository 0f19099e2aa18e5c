// Wire shapes of daily savings (docs/contract.md#savings) and referrals (docs/contract.md#referrals), shared by the API and the islands.
import { z } from 'zod';

/** getMember / setMember: the ids are accepted for the existing client but the server always uses the caller's own. */
export const SavingsMemberRequest = z.object({
  email: z.string().max(254).optional(),
  userId: z.union([z.number().int(), z.string().max(40)]).optional(),
  memberid: z.string().max(80).optional(),
});

export const EnrolmentRecord = z.object({
  organization_customer_identifier: z.string().max(80),
  program_customer_identifier: z.string().max(80),
  member_status: z.literal('OPEN'),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  email_address: z.string().max(254),
  member_customer_identifier: z.string().max(80),
});
export type EnrolmentRecord = z.infer<typeof EnrolmentRecord>;

export const SavingsCodeRequest = z.object({
  reqSaving: z.object({ import: z.object({ members: z.array(EnrolmentRecord).length(1, 'Send exactly one member') }) }),
});

/** The provider's answer to an import: one entry per import batch. */
export const ImportResult = z.array(z.object({ valid_members_count: z.number().int() }).passthrough()).min(1);
export const ProviderMember = z.object({ member: EnrolmentRecord.partial().extend({ member_customer_identifier: z.string() }).passthrough() });

export const GetMemberResponse = z.union([
  z.object({ code: z.literal(200), data: z.object({ email: z.string(), userId: z.number(), memberid: z.string() }) }),
  z.object({ code: z.literal(404) }),
]);
export const DailySavingsFailure = z.object({ isNew: z.literal(true), redirect: z.literal('') });
/** setMember: the caller's member is saved. */
export const SetMemberResponse = z.object({ status: z.literal('OK') });
/** savingsCode: the provider's import result (one member already enrolled answers `[{ valid_members_count: 1 }]`). */
export const SavingsCodeResponse = z.object({ data: ImportResult });

const CAMPAIGN_TYPE = z.string().trim().regex(/^[A-Za-z][A-Za-z_-]{0,39}$/, 'A campaign type is a word such as Promotion');
export const CampaignListQuery = z.object({
  campaign_type: z.string().optional().transform((s) => s?.trim() || 'Promotion').pipe(CAMPAIGN_TYPE),
});

export const Campaign = z.object({
  campaign_type: z.string(),
  landing_url: z.string(),
  refferal_code: z.string(),
  title: z.string(),
  description: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});
export type Campaign = z.infer<typeof Campaign>;
export const CampaignListResponse = z.object({ data: z.array(Campaign) });

export const REFERRAL_PAGE_SIZE = 5;
export const REFERRAL_MAX_PAGE_SIZE = 50;

const positiveInt = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === '') return fallback;
      if (!/^\d{1,9}$/.test(s.trim()) || Number(s) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1` });
        return z.NEVER;
      }
      return Number(s);
    });

export const ReferralListQuery = z.object({
  program: z.string().max(64).optional().default(''),
  per_page: positiveInt('per_page', REFERRAL_PAGE_SIZE).transform((n) => Math.min(n, REFERRAL_MAX_PAGE_SIZE)),
  page: positiveInt('page', 1),
});

export const Referral = z.object({
  member: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  joined_at: z.string(),
  actions: z.number().int(),
  credits: z.number(),
});
export type Referral = z.infer<typeof Referral>;
export const ReferralListResponse = z.object({ count: z.number().int(), data: z.array(Referral), page: z.number().int(), per_page: z.number().int(), totalPages: z.number().int() });

export const ActionsListQuery = z.object({
  member: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === '') return undefined;
      if (!/^\d{1,12}$/.test(s.trim())) {
        ctx.addIssue({ code: 'custom', message: 'member must be a referral id' });
        return z.NEVER;
      }
      return Number(s);
    }),
});

export const ReferralAction = z.object({
  member: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  action: z.string(),
  credits: z.number(),
  created_at: z.string(),
});
export type ReferralAction = z.infer<typeof ReferralAction>;
export const ActionsListResponse = z.object({ count: z.number().int(), totalCredits: z.number(), data: z.array(ReferralAction) });

export const RewardsResponse = z.object({
  data: z.object({
    loyaltyEnabled: z.boolean(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    landingUrl: z.string(),
    referralCode: z.string(),
    referralName: z.string(),
    orgId: z.number().int(),
    referralCount: z.number().int(),
    totalCredits: z.number(),
    rewards: z.array(z.object({ action: z.string(), count: z.number().int(), credits: z.number() })),
    rules: z.array(z.object({ action: z.string(), credits: z.number() })),
  }),
});
export type Rewards = z.infer<typeof RewardsResponse>['data'];
