// The account area's API calls (sign-in, sign-up, social sign-in, passwords, the profile, saved travellers): the
// islands call these actions and the actions call the typed client, each reply typed by its route
// (docs/decisions/0041-typed-client-everywhere-and-person-rules.md).
import { request, type ApiBody, type ApiReply } from './api';
import { $profile } from './session';

// ---- signing in, signing up -------------------------------------------------------------------------------------

export type SignInBody = ApiBody<'/api/signIn', '$post'>;
export const signIn = (body: SignInBody) => request('$post', '/api/signIn', { body });
export const ssoSignIn = (key: string) => request('$post', '/api/auth/sso', { body: { key } });

export const checkAccountExists = async (emailId: string) =>
  (await request('$post', '/api/signUp/checkAccountForExists', { body: { jsonSigUp: { email_id: emailId } } })).data;
export const validateAccessCode = async (accesscode: string, emailId: string) =>
  (await request('$post', '/api/signUp/validateAccessCode', { body: { jsonRegister: { accesscode, email_id: emailId } } })).data;
export type SignUpBody = ApiBody<'/api/signUp', '$post'>;
/** The sign-up's reply is read by signUpOutcome (src/islands/account/signup-logic.ts), which checks its shape. */
export const signUp = (body: SignUpBody): Promise<unknown> => request('$post', '/api/signUp', { body });

// ---- social sign-in ---------------------------------------------------------------------------------------------

export type Providers = ApiReply<'/api/auth/providers', '$get'>['data'];
let providers: Promise<Providers | null> | null = null;
/** Where the org's providers are opened: GET /api/auth/providers (the address is configuration, never a fixed port). */
export function loadProviders(): Promise<Providers | null> {
  providers ??= request('$get', '/api/auth/providers').then(
    (r) => r.data,
    () => {
      providers = null;
      return null;
    },
  );
  return providers;
}
/** A nonce for Google's ID token, or null when none could be had. */
export const signInNonce = (): Promise<string | null> => request('$post', '/api/auth/nonce', { body: {} }).then((r) => r.data.nonce, () => null);
export const loadSocialProfile = async (tokenField: 'googletoken' | 'fbtoken', token: string) =>
  (await request('$post', '/api/auth/socialProfile', { body: { [tokenField]: token } })).data;

// ---- passwords and the account link -------------------------------------------------------------------------------

export const verifyAccount = (token: string) => request('$post', '/api/auth/verifyAccount', { body: { token } });
export const forgotPassword = (body: ApiBody<'/api/auth/forgotPassword', '$post'>) => request('$post', '/api/auth/forgotPassword', { body });
export type ChangePasswordBody = ApiBody<'/api/auth/changePassword', '$post'>;
export const changePassword = (body: ChangePasswordBody) => request('$post', '/api/auth/changePassword', { body });

// ---- the profile and saved travellers -----------------------------------------------------------------------------

/** PUT /api/profile; the saved profile becomes $profile. */
export type ProfileBody = ApiBody<'/api/profile', '$put'>;
export async function saveProfile(body: ProfileBody) {
  const { data } = await request('$put', '/api/profile', { body });
  $profile.set(data);
  return data;
}

export type SavedTraveler = ApiReply<'/api/user/travelers', '$get'>['data'][number];
export const loadTravelers = async () => (await request('$get', '/api/user/travelers')).data;
export async function saveTraveler(traveler: ApiBody<'/api/user/travelers', '$post'>, id?: number | null): Promise<void> {
  if (id) await request('$put', '/api/user/travelers/:id', { param: { id }, body: traveler });
  else await request('$post', '/api/user/travelers', { body: traveler });
}
export const removeTraveler = async (id: number) => void (await request('$delete', '/api/user/travelers/:id', { param: { id } }));
