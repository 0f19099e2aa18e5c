// Invitations (docs/contract.md#invitations): what an org's admin sends from the console and what the invited person's
// page reads and sends back, request and reply schemas, shared by the console, the /invitation page and the API.
import { z } from 'zod';
import { isEmail, sanitizeEmail } from '../rules/person';
import { FirstNameSchema, LastNameSchema } from '../rules/person-schemas';
import { MSG, ROLES, TokenSchema } from './auth';
import { CONSOLE_MSG } from './console-messages';

/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7;

/** Where the invited person's link leads (its token in `?token=`). */
export const INVITATION_PAGE = '/invitation';

export const INVITATION_STATUSES = ['pending', 'accepted', 'lapsed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** POST /api/admin/invitations: who, with which role, and (agents only) the credit limit in USD. */
export const InvitationCreateSchema = z
  .object({
    email: z.string(CONSOLE_MSG.inviteEmail).overwrite(sanitizeEmail).min(1, CONSOLE_MSG.inviteEmail).refine(isEmail, CONSOLE_MSG.inviteEmail),
    role: z.enum(ROLES, CONSOLE_MSG.inviteRole),
    credit_limit: z
      .number(CONSOLE_MSG.creditLimit)
      .min(0, CONSOLE_MSG.creditLimit)
      .max(10_000_000, CONSOLE_MSG.creditLimit)
      .refine(twoDecimals, CONSOLE_MSG.creditLimit)
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.credit_limit !== undefined && v.role !== 'agent') ctx.addIssue({ code: 'custom', path: ['credit_limit'], message: CONSOLE_MSG.inviteCreditLimitAgentsOnly });
  });
export type InvitationCreate = z.output<typeof InvitationCreateSchema>;

export const InvitationIdSchema = z.coerce.number().int().positive().max(2 ** 31);
/** The link's token, as the page reads it from its address. */
export const InvitationTokenSchema = TokenSchema;

/**
 * POST /api/invitations/{token}/accept: a new account sends its names and a password that passes the sign-up rule;
 * an existing account of the org sends its password only.
 */
export const InvitationAcceptSchema = z.object({
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  password: z.string({ error: MSG.signInPasswordRequired }).min(1, MSG.signInPasswordRequired).max(200),
});
export type InvitationAccept = z.output<typeof InvitationAcceptSchema>;

// ---- replies ------------------------------------------------------------------------------------------------------

export const InvitationCreatedSchema = z.object({ invitation_id: z.number(), email: z.string(), role: z.enum(ROLES), expires_at: z.string() });

export const InvitationEntrySchema = z.object({
  invitation_id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  /** An agent's credit limit in USD; null for the other roles. */
  credit_limit: z.number().nullable(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  invited_by: z.string(),
});
export type InvitationEntry = z.output<typeof InvitationEntrySchema>;

export const InvitationRevokedSchema = z.object({ invitation_id: z.number() });

/** GET /api/invitations/{token}: the org, who is invited and as what; `has_account` says which form the page shows. */
export const InvitationInfoSchema = z.object({
  org: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  has_account: z.boolean(),
  expires_at: z.string(),
});
export type InvitationInfo = z.output<typeof InvitationInfoSchema>;
