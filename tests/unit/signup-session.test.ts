// What a successful sign-in leaves behind and where it goes next; the plan flag; logout's local clean-up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $planActive, $profile, $signedIn, $user, $userType, applySignIn, logout, planActive, promotionRedirectAllowed, STORAGE,
  type LoginResult, type Profile,
} from '../../src/stores/session';

const result = (over: Partial<LoginResult> = {}): LoginResult => ({
  token: '', username: 'Demo', email: 'demo@example.com', currency_code: 'USD', language: 'en-US', nationality: 12, userId: 7,
  role: 'user', last_name: 'User', is_promotion: 0, subscription_details: [{ plan_status: 'NOPLAN' }], display_price: 1,
  credit_limit: 0, phone_country_code: '+1', access_code: '', ...over,
});

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a successful sign-in', () => {
  it('saves the user, the local action login and the nationality; an agent role makes user type 1', () => {
    expect(applySignIn(result({ role: 'agent' }), { pathname: '/hotel' })).toBeNull();
    expect($signedIn.get()).toBe(true);
    expect($user.get()?.email).toBe('demo@example.com');
    expect($userType.get()).toBe(1);
    expect(storage.getItem(STORAGE.action)).toBe('login');
    expect(storage.getItem(STORAGE.nationality)).toBe('12');
  });
  it('remembers the email only when asked, and forgets it when unticked', () => {
    applySignIn(result(), { remember: true, email: 'demo@example.com', pathname: '/' });
    expect(storage.getItem(STORAGE.rememberedEmail)).toBe('demo@example.com');
    applySignIn(result(), { remember: false, email: 'demo@example.com', pathname: '/' });
    expect(storage.getItem(STORAGE.rememberedEmail)).toBeNull();
  });
  it('goes to /promotions when the result flags a promotion and the page allows the redirect', () => {
    expect(applySignIn(result({ is_promotion: 1 }), { pathname: '/hotel' })).toBe('/promotions');
    expect(applySignIn(result({ is_promotion: 1 }), { pathname: '/hotel-checkout' })).toBeNull();
    expect(promotionRedirectAllowed('/promotions')).toBe(false);
  });
  it('leaves a page whose one-time link is spent for the home page instead of reloading it', () => {
    expect(applySignIn(result(), { pathname: '/verify-account' })).toBe('/');
    expect(applySignIn(result(), { pathname: '/change-password' })).toBe('/');
    expect(applySignIn(result(), { pathname: '/login/sso' })).toBe('/');
  });
});

describe('plan status', () => {
  it('is active when the first subscription is ACTIVE or ACTIVE-REFRESH', () => {
    expect(planActive(result({ subscription_details: [{ plan_status: 'ACTIVE' }] }))).toBe(true);
    expect(planActive(result({ subscription_details: [{ plan_status: 'ACTIVE-REFRESH' }, { plan_status: 'NOPLAN' }] }))).toBe(true);
    expect(planActive(result({ subscription_details: [{ plan_status: 'NOPLAN' }, { plan_status: 'ACTIVE' }] }))).toBe(false);
    expect(planActive(result({ subscription_details: [] }))).toBe(false);
    applySignIn(result({ subscription_details: [{ plan_status: 'ACTIVE' }] }), { pathname: '/' });
    expect($planActive.get()).toBe(true);
  });
});

describe('logout', () => {
  it('clears the server session and local auth, empties the profile, then goes home after 500 ms', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response('{"status":"success","message":""}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const loc = { pathname: '/wallet', assign: vi.fn(), reload: vi.fn() };
    vi.stubGlobal('location', loc);
    applySignIn(result(), { pathname: '/' });
    $profile.set({ basicprofile: [] } as unknown as Profile);
    await logout();
    expect(calls).toEqual(['POST /api/iqps/logout']);
    expect($signedIn.get()).toBe(false);
    expect($user.get()).toBeNull();
    expect($profile.get()).toBeNull();
    expect(storage.getItem(STORAGE.action)).toBe('logout');
    expect(loc.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(loc.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(loc.assign).toHaveBeenCalledWith('/');
  });
});
