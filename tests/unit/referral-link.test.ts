// The referral-link builder and the landing reader: encodings, kept queries, redirects, unicode names.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReferralLink, readReferralParams, referralCookies, sameOriginRedirect } from '../../src/shared/referral-link';

describe('buildReferralLink', () => {
  it('adds referral_code, referral_name and referral_org to the site address', () => {
    expect(buildReferralLink({ base: 'https://travel.example.com/', code: 'ABC123', name: 'Ann', org: 1 })).toBe(
      'https://travel.example.com/?referral_code=ABC123&referral_name=Ann&referral_org=1',
    );
  });

  it('percent-encodes spaces, ampersands, equals signs and plus signs in values', () => {
    const link = buildReferralLink({ base: 'https://t.example/', code: 'A B', name: 'Tom & Jerry=1+1' });
    expect(link).toBe('https://t.example/?referral_code=A%20B&referral_name=Tom%20%26%20Jerry%3D1%2B1');
    expect(new URL(link).searchParams.get('referral_name')).toBe('Tom & Jerry=1+1');
  });

  it('encodes unicode names as UTF-8 and reads them back unchanged', () => {
    const link = buildReferralLink({ base: 'https://t.example/promotions', code: 'X1', name: 'Zoë 李 🙂' });
    expect(link).toContain('referral_name=Zo%C3%AB%20%E6%9D%8E%20%F0%9F%99%82');
    expect(new URL(link).searchParams.get('referral_name')).toBe('Zoë 李 🙂');
  });

  it("keeps the base's own query parameters and fragment", () => {
    const link = buildReferralLink({ base: 'https://t.example/promotions?utm_source=mail&lang=fr-FR#top', code: 'C9', org: 2 });
    expect(link).toBe('https://t.example/promotions?utm_source=mail&lang=fr-FR&referral_code=C9&referral_org=2#top');
  });

  it('keeps an already-encoded base query exactly as written', () => {
    const link = buildReferralLink({ base: 'https://t.example/?q=a%20b&x=%26', code: 'C' });
    expect(link.startsWith('https://t.example/?q=a%20b&x=%26&')).toBe(true);
    expect(new URL(link).searchParams.get('x')).toBe('&');
  });

  it('replaces a referral parameter the base already carries instead of doubling it', () => {
    const link = buildReferralLink({ base: 'https://t.example/?referral_code=OLD&keep=1', code: 'NEW' });
    const params = new URL(link).searchParams;
    expect(params.getAll('referral_code')).toEqual(['NEW']);
    expect(params.get('keep')).toBe('1');
  });

  it('adds extra parameters in order, encoded, and skips empty names', () => {
    const link = buildReferralLink({ base: 'https://t.example/', code: 'C', extra: [['utm_campaign', 'spring sale'], ['', 'x'], ['ref', 'a/b']] });
    expect(link).toBe('https://t.example/?referral_code=C&utm_campaign=spring%20sale&ref=a%2Fb');
  });

  it('an extra parameter cannot override the referral parameters', () => {
    const link = buildReferralLink({ base: 'https://t.example/', code: 'MINE', extra: [['referral_code', 'THEIRS'], ['redirect', 'https://evil.example']] });
    expect(link).toBe('https://t.example/?referral_code=MINE');
  });

  it('accepts extra parameters as an object too', () => {
    const link = buildReferralLink({ base: 'https://t.example/', code: 'C', extra: { a: '1', b: '2' } });
    expect(link).toBe('https://t.example/?referral_code=C&a=1&b=2');
  });

  it('puts the redirect last, URL-encoded exactly once', () => {
    const redirect = '/hotel-details?id=5&check_in=2027-01-02';
    const link = buildReferralLink({ base: 'https://t.example/', code: 'C', redirect });
    expect(link).toBe('https://t.example/?referral_code=C&redirect=%2Fhotel-details%3Fid%3D5%26check_in%3D2027-01-02');
    expect(new URL(link).searchParams.get('redirect')).toBe(redirect);
    expect(link).not.toContain('%25');
  });

  it('leaves out name, org and redirect when they are empty', () => {
    expect(buildReferralLink({ base: 'https://t.example/x', code: 'C', name: '', org: '', redirect: '' })).toBe('https://t.example/x?referral_code=C');
  });

  it('round-trips any code, name, extra value and redirect through URLSearchParams', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string(), fc.string(), (code, name, extra, redirect) => {
        const link = buildReferralLink({ base: 'https://t.example/p?keep=yes', code, name, org: 3, extra: [['x', extra]], redirect });
        const p = new URL(link).searchParams;
        expect(p.get('referral_code')).toBe(code);
        expect(p.get('referral_name')).toBe(name || null);
        expect(p.get('referral_org')).toBe('3');
        expect(p.get('x')).toBe(extra);
        expect(p.get('redirect')).toBe(redirect || null);
        expect(p.get('keep')).toBe('yes');
      }),
      { numRuns: 300 },
    );
  });
});

describe('readReferralParams', () => {
  it('reads code, org, name and redirect from a landing address', () => {
    expect(readReferralParams('https://t.example/?referral_code=AB-12&referral_org=2&referral_name=Zo%C3%AB&redirect=%2Fwallet')).toEqual({
      referralCode: 'AB-12',
      referralOrg: '2',
      referralName: 'Zoë',
      redirect: '/wallet',
    });
  });

  it('returns null when the address carries no referral', () => {
    expect(readReferralParams('https://t.example/?lang=fr-FR')).toBeNull();
    expect(readReferralParams('/promotions')).toBeNull();
  });

  it('ignores a malformed code or org', () => {
    expect(readReferralParams('https://t.example/?referral_code=%3Cscript%3E&referral_org=abc')).toBeNull();
    expect(readReferralParams('https://t.example/?referral_code=OK1&referral_org=1;drop')?.referralOrg).toBe('');
  });

  it('reads back every link the builder makes', () => {
    const link = buildReferralLink({ base: 'https://t.example/?a=1', code: 'Code_9', name: 'Ana María', org: 12, redirect: '/x?y=1' });
    expect(readReferralParams(link)).toEqual({ referralCode: 'Code_9', referralOrg: '12', referralName: 'Ana María', redirect: '/x?y=1' });
  });
});

describe('sameOriginRedirect', () => {
  const origin = 'https://t.example';
  it('keeps paths and same-origin addresses', () => {
    expect(sameOriginRedirect('/hotel-details?id=5', origin)).toBe('/hotel-details?id=5');
    expect(sameOriginRedirect('https://t.example/wallet#cards', origin)).toBe('/wallet#cards');
  });
  it('drops other origins, protocol-relative and script addresses', () => {
    expect(sameOriginRedirect('https://evil.example/', origin)).toBe('');
    expect(sameOriginRedirect('//evil.example/x', origin)).toBe('');
    expect(sameOriginRedirect('javascript:alert(1)', origin)).toBe('');
    expect(sameOriginRedirect('', origin)).toBe('');
  });
});

describe('referralCookies', () => {
  it('stores code and org for 30 days, Secure only over https', () => {
    const p = { referralCode: 'AB1', referralOrg: '2', referralName: '', redirect: '' };
    expect(referralCookies(p, false)).toEqual([
      'referral_code=AB1; Path=/; Max-Age=2592000; SameSite=Lax',
      'referral_org=2; Path=/; Max-Age=2592000; SameSite=Lax',
    ]);
    expect(referralCookies({ ...p, referralOrg: '' }, true)).toEqual(['referral_code=AB1; Path=/; Max-Age=2592000; SameSite=Lax; Secure']);
  });
});
