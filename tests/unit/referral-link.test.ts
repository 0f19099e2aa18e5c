// The referral-link builder and the landing reader: encodings, kept queries, redirects, unicode names.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReferralLink, readReferralParams, referralCookies, sameOriginRedirect } from '../../src/shared/rules/referral-link';

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
  it('keeps same-site paths, normalised', () => {
    expect(sameOriginRedirect('/hotel-details?id=5', origin)).toBe('/hotel-details?id=5');
    expect(sameOriginRedirect('/wallet#cards', origin)).toBe('/wallet#cards');
    expect(sameOriginRedirect('/a/./b/../c?q=New%20York', origin)).toBe('/a/c?q=New%20York');
  });
  it('drops other origins, protocol-relative and script addresses', () => {
    expect(sameOriginRedirect('https://evil.example/', origin)).toBe('');
    expect(sameOriginRedirect('//evil.example/x', origin)).toBe('');
    expect(sameOriginRedirect('javascript:alert(1)', origin)).toBe('');
    expect(sameOriginRedirect('', origin)).toBe('');
  });
  // Issue #10: `redirect=%2F.%2F%2Fevil.example%2Fx` normalised to `//evil.example/x`, which the landing followed off-site.
  it('refuses paths that normalise, decode or parse into another host, and absolute addresses even of this site', () => {
    for (const hostile of [
      '/.//evil.example/x',
      '/..//evil.example/x',
      '/a/../..//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/.%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      '/\n/evil.example',
      'https://t.example//evil.example/y',
      'https://t.example/wallet',
      'http://t.example/wallet',
      '\\/evil.example',
      ' /x',
      '/%E0%A4%A',
    ]) {
      expect(sameOriginRedirect(hostile, origin), hostile).toBe('');
    }
  });

  const ORIGIN = 'http://localhost:8787';
  const evilHosts = fc.constantFrom('evil.example', 'evil.example:8787', 'localhost.evil.example', '127.0.0.1:9', 'user@evil.example');
  const slash = fc.constantFrom('/', '\\', '%2F', '%2f', '%5C', '%5c', '%252F', '%255C', '\t/', '/\n', '%09/');
  const lead = fc.constantFrom('', '/', '/.', '/./', '/..', '/../', '/a/..', '/%2E', '/%2e/', '/.%2F');
  const scheme = fc.constantFrom('', 'http:', 'https:', 'HTTP:', 'javascript:', 'data:', 'http://localhost:8787', 'https://localhost:8787');
  const tail = fc.stringMatching(/^[a-z0-9/?#=&.%-]{0,12}$/);
  const hostile = fc.tuple(scheme, lead, slash, slash, evilHosts, tail).map(([s, l, a, b, h, t]) => `${s}${l}${a}${b}${h}/${t}`);

  it('whatever is asked for, the answer is empty or a path that stays on this origin and is already normal', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ maxLength: 40 }), fc.webUrl(), fc.webPath()), (input) => {
        const out = sameOriginRedirect(input, ORIGIN);
        if (out === '') return;
        expect(out.startsWith('/') && !/^[\\/]{2}/.test(out)).toBe(true);
        const followed = new URL(out, `${ORIGIN}/some/page?x=1`);
        expect(followed.origin).toBe(ORIGIN);
        expect(sameOriginRedirect(out, ORIGIN)).toBe(out);
        // A second decode (by a server or a later reader) must not leave the site either.
        expect(new URL(decodeURIComponent(out), ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 3000 },
    );
  });

  it('no hostile form built from schemes, dot segments, (encoded) slashes and backslashes reaches another host', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = sameOriginRedirect(input, ORIGIN);
        expect(out === '' || new URL(out, ORIGIN).host === 'localhost:8787', `${input} -> ${out}`).toBe(true);
        expect(out.includes('evil.example') && new URL(out, ORIGIN).host !== 'localhost:8787').toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('plain same-site paths are kept as the browser would write them', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(segment), (segments, q) => {
        const path = `/${segments.join('/')}${q ? `?q=${q}` : ''}`;
        expect(sameOriginRedirect(path, ORIGIN)).toBe(path);
      }),
    );
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
