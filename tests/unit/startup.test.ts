// Startup decisions (docs/product.md#states): which query parameters are read, when the login check runs, where a failed SSO check goes.
import { describe, expect, it } from 'vitest';
import { readQuery, sessionOutTarget, shouldCheckLogin } from '../../src/stores/startup';

const none = { key: null, signup: null };

describe('startup', () => {
  it('reads the nine query parameters and nothing else', () => {
    const q = readQuery('?lang=es-ES&key=abc&signup=1&action=x&referral_org=2&trip_id=9&is_package=1&latitude=38.7&longitude=-9.1&other=1');
    expect(q).toEqual({
      lang: 'es-ES',
      key: 'abc',
      signup: '1',
      action: 'x',
      referral_org: '2',
      trip_id: '9',
      is_package: '1',
      latitude: '38.7',
      longitude: '-9.1',
    });
    expect(readQuery('').lang).toBeNull();
  });

  it('checks the login on ordinary pages', () => {
    expect(shouldCheckLogin('/', none, false)).toBe(true);
    expect(shouldCheckLogin('/wallet', none, false)).toBe(true);
  });

  it('skips the check when key or signup is in the query, even empty', () => {
    expect(shouldCheckLogin('/', { key: 'k', signup: null }, false)).toBe(false);
    expect(shouldCheckLogin('/', { key: null, signup: '' }, false)).toBe(false);
  });

  it('skips the check on the sso, verify-account and change-password pages', () => {
    expect(shouldCheckLogin('/login/sso', none, false)).toBe(false);
    expect(shouldCheckLogin('/verify-account', none, false)).toBe(false);
    expect(shouldCheckLogin('/change-password/', none, false)).toBe(false);
    expect(shouldCheckLogin('/ssoish', none, false)).toBe(true);
  });

  it('skips the check once it has run', () => {
    expect(shouldCheckLogin('/', none, true)).toBe(false);
  });

  it('a failed check goes to the session-out address only for single sign-on sessions with an address', () => {
    expect(sessionOutTarget({ status: 'failed', message: { ssocheck: { is_sso: 1 } }, session_out_url: 'https://org.example/out' })).toBe('https://org.example/out');
    expect(sessionOutTarget({ status: 'failed', message: { ssocheck: { is_sso: 1 } }, session_out_url: '' })).toBeNull();
    expect(sessionOutTarget({ status: 'failed', message: { ssocheck: { is_sso: 0 } }, session_out_url: 'https://org.example/out' })).toBeNull();
    expect(sessionOutTarget({ status: 'success', message: { ssocheck: { is_sso: 1 } }, session_out_url: 'https://org.example/out' })).toBeNull();
  });
});
