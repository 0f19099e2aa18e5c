// The accounts' messages and field rules without their zod schemas (docs/decisions/0039-page-weight-by-interaction.md):
// islands that show a message or filter a field import this module, so their chunk carries no zod; contract/auth.ts
// re-exports all of it with the schemas built on it. The person fields' rules are src/shared/rules/person.ts, once.
import { PERSON_MSG } from '../rules/person';

export {
  EMAIL_MAX_LENGTH, EMAIL_PATTERN, filterMobile, filterName, isEmail, MOBILE_MAX_LENGTH, NAME_MAX_LENGTH, normalizeEmail, sanitizeEmail, TITLES,
  type Title,
} from '../rules/person';

// ---------------------------------------------------------------------------------------------------------------
// Messages (exact texts: docs/contract.md#sign-in, docs/contract.md#sign-up)

export const MSG = {
  signInEmailRequired: 'Please Enter Email Address',
  signInPasswordRequired: 'Please Enter Password',
  invalidCredentials: 'INVALID EMAIL ADDRESS OR PASSWORD',
  verifyFirst: 'PLEASE VERIFY YOUR EMAIL ADDRESS BEFORE SIGNING IN',
  tooManyAttempts: 'TOO MANY ATTEMPTS. PLEASE TRY AGAIN LATER',
  accessCodeRequired: 'Please Enter The Access Code',
  emailRequired: PERSON_MSG.emailRequired,
  emailInvalid: PERSON_MSG.emailInvalid,
  titleRequired: PERSON_MSG.titleRequired,
  firstNameRequired: PERSON_MSG.firstNameRequired,
  lastNameRequired: PERSON_MSG.lastNameRequired,
  termsRequired: 'PLEASE ACCEPT THE TERMS & CONDITIONS TO PROCEED',
  passwordsDoNotMatch: 'Passwords Do Not Match',
  userExists: 'User Already Exists. Please login with Email',
  confirmationSent: 'An email confirmation has been sent to your account. Please accept to continue your registration process.',
  /** What the dialog shows after an email sign-up (upper-cased by the island, docs/contract.md#sign-up). */
  confirmationSentUpper: 'AN EMAIL CONFIRMATION HAS BEEN SENT TO YOUR ACCOUNT. PLEASE ACCEPT TO CONTINUE YOUR REGISTRATION PROCESS',
  socialWelcome: 'WELCOME! YOUR ACCOUNT HAS BEEN CREATED AND YOU ARE NOW SIGNED IN',
  invalidAccessCode: 'INVALID ACCESS CODE',
  completeYourInformation: 'COMPLETE YOUR INFORMATION',
  reviewMissingInformation: 'PLEASE REVIEW AND COMPLETE ANY MISSING INFORMATION',
  nameCharacters: PERSON_MSG.nameCharacters,
  mobileDigits: PERSON_MSG.mobileDigits,
  forgotPasswordSent: 'IF AN ACCOUNT EXISTS FOR THIS EMAIL ADDRESS, A PASSWORD RESET LINK HAS BEEN SENT TO IT',
  passwordChanged: 'YOUR PASSWORD HAS BEEN CHANGED. PLEASE SIGN IN',
  accountVerified: 'YOUR EMAIL ADDRESS HAS BEEN VERIFIED. PLEASE SIGN IN',
  linkInvalid: 'THIS LINK IS INVALID, HAS EXPIRED OR HAS ALREADY BEEN USED',
  currentPasswordWrong: 'THE CURRENT PASSWORD IS NOT CORRECT',
  signUpFailed: 'SIGN-UP COULD NOT BE COMPLETED. PLEASE TRY AGAIN',
  socialSignInOff: 'THIS SIGN-IN METHOD IS NOT AVAILABLE',
  ssoInvalid: 'THE SINGLE SIGN-ON LINK IS INVALID OR HAS EXPIRED',
  /** Sign-up when the mail API failed: nothing was created (docs/decisions/0009). */
  confirmationMailFailed: 'We could not send your confirmation email, so your account was not created. Please try again in a few minutes.',
  /** The database stayed unavailable after the bounded retries (docs/decisions/0010). */
  serviceUnavailable: 'Service temporarily unavailable, please try again',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Field rules

export const AGE_BANDS = ['18 to 25', '26 to 30', '31 to 40', '41 to 50', '51 to 60', 'above 60'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The travel preferences a member can tick on the travel profile. */
export const TRAVEL_PREFERENCES = [
  'Beach', 'City breaks', 'Nature', 'Adventure', 'Culture', 'Food & wine', 'Family', 'Romance', 'Wellness',
  'Cruises', 'Ski', 'Golf', 'Road trips', 'Theme parks',
] as const;

/** Account roles: consumers, agents (B2B), an org's admins (the console) and its marketers (marketing only). */
export const ROLES = ['user', 'agent', 'admin', 'marketer'] as const;
export type Role = (typeof ROLES)[number];
