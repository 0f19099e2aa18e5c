// The accounts' messages and field rules without their zod schemas (docs/decisions/0039-page-weight-by-interaction.md):
// islands that show a message or filter a field import this module, so their chunk carries no zod; contract/auth.ts
// re-exports all of it with the schemas built on it.
// ---------------------------------------------------------------------------------------------------------------
// Messages (exact texts: docs/contract.md#sign-in, docs/contract.md#sign-up)

export const MSG = {
  signInEmailRequired: 'Please Enter Email Address',
  signInPasswordRequired: 'Please Enter Password',
  invalidCredentials: 'INVALID EMAIL ADDRESS OR PASSWORD',
  verifyFirst: 'PLEASE VERIFY YOUR EMAIL ADDRESS BEFORE SIGNING IN',
  tooManyAttempts: 'TOO MANY ATTEMPTS. PLEASE TRY AGAIN LATER',
  accessCodeRequired: 'Please Enter The Access Code',
  emailRequired: 'Please Enter Email ID',
  emailInvalid: 'Invalid Mail',
  titleRequired: 'Please Select Title',
  firstNameRequired: 'Please Enter First Name',
  lastNameRequired: 'Please Enter Last Name',
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
  nameCharacters: 'Please use letters, spaces, apostrophes, dots and hyphens only',
  mobileDigits: 'Please enter digits only (at most 15)',
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

export const TITLES = ['Miss', 'Mr', 'Mrs'] as const;
export type Title = (typeof TITLES)[number];

export const AGE_BANDS = ['18 to 25', '26 to 30', '31 to 40', '41 to 50', '51 to 60', 'above 60'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The travel preferences a member can tick on the travel profile. */
export const TRAVEL_PREFERENCES = [
  'Beach', 'City breaks', 'Nature', 'Adventure', 'Culture', 'Food & wine', 'Family', 'Romance', 'Wellness',
  'Cruises', 'Ski', 'Golf', 'Road trips', 'Theme parks',
] as const;

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const MOBILE_MAX_LENGTH = 15;

/** Characters a name may hold: letters of any script, combining marks, spaces, apostrophes, dots and hyphens. */
const NAME_CHAR = /[\p{L}\p{M} '’.-]/u;
/** Empty passes here so an empty name gets the 'required' message alone. */
export const NAME_PATTERN = /^([\p{L}\p{M}][\p{L}\p{M} '’.-]*)?$/u;

/** The name character filter: drops every character a name may not hold (the islands run it on input). */
export function filterName(text: string): string {
  return [...text].filter((ch) => NAME_CHAR.test(ch)).join('').replace(/\s{2,}/g, ' ').slice(0, NAME_MAX_LENGTH);
}

/** Email sanitising: no spaces, control characters or characters that never belong in an address. */
export function sanitizeEmail(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f\u007f<>()[\]\\,;:"'`]/g, '').slice(0, EMAIL_MAX_LENGTH);
}

/** The stored form of an address: sanitised, trimmed and lower-cased (accounts compare emails case-insensitively). */
export const normalizeEmail = (text: string) => sanitizeEmail(text).toLowerCase();

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const isEmail = (text: string) => text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);

/** Phone number: digits only, at most 15 (the islands strip everything else on input). */
export const filterMobile = (text: string) => text.replace(/\D/g, '').slice(0, MOBILE_MAX_LENGTH);

/** Account roles: consumers, agents (B2B), an org's admins (the console) and its marketers (marketing only). */
export const ROLES = ['user', 'agent', 'admin', 'marketer'] as const;
export type Role = (typeof ROLES)[number];
