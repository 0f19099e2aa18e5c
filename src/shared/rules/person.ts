// A person's fields, once (docs/decisions/0041-typed-client-everywhere-and-person-rules.md): the titles, the name
// pattern, the e-mail rules and their messages, for every schema that has person fields (sign-up, the profile, an
// agent's client, a saved or booking traveller, an enquiry, a wallet card's recipient, a console member) and for
// the islands' input filters. No zod here, so an island that shows a message or filters a field carries none; the
// schemas built on these rules are in ./person-schemas.ts.

/** The exact texts (docs/contract.md#sign-up); the booking traveller's name keeps its shorter text. */
export const PERSON_MSG = {
  titleRequired: 'Please Select Title',
  firstNameRequired: 'Please Enter First Name',
  lastNameRequired: 'Please Enter Last Name',
  emailRequired: 'Please Enter Email ID',
  emailInvalid: 'Invalid Mail',
  nameCharacters: 'Please use letters, spaces, apostrophes, dots and hyphens only',
  nameLettersOnly: 'Use letters only',
  mobileDigits: 'Please enter digits only (at most 15)',
} as const;

/** The nationality an account gets when its sign-up names none: id 1, the United States (the spec's default). */
export const DEFAULT_NATIONALITY_ID = 1;

export const TITLES = ['Miss', 'Mr', 'Mrs'] as const;
export type Title = (typeof TITLES)[number];

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const MOBILE_MAX_LENGTH = 15;

/** Characters a name may hold: letters of any script, combining marks, spaces, apostrophes, dots and hyphens. */
const NAME_CHAR = /[\p{L}\p{M} '’.-]/u;
/** A name: a letter first, then any of the name's characters. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
/** The same, or empty: the account forms say 'required' alone for an empty name. */
export const NAME_OR_EMPTY = new RegExp(`^(?:${NAME_PATTERN.source.slice(1, -1)})?$`, 'u');

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

/**
 * The one e-mail rule, for an account's address and a contact address alike (docs/decisions/0046-one-email-rule.md):
 * a local part of letters, digits and `_ % + ' -` in dot-separated runs (no dot first, last or twice in a row), an
 * `@`, then dot-separated host labels (letters, digits, inner hyphens) and a top-level name of two letters or more.
 * An account's address is sanitised first (`sanitizeEmail`, which drops the apostrophe), so accounts never hold one.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export const isEmail = (text: string) => text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);

/** Phone number: digits only, at most 15 (the islands strip everything else on input). */
export const filterMobile = (text: string) => text.replace(/\D/g, '').slice(0, MOBILE_MAX_LENGTH);
