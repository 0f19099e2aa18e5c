// The second factor's wire (docs/contract.md#the-back-office-second-part, docs/decisions/0067-second-factor.md): TOTP
// enrolment and its recovery codes, passkeys (WebAuthn, the JSON forms @simplewebauthn/browser sends), the sign-in's
// second step, and the account's security section. Shared by the routes and the islands.
import { z } from 'zod';
import { TWOFA_MSG } from './second-factor-text';

export { TWOFA_MSG };

/** A 6-digit code as typed (spaces allowed). */
export const TotpCodeSchema = z
  .string(TWOFA_MSG.codeRequired)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWOFA_MSG.codeWrong));

export const RecoveryCodeSchema = z.string(TWOFA_MSG.codeRequired).trim().min(1, TWOFA_MSG.codeRequired).max(64, TWOFA_MSG.codeWrong);

export const TotpConfirmBody = z.object({ code: TotpCodeSchema });

export const TotpStartReply = z.object({ data: z.object({ secret: z.string(), otpauth_url: z.string() }) });
export const RecoveryCodesReply = z.object({ data: z.object({ recovery_codes: z.array(z.string()).length(10) }) });

export const PasskeyEntrySchema = z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() });
export type PasskeyEntry = z.infer<typeof PasskeyEntrySchema>;

export const SecurityStateSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(PasskeyEntrySchema),
  /** The org requires a second factor of this account (an admin or agent of an org with require_2fa_for_staff). */
  required: z.boolean(),
});
export type SecurityState = z.infer<typeof SecurityStateSchema>;
export const SecurityStateReply = z.object({ data: SecurityStateSchema });
export const PasskeyReply = z.object({ data: PasskeyEntrySchema });

const B64 = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** What `startRegistration()` of @simplewebauthn/browser answers, with a name for the passkey. */
export const PasskeyRegisterBody = z.object({
  name: z.string().trim().max(60).default(''),
  response: z.object({
    id: B64.min(1),
    rawId: B64.min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: B64,
      attestationObject: B64,
      transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional(),
      authenticatorData: B64.optional(),
      publicKey: B64.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** What `startAuthentication()` of @simplewebauthn/browser answers. */
export const PasskeySignInBody = z.object({
  remember: z.boolean().default(false),
  response: z.object({
    id: B64.min(1),
    rawId: B64.min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: B64,
      authenticatorData: B64,
      signature: B64,
      userHandle: B64.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  }),
});

/**
 * A fresh proof before a second factor is removed or the recovery codes are issued again (docs/decisions/0072): a
 * current code from the app or an unused recovery code, or, for an account with passkeys only, a passkey's answer to
 * `POST /api/account/passkeys/proof-options`. At most one of them; which one the account needs, the server says (400).
 */
export const FreshProofBody = z
  .object({
    code: z.string().max(20).optional(),
    recovery_code: RecoveryCodeSchema.optional(),
    passkey: PasskeySignInBody.shape.response.optional(),
  })
  .refine((b) => [b.code, b.recovery_code, b.passkey].filter(Boolean).length <= 1, { message: TWOFA_MSG.proofRequired, path: ['code'] });
export type FreshProof = z.output<typeof FreshProofBody>;

/** WebAuthn options as @simplewebauthn/server makes them (the browser library reads them whole). */
export const PasskeyOptionsReply = z.object({ data: z.looseObject({ challenge: z.string(), rpId: z.string().optional() }) });

export const PasskeyParams = z.object({ id: B64.min(1).max(1024) });

/** The sign-in's second step: the challenge of the first, and a code from the app or a recovery code (one of them). */
export const SecondFactorBody = z
  .object({
    challenge: z.string().trim().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/),
    code: z.string().max(20).optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .refine((b) => Boolean(b.code) !== Boolean(b.recovery_code), { message: TWOFA_MSG.codeRequired, path: ['code'] });

/** A password sign-in of an account with a second factor: no session yet, the challenge for the second step. */
export const SecondFactorStepSchema = z.object({ status: z.literal('second_factor'), challenge: z.string() });
