// Enquiries (docs/contract.md#enquiries): what the cruise, flight and help forms send, checked alike by the form and the API.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/person';
import { contactEmail } from '../rules/person-schemas';

// The kinds and messages, zod-free (./enquiry-text; docs/decisions/0039-page-weight-by-interaction.md).
export * from './enquiry-text';
import { ENQUIRY_KINDS, ENQUIRY_MSG, MAX_TRAVELLERS } from './enquiry-text';

const day = z.iso.date(ENQUIRY_MSG.day);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const EnquirySchema = z
  .object({
    kind: z.enum(ENQUIRY_KINDS, ENQUIRY_MSG.kind),
    name: z
      .string(ENQUIRY_MSG.name)
      .trim()
      .min(1, ENQUIRY_MSG.name)
      .max(80, ENQUIRY_MSG.name)
      .refine((v) => !/[\u0000-\u001f<>]/.test(v), ENQUIRY_MSG.name),
    email: z.string(ENQUIRY_MSG.email).trim().min(1, ENQUIRY_MSG.email).max(EMAIL_MAX_LENGTH, ENQUIRY_MSG.invalidEmail).pipe(contactEmail(ENQUIRY_MSG.invalidEmail)),
    check_in: z.preprocess(blankToUndefined, day.optional()),
    check_out: z.preprocess(blankToUndefined, day.optional()),
    travellers: z.preprocess(blankToUndefined, z.number(ENQUIRY_MSG.travellers).int(ENQUIRY_MSG.travellers).min(1, ENQUIRY_MSG.travellers).max(MAX_TRAVELLERS, ENQUIRY_MSG.travellers).optional()),
    message: z.string(ENQUIRY_MSG.message).trim().min(1, ENQUIRY_MSG.message).max(2000, ENQUIRY_MSG.messageLength),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.check_in && v.check_out && v.check_out < v.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: ENQUIRY_MSG.order });
  });
export type Enquiry = z.output<typeof EnquirySchema>;

/** An enquiry received (POST /api/enquiries, 201). */
export const EnquiryCreatedSchema = z.object({ enquiry_id: z.number() });

export const EnquiriesQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(ENQUIRY_KINDS, ENQUIRY_MSG.kind).optional()),
});

export interface EnquiryEntry extends Enquiry {
  enquiry_id: number;
  created_at: string;
}
