// The accounts wire schemas: what the sign-in/sign-up islands and the API accept and the exact messages they give.
import { describe, expect, it } from 'vitest';
import {
  filterName, MSG, normalizeEmail, PASSWORD_RULE_MESSAGE, ProfileUpdateSchema, sanitizeEmail, SignInBody, SignUpBody,
  signUpDetailsSchema, SignUpPasswordStepSchema, ValidateAccessCodeBody,
} from '../../src/shared/contract/auth';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const goodSignUp = () => ({
  jsonRegister: {
    email_id: '  New.Person@Example.COM ',
    password: 'Zebra7!stripe',
    confirm_password: 'Zebra7!stripe',
    terms_accepted: true,
    title: 'Mrs',
    nationality: '1',
    userdetails: { first_name: "Zoë O'Neil", last_name: 'Smith-Jones', mobile_no: '5551234567', mobile_country_code: '+1-868', country_code: 'tt' },
  },
});

describe('sign-in body', () => {
  it('gives the spec messages for an empty email and an empty password', () => {
    const r = SignInBody.safeParse({ jsonSign: { email_id: ' ', password: '' }, navAgent: 'x' });
    expect(messages(r)).toEqual({ 'jsonSign.email_id': MSG.signInEmailRequired, 'jsonSign.password': MSG.signInPasswordRequired });
  });

  it('accepts the legacy client shape with nulls and a string usr_type, and sanitises the email', () => {
    const r = SignInBody.parse({
      jsonSign: { usr_type: '2', email_id: ' demo@example.com\n', password: 'Demo1!pass', googletoken: null, fbtoken: '', site_url: null, accesscode: '', isPasswordAttempt: true, promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' } },
      navAgent: 'Mozilla',
    });
    expect(r.jsonSign.email_id).toBe('demo@example.com');
    expect(r.jsonSign.usr_type).toBe(2);
    expect(r.jsonSign.remember).toBe(false);
  });

  it('refuses an unknown usr_type', () => {
    expect(SignInBody.safeParse({ jsonSign: { usr_type: 3, email_id: 'a@b.co', password: 'x' } }).success).toBe(false);
  });

  it('needs no email or password with a social token', () => {
    expect(SignInBody.safeParse({ jsonSign: { googletoken: 'eyJ.x.y' } }).success).toBe(true);
  });
});

describe('sign-up body', () => {
  it('accepts a complete email sign-up and normalises the email', () => {
    const r = SignUpBody.parse(goodSignUp());
    expect(r.jsonRegister.email_id).toBe('new.person@example.com');
    expect(r.jsonRegister.nationality).toBe(1);
    expect(r.jsonRegister.language).toBe('en-US');
    expect(r.jsonRegister.userdetails.country_code).toBe('TT');
  });

  it.each([
    ['email_id', '', MSG.emailRequired],
    ['email_id', 'not-an-email', MSG.emailInvalid],
    ['title', '', MSG.titleRequired],
    ['title', 'Dr', MSG.titleRequired],
    ['password', 'short1!', PASSWORD_RULE_MESSAGE],
    ['confirm_password', 'Other7!stripe', MSG.passwordsDoNotMatch],
    ['terms_accepted', false, MSG.termsRequired],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    const body = goodSignUp();
    (body.jsonRegister as Record<string, unknown>)[field] = value;
    const r = SignUpBody.safeParse(body);
    expect(Object.values(messages(r))).toContain(message);
  });

  it.each([
    ['first_name', '', MSG.firstNameRequired],
    ['last_name', ' ', MSG.lastNameRequired],
    ['first_name', '<script>', MSG.nameCharacters],
    ['mobile_no', '12ab', MSG.mobileDigits],
    ['mobile_no', '1234567890123456', MSG.mobileDigits],
  ])('refuses userdetails.%s = %j with "%s"', (field, value, message) => {
    const body = goodSignUp();
    (body.jsonRegister.userdetails as Record<string, unknown>)[field] = value;
    expect(messages(SignUpBody.safeParse(body))[`jsonRegister.userdetails.${field}`]).toBe(message);
  });

  it('social sign-ups need neither password nor terms', () => {
    const body = goodSignUp();
    Object.assign(body.jsonRegister, { password: '', confirm_password: undefined, terms_accepted: undefined, googletoken: 'eyJ.a.b' });
    expect(SignUpBody.safeParse(body).success).toBe(true);
  });
});

describe('dialog step schemas', () => {
  it('asks for the access code only when the dialog shows it', () => {
    const details = { email_id: 'a@b.co', title: 'Mr', first_name: 'A', last_name: 'B' };
    expect(messages(signUpDetailsSchema(true).safeParse({ ...details, accesscode: '' })).accesscode).toBe(MSG.accessCodeRequired);
    expect(signUpDetailsSchema(false).safeParse(details).success).toBe(true);
  });

  it('the password step gives the terms, match and rule messages', () => {
    const r = SignUpPasswordStepSchema.safeParse({ password: 'abc', confirm_password: 'abd', terms_accepted: false });
    expect(messages(r)).toEqual({ terms_accepted: MSG.termsRequired, confirm_password: MSG.passwordsDoNotMatch, password: PASSWORD_RULE_MESSAGE });
  });
});

describe('helpers', () => {
  it('the name filter keeps letters of any script, spaces, apostrophes, dots and hyphens', () => {
    expect(filterName("José-María O'Neil Jr. 3<b>")).toBe("José-María O'Neil Jr. b");
    expect(filterName('李小龍')).toBe('李小龍');
  });

  it('email sanitising drops spaces and characters that never belong in an address', () => {
    expect(sanitizeEmail(' a b<c>@x.com; ')).toBe('abc@x.com');
    expect(normalizeEmail(' Demo@Example.COM')).toBe('demo@example.com');
  });

  it('access-code validation accepts an empty code (the org decides whether one is needed)', () => {
    expect(ValidateAccessCodeBody.parse({ jsonRegister: { accesscode: '', email_id: '' } }).jsonRegister.accesscode).toBe('');
  });

  it('a profile update refuses unknown fields and age bands outside the list', () => {
    expect(ProfileUpdateSchema.safeParse({ role: 'agent' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ travprofile: { age_band: '18 to 24' } }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ travprofile: { age_band: 'above 60' }, travelpreference: ['Beach'] }).success).toBe(true);
  });
});
