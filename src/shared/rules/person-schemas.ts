// The person fields' zod schemas (docs/decisions/0041-typed-client-everywhere-and-person-rules.md), built on the rules
// and messages of ./person.ts, for every schema that has person fields.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail, MOBILE_MAX_LENGTH, NAME_MAX_LENGTH, NAME_OR_EMPTY, NAME_PATTERN, PERSON_MSG, sanitizeEmail, TITLES } from './person';

/**
 * A contact address that is not an account's (a traveller, an enquirer, a card's recipient, a console member, the
 * support address, an identity provider's claim): the one e-mail rule of ./person.ts, not sanitised.
 */
export const contactEmail = (invalid: string = PERSON_MSG.emailInvalid) => z.string().refine(isEmail, invalid);

// ---- the field schemas ----------------------------------------------------------------------------------------

export const TitleSchema = z.enum(TITLES, { error: PERSON_MSG.titleRequired });

const accountName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH)
    .regex(NAME_OR_EMPTY, PERSON_MSG.nameCharacters);
/** An account holder's names (sign-up, the profile, an agent's client). */
export const FirstNameSchema = accountName(PERSON_MSG.firstNameRequired);
export const LastNameSchema = accountName(PERSON_MSG.lastNameRequired);

const travellerName = (required: string) =>
  z.string(required).trim().min(1, required).max(NAME_MAX_LENGTH).regex(NAME_PATTERN, PERSON_MSG.nameLettersOnly);
/** A traveller's names (saved travellers, the booking's traveller). */
export const TravellerFirstNameSchema = travellerName(PERSON_MSG.firstNameRequired);
export const TravellerLastNameSchema = travellerName(PERSON_MSG.lastNameRequired);

/** An account's address as typed: sanitised, required, the e-mail rule. */
export const SignUpEmail = z
  .string({ error: PERSON_MSG.emailRequired })
  .overwrite(sanitizeEmail)
  .min(1, PERSON_MSG.emailRequired)
  .refine(isEmail, PERSON_MSG.emailInvalid);

/** A traveller's address: required, the e-mail rule. */
export const TravellerEmailSchema = z
  .string(PERSON_MSG.emailRequired)
  .trim()
  .min(1, PERSON_MSG.emailRequired)
  .max(EMAIL_MAX_LENGTH)
  .pipe(contactEmail());

export const MobileSchema = z
  .string()
  .trim()
  .max(MOBILE_MAX_LENGTH, PERSON_MSG.mobileDigits)
  .regex(/^\d*$/, PERSON_MSG.mobileDigits);
