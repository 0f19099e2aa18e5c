// The password rule (docs/contract.md#password-rule), checked by the sign-up and reset forms and again by the API.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 13;

export const PASSWORD_RULE_MESSAGE =
  'PASSWORD MUST BE BETWEEN 8-13 CHARACTERS IN LENGTH AND MUST COMPRISE OF AT LEAST 1 LOWERCASE ALPHABET (A-Z), 1 UPPERCASE ALPHABET (A-Z), 1 NUMBER (0-9) AND 1 SPECIAL CHARACTER';
export const PASSWORD_TOO_COMMON_MESSAGE = 'THIS PASSWORD IS TOO COMMON. PLEASE CHOOSE ANOTHER ONE';
/** The password messages as a catalogue, named as their labels are (auth_msg_passwordRule, auth_msg_passwordTooCommon). */
export const PASSWORD_MSG = { passwordRule: PASSWORD_RULE_MESSAGE, passwordTooCommon: PASSWORD_TOO_COMMON_MESSAGE } as const;

/**
 * The most used passwords that still satisfy the character rule (breach corpora: the rule alone lets these
 * through). Compared case-insensitively.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  'password1!', 'password@1', 'password1@', 'password#1', 'password123!', 'p@ssw0rd', 'p@ssw0rd1', 'p@ssw0rd!',
  'p@ssword1', 'p@55w0rd', 'passw0rd!', 'passw0rd1!', 'pa$$w0rd', 'pa$$word1', 'welcome1!', 'welcome@1',
  'welcome123!', 'welcome@123', 'qwerty1!', 'qwerty123!', 'qwerty@123', 'abc123!@#', 'abcd@1234', 'abc@1234',
  'admin@123', 'admin123!', 'admin@1234', 'test@123', 'test@1234', 'test123!', 'letmein1!', 'iloveyou1!',
  'summer2024!', 'summer2025!', 'summer2026!', 'winter2025!', 'winter2026!', 'spring2026!', 'autumn2026!',
  'monkey123!', 'dragon123!', 'football1!', 'baseball1!', 'sunshine1!', 'princess1!', 'changeme1!', 'changeme123!',
  'india@123', 'india@1234', 'pass@123', 'pass@1234', 'pass@word1', 'user@123', 'hello@123', 'hello123!',
  'travel@123', 'travel123!', 'holiday1!', 'vacation1!', 'aa123456!', 'aa@123456', 'a1b2c3d4!', 'zaq1@wsx',
  '1qaz@wsx', '1qaz!qaz', 'q1w2e3r4!', 'qwer1234!', 'asdf1234!', '123qwe!@#', 'passw@rd1', 'master1!',
];

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export const PASSWORD_CLASSES = {
  lower: /[a-z]/,
  upper: /[A-Z]/,
  digit: /[0-9]/,
  special: /[^A-Za-z0-9\s]/,
} as const;

/** The message to show for `password`, or null when it passes the whole rule. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_RULE_MESSAGE;
  for (const re of Object.values(PASSWORD_CLASSES)) if (!re.test(password)) return PASSWORD_RULE_MESSAGE;
  if (COMMON.has(password.toLowerCase())) return PASSWORD_TOO_COMMON_MESSAGE;
  return null;
}
