// The person rules in one module (src/shared/rules/person.ts): every schema with person fields reads the same titles,
// name pattern and messages, and each field answers exactly as it did before the rules were gathered
// (docs/decisions/0041-typed-client-everywhere-and-person-rules.md).
import { describe, expect, it } from 'vitest';
import { TravelerSchema } from '../../src/shared/contract/booking';
import { ClientSchema } from '../../src/shared/contract/agent';
import { EnquirySchema, ENQUIRY_MSG } from '../../src/shared/contract/enquiry';
import { MSG, signUpDetailsSchema } from '../../src/shared/contract/auth';
import { isEmail, NAME_PATTERN, PERSON_MSG, TITLES } from '../../src/shared/rules/person';
import { FirstNameSchema, TitleSchema, TravellerFirstNameSchema } from '../../src/shared/rules/person-schemas';

const issues = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const traveller = { title: 'Mrs', first_name: 'Zoë', last_name: "O'Neil-Smith", email: 'zoe@example.com', phone: '+44 20 7946 0000' };

describe('the person rules', () => {
  it('one list of titles for accounts, agents’ clients and travellers', () => {
    expect(TITLES).toEqual(['Miss', 'Mr', 'Mrs']);
    for (const title of TITLES) expect(TravelerSchema.safeParse({ ...traveller, title }).success).toBe(true);
    expect(issues(TravelerSchema.safeParse({ ...traveller, title: 'Dr' }))).toEqual(['title: Please Select Title']);
    expect(issues(TitleSchema.safeParse('Dr'))).toEqual([': Please Select Title']);
  });

  it('one name pattern: letters of any script, spaces, apostrophes, dots and hyphens, a letter first', () => {
    for (const ok of ['José-María', "O'Neil Jr.", '李小龍', 'Ngũgĩ', 'O’Brien']) {
      expect(NAME_PATTERN.test(ok)).toBe(true);
      expect(FirstNameSchema.safeParse(ok).success).toBe(true);
      expect(TravellerFirstNameSchema.safeParse(ok).success).toBe(true);
    }
    for (const bad of ['-Ann', 'Ann3', 'Ann<b>', '.Bo']) {
      expect(NAME_PATTERN.test(bad)).toBe(false);
      expect(issues(FirstNameSchema.safeParse(bad))).toEqual([`: ${PERSON_MSG.nameCharacters}`]);
      expect(issues(TravellerFirstNameSchema.safeParse(bad))).toEqual([': Use letters only']);
    }
  });

  it('keeps each form’s messages as they were', () => {
    // An account form says 'required' alone for an empty name; the traveller's form also says which letters.
    expect(issues(FirstNameSchema.safeParse('  '))).toEqual([': Please Enter First Name']);
    expect(issues(TravelerSchema.safeParse({ ...traveller, first_name: '' }))).toEqual(['first_name: Please Enter First Name', 'first_name: Use letters only']);
    expect(issues(TravelerSchema.safeParse({ ...traveller, email: '' }))[0]).toBe('email: Please Enter Email ID');
    expect(issues(TravelerSchema.safeParse({ ...traveller, email: 'not-an-address' }))).toEqual(['email: Invalid Mail']);
    expect(MSG.titleRequired).toBe('Please Select Title');
    expect(MSG.nameCharacters).toBe('Please use letters, spaces, apostrophes, dots and hyphens only');
    expect(ENQUIRY_MSG.email).toBe('Please Enter Email ID');
    expect(ENQUIRY_MSG.invalidEmail).toBe('Invalid Mail');
  });

  it('the sign-up, an agent’s client and an enquiry read the same rules', () => {
    const details = signUpDetailsSchema(false).safeParse({ email_id: 'a@b.co', title: 'Dr', first_name: 'Ann3', last_name: 'Lee', mobile_no: '', terms_accepted: true });
    expect(issues(details)).toEqual(expect.arrayContaining([`first_name: ${PERSON_MSG.nameCharacters}`]));
    const client = ClientSchema.safeParse({ title: 'Mrs', first_name: 'Ann3', last_name: 'Lee', email: 'ann@example.com' });
    expect(issues(client)).toEqual(expect.arrayContaining([`first_name: ${PERSON_MSG.nameCharacters}`]));
    const enquiry = EnquirySchema.safeParse({ kind: 'help', name: 'Ann', email: 'nope', message: 'Hello' });
    expect(issues(enquiry)).toEqual(['email: Invalid Mail']);
  });

  it('one e-mail rule for an account and a contact address; an account drops the apostrophe as it is typed', () => {
    const good = ["o'neil@example.com", 'a.b+tag@mail.example.co', 'ann_lee%x@example.org', 'x-y@sub-domain.example.travel'];
    const bad = ['.ann@example.com', 'ann.@example.com', 'an..n@example.com', 'ann@example', 'ann@-example.com', 'ann@example.c', 'ann@@example.com', 'ann example@x.com'];
    for (const text of good) {
      expect(isEmail(text), text).toBe(true);
      expect(TravelerSchema.safeParse({ ...traveller, email: text }).success, text).toBe(true);
      expect(ClientSchema.safeParse({ title: 'Mrs', first_name: 'Ann', last_name: 'Lee', email: text }).success, text).toBe(true);
    }
    for (const text of bad) {
      expect(isEmail(text), text).toBe(false);
      expect(issues(TravelerSchema.safeParse({ ...traveller, email: text })), text).toEqual(['email: Invalid Mail']);
      expect(issues(EnquirySchema.safeParse({ kind: 'help', name: 'Ann', email: text, message: 'Hello' })), text).toEqual(['email: Invalid Mail']);
    }
    // The account form's sanitiser takes the apostrophe out before the rule is applied.
    const details = signUpDetailsSchema(false).safeParse({ email_id: "o'neil@example.com", title: 'Mrs', first_name: 'Ann', last_name: 'Lee', mobile_no: '', terms_accepted: true });
    expect(details.success && details.data.email_id).toBe('oneil@example.com');
  });
});
