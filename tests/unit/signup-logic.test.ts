// The account dialogs' pure rules: list filters, invitation and referral parameters, sign-up answers, messages.
import { describe, expect, it } from 'vitest';
import {
  accessCodeShown, CLIENT_MSG, failureText, fieldErrors, filterCountries, filterNationalities, findCountry, idTokenProfile, messageKey, readInvitation,
  signUpOutcome, translateMessage, usrTypeFor,
} from '../../src/islands/account/signup-logic';
import { MSG, PASSWORD_RULE_MESSAGE, PASSWORD_TOO_COMMON_MESSAGE, signUpDetailsSchema, SignUpPasswordStepSchema } from '../../src/shared/contract/auth';
import { authLabels } from '../../src/shared/i18n/auth';
import { LANGUAGES } from '../../src/shared/i18n/types';

const countries = [
  { countryName: 'United States', countryCode: 'US', isdCode: '+1', default_country: 1 },
  { countryName: 'Canada', countryCode: 'CA', isdCode: '+1', default_country: 0 },
  { countryName: 'Trinidad and Tobago', countryCode: 'TT', isdCode: '+1-868', default_country: 0 },
  { countryName: 'United Kingdom', countryCode: 'GB', isdCode: '+44', default_country: 0 },
  { countryName: 'Guernsey', countryCode: 'GG', isdCode: '+44', default_country: 0 },
  { countryName: 'Russia', countryCode: 'RU', isdCode: '+7', default_country: 0 },
  { countryName: 'Côte d’Ivoire', countryCode: 'CI', isdCode: '+225', default_country: 0 },
];
const nationalities = [
  { nationalityId: 1, nationalityName: 'American', nationalityCode: 'US' },
  { nationalityId: 2, nationalityName: 'Canadian', nationalityCode: 'CA' },
  { nationalityId: 3, nationalityName: 'British', nationalityCode: 'GB' },
  { nationalityId: 4, nationalityName: 'Central African', nationalityCode: 'CF' },
  { nationalityId: 5, nationalityName: 'South African', nationalityCode: 'ZA' },
];

describe('country-code selector filter', () => {
  it('matches a name containing the text, not only starting with it', () => {
    expect(filterCountries(countries, 'kingdom').map((c) => c.countryCode)).toEqual(['GB']);
    expect(filterCountries(countries, 'and').map((c) => c.countryCode)).toEqual(['TT']);
  });
  it('matches the ISO code and the dialling code with or without the plus sign', () => {
    expect(filterCountries(countries, 'gb').map((c) => c.countryCode)).toEqual(['GB']);
    expect(filterCountries(countries, '+44').map((c) => c.countryCode)).toEqual(['GB', 'GG']);
    expect(filterCountries(countries, '868').map((c) => c.countryCode)).toEqual(['TT']);
    expect(filterCountries(countries, '1').map((c) => c.countryCode)).toEqual(['US', 'CA', 'TT']);
  });
  it('lists exact code matches first, then names starting with the text', () => {
    const withAngola = [{ countryName: 'Angola', countryCode: 'AO', isdCode: '+244' }, ...countries];
    expect(filterCountries(withAngola, '44').map((c) => c.countryCode)).toEqual(['GB', 'GG', 'AO']);
    expect(filterCountries(withAngola, 'ca').map((c) => c.countryCode)).toEqual(['CA']);
    expect(filterCountries(withAngola, 'u').map((c) => c.countryCode)).toEqual(['US', 'GB', 'GG', 'RU']);
  });
  it('ignores accents and case, and an empty text lists every country', () => {
    expect(filterCountries(countries, 'COTE').map((c) => c.countryCode)).toEqual(['CI']);
    expect(filterCountries(countries, '  ')).toHaveLength(countries.length);
  });
});

describe('nationality type-ahead', () => {
  it('lists only names starting with the text', () => {
    expect(filterNationalities(nationalities, 'ca').map((n) => n.nationalityCode)).toEqual(['CA']);
    expect(filterNationalities(nationalities, 'African')).toEqual([]);
    expect(filterNationalities(nationalities, 'C').map((n) => n.nationalityCode)).toEqual(['CA', 'CF']);
  });
});

describe('invitation and referral parameters', () => {
  it('prefill the form, the title being a 1-based index into Miss, Mr, Mrs', () => {
    const inv = readInvitation('?mastercode=WELCOME2026&email=%20jo%40example.com&firstname=Jo3&lastname=Smith&title=3&phonenumber=555-12a34&countrycode=TT&lang=fr-FR&tripid=T9&referral_code=REF1&referral_org=2');
    expect(inv).toEqual({
      mastercode: 'WELCOME2026', email: 'jo@example.com', firstname: 'Jo', lastname: 'Smith', title: 'Mrs', phonenumber: '5551234',
      countrycode: 'TT', lang: 'fr-FR', tripid: 'T9', referral_code: 'REF1', referral_org: '2',
    });
  });
  it('drop a title index out of range and a malformed language', () => {
    expect(readInvitation('?title=4&lang=xx').title).toBe('');
    expect(readInvitation('?title=0').title).toBe('');
    expect(readInvitation('?title=1').title).toBe('Miss');
    expect(readInvitation('?lang=english').lang).toBe('');
  });
  it('resolve the country by ISO code, dialling code or name, preferring the org country for shared codes', () => {
    expect(findCountry(countries, 'tt')?.countryCode).toBe('TT');
    expect(findCountry(countries, '+1-868')?.countryCode).toBe('TT');
    expect(findCountry(countries, '1')?.countryCode).toBe('US');
    expect(findCountry(countries, '+1', 'CA')?.countryCode).toBe('CA');
    expect(findCountry(countries, '44')?.countryCode).toBe('GB');
    expect(findCountry(countries, 'canada')?.countryCode).toBe('CA');
    expect(findCountry(countries, '')).toBeUndefined();
  });
});

describe('access code field', () => {
  it('shows only when the org flag is 1 and no referral code hides the master code', () => {
    expect(accessCodeShown(1, '')).toBe(true);
    expect(accessCodeShown(1, 'REF1')).toBe(false);
    expect(accessCodeShown(0, '')).toBe(false);
    expect(accessCodeShown(undefined, '')).toBe(false);
  });
});

describe('sign-in user type hint', () => {
  it('is 1 when the email text contains agent, else 2', () => {
    expect(usrTypeFor('Travel.Agent@example.com')).toBe(1);
    expect(usrTypeFor('demo@example.com')).toBe(2);
  });
});

describe('sign-up answers (docs/product.md#states, docs/product.md#error-messages)', () => {
  it('a created email account shows the upper-case confirmation text', () => {
    const r = signUpOutcome({ status: 1, data: { code: 200, message: 'USER_CREATED', resp: MSG.confirmationSent, isProfileCreated: 1 } }, false);
    expect(r).toEqual({ kind: 'created', text: MSG.confirmationSentUpper, signedIn: false });
  });
  it('a created social account shows the welcome text and is signed in', () => {
    const r = signUpOutcome({ status: 1, data: { code: 200, resp: MSG.socialWelcome, isProfileCreated: 1 }, result: {} }, true);
    expect(r).toEqual({ kind: 'created', text: MSG.socialWelcome, signedIn: true });
  });
  it('status 0, status 1 with code 201 and code 500 show the server resp', () => {
    expect(signUpOutcome({ status: 0, data: { code: 500, resp: 'INVALID ACCESS CODE' } }, false)).toEqual({ kind: 'error', text: 'INVALID ACCESS CODE' });
    expect(signUpOutcome({ status: 1, data: { code: 201, resp: MSG.userExists, isProfileCreated: 0 } }, false)).toEqual({ kind: 'error', text: MSG.userExists });
    expect(signUpOutcome({ status: 1, data: { code: 500, resp: 'Nope' } }, false)).toEqual({ kind: 'error', text: 'Nope' });
  });
  it('an answer it cannot read is an error, never a success', () => {
    expect(signUpOutcome(undefined, false).kind).toBe('error');
    expect(signUpOutcome({ status: 1, data: { code: 200, isProfileCreated: 0 } }, false).kind).toBe('error');
  });
});

describe('messages', () => {
  const es = (key: string) => authLabels[key]?.['es-ES'] ?? '';
  it('every server and rule message has a label, found whatever its case or final dot', () => {
    const bare = (text: string) => text.toUpperCase().replace(/\.$/, '');
    for (const [name, text] of Object.entries(MSG)) expect(bare(authLabels[messageKey(text)!]?.['en-US'] ?? ''), name).toBe(bare(text));
    expect(messageKey(PASSWORD_RULE_MESSAGE)).toBe('auth_msg_passwordRule');
    expect(messageKey(PASSWORD_TOO_COMMON_MESSAGE)).toBe('auth_msg_passwordTooCommon');
    expect(messageKey('user already exists. please login with email.')).toBe('auth_msg_userExists');
    expect(messageKey(MSG.confirmationSentUpper)).toBe('auth_msg_confirmationSentUpper');
    expect(translateMessage(() => '', MSG.confirmationSentUpper, true)).toBe(MSG.confirmationSentUpper);
  });
  it('the en-US label of each message is the exact text of the spec and contract', () => {
    for (const [name, text] of Object.entries(MSG)) expect(authLabels[`auth_msg_${name}`]?.['en-US']).toBe(text);
    expect(authLabels.auth_msg_passwordRule?.['en-US']).toBe(PASSWORD_RULE_MESSAGE);
    expect(authLabels.auth_msg_passwordTooCommon?.['en-US']).toBe(PASSWORD_TOO_COMMON_MESSAGE);
  });
  it('server answers are translated and upper-cased; unknown texts pass through upper-cased', () => {
    expect(translateMessage(es, 'INVALID EMAIL ADDRESS OR PASSWORD', true)).toBe('CORREO ELECTRÓNICO O CONTRASEÑA NO VÁLIDOS');
    expect(translateMessage(es, MSG.userExists, true)).toBe('EL USUARIO YA EXISTE. INICIA SESIÓN CON TU CORREO ELECTRÓNICO');
    expect(translateMessage(es, 'Something new', true)).toBe('SOMETHING NEW');
    expect(translateMessage(() => '', MSG.emailInvalid)).toBe('Invalid Mail');
  });
  it('every auth label has a non-empty text in every language', () => {
    for (const [key, texts] of Object.entries(authLabels)) for (const lang of LANGUAGES) expect(texts[lang], `${key} ${lang}`).toBeTruthy();
  });
});

describe('provider ID token prefill', () => {
  const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
  it('reads email and names, split from name when given/family names are missing', () => {
    expect(idTokenProfile(token({ email: 'zoë@example.com', given_name: 'Zoë', family_name: "O'Neil" }))).toEqual({ email: 'zoë@example.com', firstName: 'Zoë', lastName: "O'Neil" });
    expect(idTokenProfile(token({ email: 'a@b.co', name: 'Ana Maria Lopez' }))).toEqual({ email: 'a@b.co', firstName: 'Ana', lastName: 'Maria Lopez' });
  });
  it('gives empty fields for a token it cannot read', () => {
    expect(idTokenProfile('garbage')).toEqual({ email: '', firstName: '', lastName: '' });
  });
});

describe('step 1 and step 2 checks give the exact messages per field', () => {
  it('step 1 with every field empty and the access code shown', () => {
    const r = signUpDetailsSchema(true).safeParse({ accesscode: '', email_id: '', title: '', first_name: '', last_name: '' });
    expect(fieldErrors(r.error!.issues)).toEqual({
      accesscode: MSG.accessCodeRequired, email_id: MSG.emailRequired, title: MSG.titleRequired,
      first_name: MSG.firstNameRequired, last_name: MSG.lastNameRequired,
    });
  });
  it('step 1 with a malformed email', () => {
    const r = signUpDetailsSchema(false).safeParse({ email_id: 'not-an-email', title: 'Mr', first_name: 'A', last_name: 'B' });
    expect(fieldErrors(r.error!.issues)).toEqual({ email_id: MSG.emailInvalid });
  });
  it('step 2: terms, mismatch and the password rule', () => {
    const r = SignUpPasswordStepSchema.safeParse({ password: 'short', confirm_password: 'other', terms_accepted: false });
    expect(fieldErrors(r.error!.issues)).toEqual({ terms_accepted: MSG.termsRequired, confirm_password: MSG.passwordsDoNotMatch, password: PASSWORD_RULE_MESSAGE });
  });
});

describe('failed calls', () => {
  class Failure extends Error {
    constructor(readonly status: number, readonly body: unknown) {
      super('failed');
    }
  }
  it('show sign-in and sign-up refusals, then the first issue, then the error message, else the fallback', () => {
    expect(failureText(new Failure(401, { status: 'failed', message: MSG.invalidCredentials }), 'x')).toBe(MSG.invalidCredentials);
    expect(failureText(new Failure(400, { status: 'failed', error: { code: 'BAD_REQUEST', message: 'Invalid token: X', issues: [{ path: 'token', message: MSG.linkInvalid }] } }), 'x')).toBe(MSG.linkInvalid);
    expect(failureText(new Failure(400, { status: 'failed', error: { code: 'BAD_REQUEST', message: MSG.linkInvalid } }), 'x')).toBe(MSG.linkInvalid);
    expect(failureText(new Failure(500, undefined), MSG.invalidCredentials)).toBe(MSG.invalidCredentials);
    expect(failureText(new Failure(400, { status: 0, data: { code: 500, resp: MSG.invalidAccessCode } }), 'x')).toBe(MSG.invalidAccessCode);
  });
  it('a call that never got an answer is a network error', () => {
    expect(failureText(new TypeError('Failed to fetch'), 'x')).toBe(CLIENT_MSG.networkError);
    expect(authLabels.auth_msg_networkError?.['en-US']).toBe(CLIENT_MSG.networkError);
    expect(authLabels.auth_msg_popupBlocked?.['en-US']).toBe(CLIENT_MSG.popupBlocked);
    expect(authLabels.auth_msg_socialCancelled?.['en-US']).toBe(CLIENT_MSG.socialCancelled);
  });
});
