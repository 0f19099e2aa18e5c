// The signed-in user as the islands see it: login result, profile, user type. Actions change it.
import { atom } from 'nanostores';

export interface LoginResult {
  token: string;
  username: string;
  email: string;
  currency_code: string;
  language: string;
  nationality: number | string | null;
  userId: number;
  role: 'user' | 'agent';
  last_name: string;
  is_promotion: 0 | 1;
  subscription_details: { plan_status: 'ACTIVE' | 'ACTIVE-REFRESH' | 'NOPLAN' }[];
  display_price: 0 | 1;
  credit_limit: number;
  phone_country_code: string;
  access_code: string;
}

/** null until the login check has answered. */
export const $user = atom<LoginResult | null>(null);
export const $signedIn = atom<boolean | null>(null);
/** 2 consumer (default), 1 agent: taken from the stored role, never from the email text. */
export const $userType = atom<1 | 2>(2);
export const $profile = atom<Record<string, unknown> | null>(null);

export function setSignedIn(result: LoginResult) {
  $user.set(result);
  $userType.set(result.role === 'agent' ? 1 : 2);
  $signedIn.set(true);
}

export function setSignedOut() {
  $user.set(null);
  $profile.set(null);
  $userType.set(2);
  $signedIn.set(false);
}

export const planActive = (r: Pick<LoginResult, 'subscription_details'> | null) =>
  ['ACTIVE', 'ACTIVE-REFRESH'].includes(r?.subscription_details?.[0]?.plan_status ?? '');
