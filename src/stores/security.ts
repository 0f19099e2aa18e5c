// The second factor's actions (docs/decisions/0067-second-factor.md): the sign-in's second step and passkey sign-in,
// and the account's security section (a TOTP app with its recovery codes, passkeys). WebAuthn's browser side
// (@simplewebauthn/browser) is loaded only when a passkey is used.
import { atom } from 'nanostores';
import { request } from './api';
import type { SecurityState } from '../shared/contract/second-factor';

export const $security = atom<SecurityState | null>(null);

// ---- signing in --------------------------------------------------------------------------------------------------

export const completeSecondFactor = (challenge: string, answer: { code: string } | { recovery_code: string }) =>
  request('$post', '/api/auth/second-factor', { body: { challenge, ...answer } });

export async function passkeySignIn(remember: boolean) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = (await request('$post', '/api/auth/passkey/options', { body: {} })).data;
  const response = await startAuthentication({ optionsJSON: options as never });
  return request('$post', '/api/auth/passkey', { body: { remember, response: response as never } });
}

// ---- the security section ----------------------------------------------------------------------------------------

export async function loadSecurity(): Promise<SecurityState> {
  const state = (await request('$get', '/api/account/security')).data;
  $security.set(state);
  return state;
}

export const startTotp = async () => (await request('$post', '/api/account/2fa/totp', { body: {} })).data;

export async function confirmTotp(code: string): Promise<string[]> {
  const codes = (await request('$post', '/api/account/2fa/totp/confirm', { body: { code } })).data.recovery_codes;
  await loadSecurity();
  return codes;
}

/** A fresh proof the server asks for before a second factor changes (a code, a recovery code, or a passkey's answer). */
export type Proof = { code: string } | { recovery_code: string } | { passkey: true };

/** The proof as sent: a passkey's answer is made here, for a challenge issued to this account. */
async function proofBody(proof: Proof) {
  if (!('passkey' in proof)) return proof;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = (await request('$post', '/api/account/passkeys/proof-options', { body: {} })).data;
  const response = await startAuthentication({ optionsJSON: options as never });
  return { passkey: response as never };
}

export async function removeTotp(proof: Proof) {
  await request('$delete', '/api/account/2fa/totp', { body: await proofBody(proof) });
  await loadSecurity();
}

export async function regenerateRecoveryCodes(proof: Proof): Promise<string[]> {
  const codes = (await request('$post', '/api/account/2fa/recovery-codes', { body: await proofBody(proof) })).data.recovery_codes;
  await loadSecurity();
  return codes;
}

export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = (await request('$post', '/api/account/passkeys/options', { body: {} })).data;
  const response = await startRegistration({ optionsJSON: options as never });
  await request('$post', '/api/account/passkeys', { body: { name, response: response as never } });
  await loadSecurity();
}

export async function removePasskey(id: string, proof: Proof) {
  await request('$delete', '/api/account/passkeys/:id', { param: { id }, body: await proofBody(proof) });
  await loadSecurity();
}
