// The enquiry forms' kinds and messages without the schema (docs/contract.md#enquiries): the form shows these at load and
// takes the schema (and zod) only when a person sends it (docs/decisions/0039-page-weight-by-interaction.md).
import { PERSON_MSG } from '../rules/person';

export const ENQUIRY_KINDS = ['cruise', 'flight', 'help'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export const MAX_TRAVELLERS = 20;

export const ENQUIRY_MSG = {
  kind: `Choose one of ${ENQUIRY_KINDS.join(', ')}`,
  name: 'Please Enter Your Name',
  email: PERSON_MSG.emailRequired,
  invalidEmail: PERSON_MSG.emailInvalid,
  message: 'Please Enter Your Message',
  messageLength: 'A message is at most 2,000 characters',
  day: 'Use a date as YYYY-MM-DD',
  order: 'The return date must not be before the departure date',
  travellers: `Enter a whole number of travellers from 1 to ${MAX_TRAVELLERS}`,
} as const;
