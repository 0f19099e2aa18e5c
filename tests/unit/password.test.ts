// The password rule of docs/contract.md#password-rule, as both the islands and the API apply it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMON_PASSWORDS, PASSWORD_RULE_MESSAGE, PASSWORD_TOO_COMMON_MESSAGE, passwordProblem } from '../../src/shared/rules/password';

describe('password rule', () => {
  it('accepts 8 to 13 characters with a lower, an upper, a digit and a special character', () => {
    for (const ok of ['Demo1!pass', 'Agent1!pass', 'aB3$efgh', 'aB3$efghijklm', 'Zz9 ~zzzzz']) expect(passwordProblem(ok)).toBeNull();
  });

  it('refuses each missing class and each length outside 8-13 with the rule message', () => {
    for (const bad of ['ab3$efgh', 'AB3$EFGH', 'aBc$efgh', 'aB3defgh', 'aB3$efg', 'aB3$efghijklmn', '']) {
      expect(passwordProblem(bad)).toBe(PASSWORD_RULE_MESSAGE);
    }
  });

  it('counts characters, not UTF-16 units, for the length', () => {
    expect(passwordProblem('aB3$😀😀😀😀😀😀😀😀😀')).toBeNull();
    expect(passwordProblem('aB3$😀😀😀😀😀😀😀😀😀😀')).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('refuses the most common passwords whatever their case, even though they pass the character rule', () => {
    expect(passwordProblem('P@ssw0rd')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(passwordProblem('Welcome@123')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    const passingTheRule = COMMON_PASSWORDS.filter((p) => passwordProblem(p.toUpperCase().slice(0, 1) + p.slice(1)) !== PASSWORD_RULE_MESSAGE);
    expect(passingTheRule.length).toBeGreaterThan(20);
  });

  it('never accepts a password missing any class (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 13 }), (s) => {
        const ok = passwordProblem(s) === null;
        if (ok) {
          expect(/[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s) && /[^A-Za-z0-9\s]/.test(s)).toBe(true);
        }
      }),
    );
  });
});
