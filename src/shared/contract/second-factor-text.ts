// The second factor's messages without zod (as auth-text.ts is for the accounts): the sign-in dialog shows them.

export const TWOFA_MSG = {
  totpAlreadySet: 'An authenticator app is already set up: remove it first to set up another',
  totpNotPending: 'Start setting up an authenticator app first',
  codeWrong: 'This code is not right. Enter the 6-digit code your app shows now',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  secondFactorWrong: 'THIS CODE IS NOT RIGHT. PLEASE TRY AGAIN',
  secondFactorExpired: 'THIS SIGN-IN HAS EXPIRED. PLEASE SIGN IN AGAIN',
  passkeyExpired: 'This passkey request has expired. Please try again',
  passkeyRefused: 'This passkey could not be verified for this site',
  passkeyExists: 'This passkey is already added',
  passkeyUnknown: 'No such passkey on your account',
  passkeySignInFailed: 'THIS PASSKEY COULD NOT SIGN YOU IN',
  defaultPasskeyName: 'Passkey',
  proofRequired: 'To confirm, enter a current code from your authenticator app or one of your recovery codes',
  proofPasskeyRequired: 'To confirm, use one of your passkeys',
  proofWrong: 'This code is not right. Enter the code your app shows now, or an unused recovery code',
  totpNotSet: 'No authenticator app is set up',
  required: 'Your organisation requires a second factor: set up an authenticator app or a passkey in your account’s security section',
} as const;
