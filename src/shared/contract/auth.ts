// The accounts wire bodies (docs/contract.md#sessions, docs/contract.md#sign-up, the profile API) and their exact user-facing messages,
// shared by the sign-in/sign-up islands and the API routes.
import { z } from 'zod';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGE } from '../rules/password';
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail, sanitizeEmail } from '../rules/person';
import { FirstNameSchema, LastNameSchema, MobileSchema, SignUpEmail, TitleSchema } from '../rules/person-schemas';

export { PASSWORD_RULE_MESSAGE, PASSWORD_TOO_COMMON_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../rules/password';
// The person fields' rules live in src/shared/rules/person.ts (re-exported by ./auth-text) and their schemas in
// src/shared/rules/person-schemas.ts; the account schemas and islands read them here too.
export { FirstNameSchema, LastNameSchema, MobileSchema, SignUpEmail, TitleSchema } from '../rules/person-schemas';

// Messages and field rules (zod-free, in ./auth-text so the islands can take them without the schemas).
export * from './auth-text';
import { AGE_BANDS, MSG, ROLES, TRAVEL_PREFERENCES } from './auth-text';

/** Strings the legacy client may send as null or leave out. */
const optText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

const looseFlag = z.union([z.boolean(), z.number(), z.string().max(10)]).nullish();

export const SignInEmail = z.string({ error: MSG.signInEmailRequired }).overwrite(sanitizeEmail).min(1, MSG.signInEmailRequired);
export const SignInPassword = z.string({ error: MSG.signInPasswordRequired }).min(1, MSG.signInPasswordRequired).max(200);

export const PasswordSchema = z.string({ error: MSG.signInPasswordRequired }).superRefine((pw, ctx) => {
  const problem = passwordProblem(pw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Dialling code as the country-code selector sends it: "+1", "+44", "+1-868" (or empty). */
export const PhoneCountryCodeSchema = z
  .string()
  .trim()
  .max(10)
  .regex(/^(\+?\d{1,4}(-\d{1,4})?)?$/, 'Invalid country code');
/** ISO 3166-1 alpha-2 (or empty). */
export const CountryCodeSchema = z
  .string()
  .trim()
  .max(2)
  .regex(/^([A-Za-z]{2})?$/, 'Invalid country')
  .transform((v) => v.toUpperCase());
export const LanguageSchema = z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, 'Invalid language');
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'Invalid currency');
/** Nationality ids are positive integers; the legacy client may send them as strings. */
export const NationalitySchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v === '' ? null : v),
  z.number().int().positive().nullable(),
);
export const AccessCodeSchema = z.string().trim().max(64);

const usrType = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)]),
);

// ---------------------------------------------------------------------------------------------------------------
// Sign-in (docs/contract.md#sign-in)

export const SignInSchema = z
  .object({
    usr_type: usrType.nullish(),
    email_id: z.string().max(EMAIL_MAX_LENGTH * 2).nullish().transform((v) => sanitizeEmail(v ?? '')),
    password: z.string().max(200).nullish().transform((v) => v ?? ''),
    googletoken: optText(8192),
    fbtoken: optText(8192),
    site_url: optText(2048),
    accesscode: optText(64),
    isPasswordAttempt: looseFlag,
    promotions: z.object({ isPromotionVisited: looseFlag }).partial().nullish(),
    userdetails: z
      .object({
        usr_email_id: optText(EMAIL_MAX_LENGTH * 2),
        first_name: optText(200),
        last_name: optText(200),
        mastercode: optText(64),
      })
      .partial()
      .nullish(),
    /** This product's addition: keep the session for 30 days instead of the browser session. */
    remember: z.boolean().nullish().transform((v) => v === true),
  })
  .superRefine((v, ctx) => {
    if (v.googletoken || v.fbtoken) return;
    if (!v.email_id) ctx.addIssue({ code: 'custom', path: ['email_id'], message: MSG.signInEmailRequired });
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.signInPasswordRequired });
  });
export type SignIn = z.output<typeof SignInSchema>;

/** POST /api/signIn */
export const SignInBody = z.object({ jsonSign: SignInSchema, navAgent: z.string().max(1024).nullish() });
/** POST /api/auth/signIn (the spec's second path; `jsonSingIn` is the spec's spelling). */
export const AuthSignInBody = z.object({
  jsonSingIn: SignInSchema,
  ipAddress: z.string().max(64).nullish(),
  navAgent: z.string().max(1024).nullish(),
});

/** The sign-in form as the dialog checks it before sending. */
export const SignInFormSchema = z.object({ email_id: SignInEmail, password: SignInPassword });

export const PLAN_STATUSES = ['ACTIVE', 'ACTIVE-REFRESH', 'NOPLAN'] as const;


export const LoginResultSchema = z.object({
  token: z.string(),
  username: z.string(),
  email: z.string(),
  currency_code: z.string(),
  language: z.string(),
  nationality: z.number().int().nullable(),
  userId: z.number().int(),
  role: z.enum(ROLES),
  last_name: z.string(),
  is_promotion: z.union([z.literal(0), z.literal(1)]),
  subscription_details: z.array(z.object({ plan_status: z.enum(PLAN_STATUSES) })),
  display_price: z.union([z.literal(0), z.literal(1)]),
  credit_limit: z.number(),
  phone_country_code: z.string(),
  access_code: z.string(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const SignInSuccessSchema = z.object({ status: z.literal('success'), message: z.string(), result: LoginResultSchema });
export const SignInFailureSchema = z.object({ status: z.literal('failed'), message: z.string() });

/** The readable `userData` cookie: display fields only (docs/contract.md#sessions). */
export const UserDataCookieSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  currency_code: z.string(),
  language: z.string(),
  userId: z.number().int(),
});
export type UserDataCookie = z.infer<typeof UserDataCookieSchema>;

/** POST /api/auth/checkLogin answers (HTTP 200 both). */
export const CheckLoginSchema = z.union([
  z.object({ status: z.literal('success'), result: LoginResultSchema, message: z.object({ ssocheck: z.object({ is_sso: z.union([z.literal(0), z.literal(1)]) }) }) }),
  z.object({
    status: z.literal('failed'),
    message: z.object({ ssocheck: z.object({ is_sso: z.union([z.literal(0), z.literal(1)]) }) }),
    session_out_url: z.string(),
  }),
]);

// ---------------------------------------------------------------------------------------------------------------
// Sign-up (docs/contract.md#sign-up)

/** POST /api/signUp/checkAccountForExists */
export const CheckAccountBody = z.object({ jsonSigUp: z.object({ email_id: SignUpEmail }) });
export const CheckAccountReply = z.object({ data: z.object({ code: z.union([z.literal(404), z.literal(201)]), resp: z.string() }) });

/** POST /api/signUp/validateAccessCode */
export const ValidateAccessCodeBody = z.object({
  jsonRegister: z.object({ accesscode: AccessCodeSchema.nullish().transform((v) => v ?? ''), email_id: optText(EMAIL_MAX_LENGTH * 2) }),
});
export const ValidateAccessCodeReply = z.object({ data: z.object({ status: z.union([z.literal(0), z.literal(1)]), resp: z.string() }) });

export const SignUpUserDetails = z.object({
  email_id: optText(EMAIL_MAX_LENGTH * 2),
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  country_code: CountryCodeSchema.nullish().transform((v) => v ?? ''),
  mobile_no: MobileSchema.nullish().transform((v) => v ?? ''),
  mobile_country_code: PhoneCountryCodeSchema.nullish().transform((v) => v ?? ''),
});

export const SignUpSchema = z
  .object({
    promotions: z.union([looseFlag, z.record(z.string(), looseFlag)]).optional(),
    accesscode: AccessCodeSchema.nullish().transform((v) => v ?? ''),
    email_id: z.string({ error: MSG.emailRequired }).max(EMAIL_MAX_LENGTH * 2).nullish().transform((v) => v ?? ''),
    password: z.string().max(200).nullish().transform((v) => v ?? ''),
    /** This product's addition: the confirmation field, checked on the server too when sent. */
    confirm_password: z.string().max(200).nullish(),
    /**
     * This product's addition: the terms checkbox. The existing client ticks it before it calls and sends no field,
     * so an email sign-up without it has accepted the terms; only an explicit false refuses (docs/decisions/0014).
     */
    terms_accepted: z.boolean().nullish(),
    googletoken: optText(8192),
    fbtoken: optText(8192),
    nationality: NationalitySchema.optional().transform((v) => v ?? null),
    site_url: optText(2048),
    mastercode: optText(64),
    referral_code: optText(64),
    language: LanguageSchema.nullish().transform((v) => v ?? 'en-US'),
    currency: CurrencySchema.nullish(),
    title: TitleSchema,
    site_id: z.union([z.string().max(64), z.number()]).nullish(),
    client_ip_address: optText(64),
    true_client_ip: optText(64),
    trip_id: z.union([z.string().max(64), z.number()]).nullish(),
    referral_org: z.union([z.string().max(64), z.number()]).nullish().transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
    userdetails: z.preprocess((v) => v ?? {}, SignUpUserDetails),
  })
  .superRefine((v, ctx) => {
    const social = Boolean(v.googletoken || v.fbtoken);
    const email = sanitizeEmail(v.email_id || v.userdetails.email_id);
    if (!social || email) {
      if (!email) ctx.addIssue({ code: 'custom', path: ['email_id'], message: MSG.emailRequired });
      else if (!isEmail(email)) ctx.addIssue({ code: 'custom', path: ['email_id'], message: MSG.emailInvalid });
    }
    if (social) return;
    const problem = v.password ? passwordProblem(v.password) : MSG.signInPasswordRequired;
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (v.confirm_password !== undefined && v.confirm_password !== null && v.confirm_password !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordsDoNotMatch });
    }
    if (v.terms_accepted === false) ctx.addIssue({ code: 'custom', path: ['terms_accepted'], message: MSG.termsRequired });
  })
  .transform((v) => ({ ...v, email_id: normalizeEmail(v.email_id || v.userdetails.email_id) }));
export type SignUp = z.output<typeof SignUpSchema>;

/** The version of /terms-of-use a sign-up accepts; stored with the time of acceptance (change it with the page). */
export const TERMS_VERSION = '2026-01';

/** Has this sign-up accepted the terms? Email sign-ups have (unless they say false); social ones only when they say so. */
export const termsAccepted = (v: Pick<SignUp, 'terms_accepted' | 'googletoken' | 'fbtoken'>) =>
  v.terms_accepted === true || (v.terms_accepted !== false && !(v.googletoken || v.fbtoken));

/** POST /api/signUp */
export const SignUpBody = z.object({ jsonRegister: SignUpSchema });

/** Sign-up step 1 as the dialog checks it (the access code only when the dialog shows it). */
export const signUpDetailsSchema = (accessCodeShown: boolean) =>
  z.object({
    accesscode: accessCodeShown ? z.string().trim().min(1, MSG.accessCodeRequired).max(64) : z.string().optional(),
    email_id: SignUpEmail,
    title: z.string().pipe(TitleSchema),
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    mobile_no: MobileSchema.optional(),
  });

/** Sign-up step 2 (password) as the dialog checks it. */
export const SignUpPasswordStepSchema = z
  .object({ password: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGE), confirm_password: z.string(), terms_accepted: z.boolean() })
  .superRefine((v, ctx) => {
    if (!v.terms_accepted) ctx.addIssue({ code: 'custom', path: ['terms_accepted'], message: MSG.termsRequired });
    if (v.password !== v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordsDoNotMatch });
    const problem = passwordProblem(v.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

export const SignUpCreatedSchema = z.object({
  status: z.literal(1),
  data: z.object({ code: z.literal(200), message: z.literal('USER_CREATED'), resp: z.string(), isProfileCreated: z.literal(1) }),
  /** Present for social sign-ups: they are signed in at once. */
  result: LoginResultSchema.optional(),
});
export const SignUpExistsSchema = z.object({
  status: z.literal(1),
  data: z.object({ code: z.literal(201), message: z.literal('USER_ALREADY_CREATED'), resp: z.string(), isProfileCreated: z.literal(0) }),
});
export const SignUpRefusedSchema = z.object({ status: z.literal(0), data: z.object({ code: z.literal(500), resp: z.string() }) });

// ---------------------------------------------------------------------------------------------------------------
// Verification, password reset, SSO, activity

export const TokenSchema = z.string().trim().min(16, MSG.linkInvalid).max(200, MSG.linkInvalid).regex(/^[A-Za-z0-9_-]+$/, MSG.linkInvalid);

/** POST /api/auth/verifyAccount */
export const VerifyAccountBody = z.object({ token: TokenSchema });
/** POST /api/auth/forgotPassword */
export const ForgotPasswordBody = z.object({ email_id: SignUpEmail });
/**
 * POST /api/auth/changePassword: `{ token, password }` from the reset link, or (this product's addition, signed in)
 * `{ current_password, password }` from My account.
 */
export const ChangePasswordBody = z.union([
  z.object({ token: TokenSchema, password: PasswordSchema, confirm_password: z.string().max(200).optional() }),
  z.object({ current_password: z.string().min(1, MSG.signInPasswordRequired).max(200), password: PasswordSchema, confirm_password: z.string().max(200).optional() }),
]).superRefine((v, ctx) => {
  if (v.confirm_password !== undefined && v.confirm_password !== v.password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordsDoNotMatch });
  }
});

/** POST /api/auth/sso */
export const SsoBody = z.object({ key: z.string().trim().min(1).max(4096) });

/** POST /api/iqps/user-fqs */
export const ActivityBody = z.object({
  userId: z.union([z.number().int(), z.string().max(20)]).nullish(),
  ip: z.string().max(64).nullish(),
  action: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9 _.:-]+$/, 'Invalid action'),
});

/** Simple `{ status, message }` answers of verify, forgot and change password, logout and activity. */
export const StatusReplySchema = z.object({ status: z.enum(['success', 'failed']), message: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Social sign-in: the providers on offer, the popup's nonce, the details behind a token

/** GET /api/auth/providers: the social sign-ins the org offers and where the islands open them. */
export const ProvidersReplySchema = z.object({
  data: z.object({
    google: z.object({ enabled: z.boolean(), clientId: z.string(), authorizeUrl: z.string() }),
    facebook: z.object({ enabled: z.boolean(), appId: z.string(), authorizeUrl: z.string() }),
  }),
});

/** POST /api/auth/nonce: a nonce the Google ID token must carry. */
export const NonceReplySchema = z.object({ data: z.object({ nonce: z.string() }) });

/** POST /api/auth/socialProfile: a Google or Facebook token (to prefill the sign-up form). */
export const SocialProfileBody = z
  .object({ googletoken: z.string().max(8192).optional(), fbtoken: z.string().max(8192).optional() })
  .refine((v) => Boolean(v.googletoken || v.fbtoken), 'Send googletoken or fbtoken');

/** POST /api/auth/socialProfile: the verified details behind the token; `exists` when an account already has them. */
export const SocialProfileReplySchema = z.object({
  data: z.object({
    provider: z.enum(['google', 'facebook']),
    email: z.string(),
    email_verified: z.union([z.literal(0), z.literal(1)]),
    first_name: z.string(),
    last_name: z.string(),
    exists: z.union([z.literal(0), z.literal(1)]),
  }),
});

// ---------------------------------------------------------------------------------------------------------------
// Profile (GET/PUT /api/profile, POST /api/profile/updatePrefCurrLang)

export const TravProfileSchema = z.object({ age_band: z.enum(AGE_BANDS).nullable() });
export const TravelPreferenceSchema = z.array(z.enum(TRAVEL_PREFERENCES)).max(TRAVEL_PREFERENCES.length);

export const BasicProfileSchema = z.object({
  user_id: z.number().int(),
  /** 1 agent, 2 consumer (the spec's user type). */
  type: z.union([z.literal(1), z.literal(2)]),
  role: z.enum(ROLES),
  can_user_book: z.union([z.literal(0), z.literal(1)]),
  subscription_details: z.array(z.object({ plan_status: z.enum(PLAN_STATUSES) })),
  /** ISO alpha-2 of the phone's country (the country-code selector's choice). */
  country: z.string(),
  phone_country_code: z.string(),
  mobile_no: z.string(),
  access_code: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  nationality: z.number().int().nullable(),
  language: z.string(),
  currency: z.string(),
  referral_code: z.string(),
  is_promotion: z.union([z.literal(0), z.literal(1)]),
  display_price: z.union([z.literal(0), z.literal(1)]),
  credit_limit: z.number(),
  verified: z.union([z.literal(0), z.literal(1)]),
  has_password: z.union([z.literal(0), z.literal(1)]),
  provider: z.string(),
  created_at: z.string(),
});

export const ProfileSchema = z.object({
  basicprofile: z.array(BasicProfileSchema),
  /** Who referred this member (null when nobody did). */
  referralData: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  /** Wallet summary: the cash card balance in USD and the counts of active certificates and discount cards. */
  cash: z.number(),
  certificates: z.number().int(),
  discount: z.number().int(),
  promotions: z.object({ is_promotion: z.union([z.literal(0), z.literal(1)]) }),
  travprofile: TravProfileSchema,
  travelpreference: TravelPreferenceSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;
/** GET /api/profile → `{ data: Profile }` */
export const ProfileReplySchema = z.object({ data: ProfileSchema });

/** PUT /api/profile: every field optional; the ones sent follow the sign-up rules. */
export const ProfileUpdateSchema = z
  .object({
    title: TitleSchema,
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    nationality: NationalitySchema,
    country: CountryCodeSchema,
    phone_country_code: PhoneCountryCodeSchema,
    mobile_no: MobileSchema,
    language: LanguageSchema,
    currency: CurrencySchema,
    travprofile: TravProfileSchema,
    travelpreference: TravelPreferenceSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

/** POST /api/profile/updatePrefCurrLang */
export const PrefCurrLangBody = z
  .object({ currency_code: CurrencySchema.optional(), language: LanguageSchema.optional() })
  .refine((v) => v.currency_code !== undefined || v.language !== undefined, 'Send currency_code or language');

/** PUT /api/profile → the saved profile. */
export const ProfileSavedReplySchema = z.object({ status: z.literal('success'), message: z.string(), data: ProfileSchema });
/** POST /api/profile/updatePrefCurrLang → the account's currency and language as saved. */
export const PrefCurrLangReplySchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ currency_code: z.string(), language: z.string() }),
});
