// Google and Facebook sign-in through the /_sim providers over HTTP, and single sign-on (docs/contract.md#sign-in, docs/contract.md#sign-up; issue #3).
import { describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { ACME, call, Client } from './helpers';
import { cookieNamed, facebookToken, freshIp, googleNonce, googleToken, linkToken, PASSWORD, signInBody, signUpBody, uniqueEmail, verifiedAccount, withIp } from './auth-helpers';
import { LoginResultSchema, MSG } from '../../src/shared/contract/auth';
// @ts-ignore plain ESM helper shared with npm start
import * as serverLib from '../../scripts/lib/server.mjs';

const GOOGLE_CLIENT = 'travel-club-web.apps.local';
const FACEBOOK_APP = '100000000000001';
const INVALID = { status: 'failed', message: MSG.invalidCredentials };

const googleSignIn = (googletoken: string, host = 'localhost') =>
  call('/api/signIn', withIp(freshIp(), { host, body: signInBody('', '', { googletoken }) }));
const facebookSignIn = (fbtoken: string, host = 'localhost') =>
  call('/api/signIn', withIp(freshIp(), { host, body: signInBody('', '', { fbtoken }) }));

describe('Google sign-in', () => {
  it('a verified ID token signs in, creating a verified account on first use and finding it again after', async () => {
    const email = uniqueEmail('google');
    const token = await googleToken({ email, name: 'Grace Hopper', aud: GOOGLE_CLIENT });
    const first = await googleSignIn(token);
    expect(first.status, first.text).toBe(200);
    const result = LoginResultSchema.parse(first.json.result);
    // A provider names no nationality: the account has the spec's default (id 1, US).
    expect(result).toMatchObject({ email, username: 'Grace', last_name: 'Hopper', role: 'user', nationality: 1 });
    expect(cookieNamed(first.cookies, 'userToken')).toMatch(/HttpOnly/);
    const again = await googleSignIn(await googleToken({ email, name: 'Grace Hopper', aud: GOOGLE_CLIENT }));
    expect(again.json.result.userId).toBe(result.userId);
    expect(again.json.result.token).not.toBe(result.token);
  });

  it('accounts are keyed by provider subject: a new address on the same Google account is the same member', async () => {
    const sub = `sub-${crypto.randomUUID()}`;
    const a = await googleSignIn(await googleToken({ email: uniqueEmail('g1'), sub, aud: GOOGLE_CLIENT }));
    const b = await googleSignIn(await googleToken({ email: uniqueEmail('g2'), sub, aud: GOOGLE_CLIENT }));
    expect(b.json.result.userId).toBe(a.json.result.userId);
  });

  it('refuses a token for another audience, an expired one, a forged one, a tampered one and one with alg none', async () => {
    const email = uniqueEmail('gbad');
    expect((await googleSignIn(await googleToken({ email, aud: 'someone-else.apps.local' }))).json).toEqual(INVALID);
    const expired = await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, expires_in: -120 }));
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual(INVALID);

    const issuer = (await call('/_sim/google/.well-known/openid-configuration')).json.issuer;
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const jwks = (await call('/_sim/google/jwks')).json.keys;
    for (const kid of ['forged-key', jwks[0].kid]) {
      const forged = await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(issuer)
        .setAudience(GOOGLE_CLIENT)
        .setSubject('forged')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
      expect((await googleSignIn(forged)).json).toEqual(INVALID);
    }

    const real = await googleToken({ email, aud: GOOGLE_CLIENT });
    const [h, p, s] = real.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, email: 'demo@example.com' })).toString('base64url')}.${s}`;
    expect((await googleSignIn(tampered)).json).toEqual(INVALID);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await googleSignIn(none)).json).toEqual(INVALID);
    expect((await googleSignIn('not-a-jwt')).json).toEqual(INVALID);
  });

  it('refuses a token whose issuer is not the configured one', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: uniqueEmail() })
      .setProtectedHeader({ alg: 'RS256', kid: 'x' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT)
      .setSubject('1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expect((await googleSignIn(token)).status).toBe(401);
  });

  it('is off where the org disables it (acme), even with a valid token', async () => {
    const token = await googleToken({ email: uniqueEmail(), aud: GOOGLE_CLIENT });
    expect((await googleSignIn(token, ACME)).json).toEqual(INVALID);
    const providers = await call('/api/auth/providers', { host: ACME });
    expect(providers.json.data).toMatchObject({ google: { enabled: false, clientId: '' }, facebook: { enabled: false, appId: '' } });
  });

  it('lists where the islands open the providers', async () => {
    const r = await call('/api/auth/providers');
    expect(r.json.data).toEqual({
      google: { enabled: true, clientId: GOOGLE_CLIENT, authorizeUrl: '/_sim/google/authorize' },
      facebook: { enabled: true, appId: FACEBOOK_APP, authorizeUrl: '/_sim/facebook/dialog/oauth' },
    });
  });

  it('a provider-verified email signs into the existing account of that email', async () => {
    const { email } = await verifiedAccount();
    const byPassword = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, PASSWORD) }));
    const byGoogle = await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT }));
    expect(byGoogle.json.result.userId).toBe(byPassword.json.result.userId);
    // The password still works after linking.
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, PASSWORD) }))).status).toBe(200);
  });

  it('an unverified provider email does not open an existing account', async () => {
    const { email } = await verifiedAccount();
    const r = await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, email_verified: false }));
    expect(r.json).toEqual(INVALID);
  });

  it('someone who registered an address first (unverified) loses the password they set when its owner signs in with Google', async () => {
    const email = uniqueEmail('squat');
    await call('/api/signUp', withIp(freshIp(), { body: signUpBody(email) }));
    const owner = await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT }));
    expect(owner.status).toBe(200);
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, PASSWORD) }))).json).toEqual(INVALID);
    // The confirmation link mailed to the squatter's sign-up no longer matters either way: the owner is verified.
    const { token } = await linkToken(email, '/verify-account');
    expect((await call('/api/auth/verifyAccount', withIp(freshIp(), { body: { token } }))).status).toBe(200);
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, PASSWORD) }))).status).toBe(401);
  });

  it('the sign-in page posts back and redirects to the site with #id_token and state; that token signs in', async () => {
    const nonce = await googleNonce();
    const page = await call(`/_sim/google/authorize?client_id=${GOOGLE_CLIENT}&redirect_uri=${encodeURIComponent('http://localhost/')}&state=s123&nonce=${nonce}&response_type=id_token`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post" action="/_sim/google/authorize">');
    expect(page.text).toContain('name="state" value="s123"');
    const email = uniqueEmail('popup');
    const form = new URLSearchParams({ client_id: GOOGLE_CLIENT, redirect_uri: 'http://localhost/', state: 's123', nonce, email, name: 'Pop Up' });
    const back = await call('/_sim/google/authorize', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost/');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('s123');
    const r = await googleSignIn(fragment.get('id_token')!);
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ email, username: 'Pop', last_name: 'Up' });
  });

  describe('a token signs in once, and only with a nonce this server issued (issue #10)', () => {
    it('the same ID token signing in a second time is refused', async () => {
      const token = await googleToken({ email: uniqueEmail('g-replay'), aud: GOOGLE_CLIENT });
      expect((await googleSignIn(token)).status).toBe(200);
      const again = await googleSignIn(token);
      expect(again.status).toBe(401);
      expect(again.json).toEqual(INVALID);
    });

    it('a token without a nonce, with one made up by the client, or with a spent one is refused', async () => {
      const email = uniqueEmail('g-nonce');
      expect((await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, nonce: null }))).json).toEqual(INVALID);
      expect((await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, nonce: 'n1' }))).json).toEqual(INVALID);
      const nonce = await googleNonce();
      expect((await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, nonce }))).status).toBe(200);
      expect((await googleSignIn(await googleToken({ email, aud: GOOGLE_CLIENT, nonce }))).json).toEqual(INVALID);
    });

    it('30 sign-ins racing with one token: exactly one succeeds', async () => {
      const email = uniqueEmail('g-race');
      const token = await googleToken({ email, aud: GOOGLE_CLIENT });
      const replies = await Promise.all(Array.from({ length: 30 }, () => googleSignIn(token)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(29).fill(401)]);
    }, 60_000);

    it('the sign-up form’s prefill leaves the nonce for the sign-up, which spends it', async () => {
      const email = uniqueEmail('g-prefill');
      const token = await googleToken({ email, name: 'Pre Fill', aud: GOOGLE_CLIENT });
      expect((await call('/api/auth/socialProfile', withIp(freshIp(), { body: { googletoken: token } }))).json.data.email).toBe(email);
      const body = signUpBody(email, { googletoken: token, password: '', confirm_password: null, terms_accepted: null });
      const created = await call('/api/signUp', withIp(freshIp(), { body }));
      expect(created.json.data, created.text).toMatchObject({ code: 200, message: 'USER_CREATED' });
      expect((await googleSignIn(token)).json).toEqual(INVALID);
      expect((await call('/api/auth/socialProfile', withIp(freshIp(), { body: { googletoken: token } }))).status).toBe(401);
    });

    it('each nonce is fresh, and the answer is never cached', async () => {
      const [a, b] = await Promise.all([call('/api/auth/nonce', { method: 'POST', body: {} }), call('/api/auth/nonce', { method: 'POST', body: {} })]);
      expect(a.json.data.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(a.json.data.nonce).not.toBe(b.json.data.nonce);
      expect(a.headers['cache-control']).toBe('no-store');
    });
  });

  it('the simulator refuses to redirect to another host', async () => {
    const page = await call(`/_sim/google/authorize?client_id=x&redirect_uri=${encodeURIComponent('https://evil.example/')}&state=s`);
    expect(page.status).toBe(400);
    const form = new URLSearchParams({ client_id: 'x', redirect_uri: 'https://evil.example/', state: 's', email: 'a@b.co', name: 'A' });
    expect((await call('/_sim/google/authorize', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(400);
  });
});

describe('social sign-up', () => {
  it('socialProfile returns the verified details for the form, and whether an account exists', async () => {
    const email = uniqueEmail('prefill');
    const token = await googleToken({ email, given_name: 'Ada', family_name: 'Byron', aud: GOOGLE_CLIENT });
    const r = await call('/api/auth/socialProfile', withIp(freshIp(), { body: { googletoken: token } }));
    expect(r.json.data).toEqual({ provider: 'google', email, email_verified: 1, first_name: 'Ada', last_name: 'Byron', exists: 0 });
    const bad = await call('/api/auth/socialProfile', withIp(freshIp(), { body: { googletoken: 'x.y.z' } }));
    expect(bad.status).toBe(401);
    expect((await call('/api/auth/socialProfile', withIp(freshIp(), { body: {} }))).status).toBe(400);
  });

  it('a Google sign-up needs no password or terms, is created verified and signed in with the welcome text', async () => {
    const email = uniqueEmail('gsignup');
    const token = await googleToken({ email, name: 'Ada Byron', aud: GOOGLE_CLIENT });
    const client = new Client();
    const body = signUpBody(email, { googletoken: token, password: '', confirm_password: null, terms_accepted: null });
    const r = await client.call('/api/signUp', withIp(freshIp(), { body }));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: 1, data: { code: 200, message: 'USER_CREATED', resp: MSG.socialWelcome, isProfileCreated: 1 } });
    expect(LoginResultSchema.parse(r.json.result).email).toBe(email);
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json.status).toBe('success');
    const profile = await client.call('/api/profile');
    expect(profile.json.data.basicprofile[0]).toMatchObject({ verified: 1, has_password: 0, provider: 'google', title: 'Mrs', mobile_no: '7700900123' });
    const twice = await call('/api/signUp', withIp(freshIp(), { body: signUpBody(email, { googletoken: await googleToken({ email, aud: GOOGLE_CLIENT }), password: '' }) }));
    expect(twice.json.data).toMatchObject({ code: 201, message: 'USER_ALREADY_CREATED' });
  });

  it('a sign-up with a bad social token is refused and writes nothing', async () => {
    const email = uniqueEmail('gbadsignup');
    const r = await call('/api/signUp', withIp(freshIp(), { body: signUpBody(email, { googletoken: await googleToken({ email, aud: 'other' }), password: '' }) }));
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ status: 0, data: { code: 500, resp: MSG.invalidCredentials } });
    const check = await call('/api/signUp/checkAccountForExists', withIp(freshIp(), { body: { jsonSigUp: { email_id: email } } }));
    expect(check.json.data.code).toBe(404);
  });
});

describe('Facebook sign-in', () => {
  it('a valid access token (checked at debug_token) signs in and creates the account', async () => {
    const email = uniqueEmail('fb');
    const r = await facebookSignIn(await facebookToken({ email, name: 'Mark Z', app_id: FACEBOOK_APP }));
    expect(r.status, r.text).toBe(200);
    expect(r.json.result).toMatchObject({ email, username: 'Mark', last_name: 'Z' });
    const again = await facebookSignIn(await facebookToken({ email, app_id: FACEBOOK_APP }));
    expect(again.json.result.userId).toBe(r.json.result.userId);
  });

  it('refuses a token of another app, an expired one, a made-up one, and any on acme', async () => {
    const email = uniqueEmail('fbbad');
    expect((await facebookSignIn(await facebookToken({ email, app_id: '999' }))).json).toEqual(INVALID);
    expect((await facebookSignIn(await facebookToken({ email, app_id: FACEBOOK_APP, expires_in: -60 }))).json).toEqual(INVALID);
    expect((await facebookSignIn('EAAB' + 'x'.repeat(60))).json).toEqual(INVALID);
    expect((await facebookSignIn(await facebookToken({ email, app_id: FACEBOOK_APP }), ACME)).json).toEqual(INVALID);
  });

  it('the login dialog redirects back with #access_token and state', async () => {
    const email = uniqueEmail('fbpopup');
    const form = new URLSearchParams({ client_id: FACEBOOK_APP, redirect_uri: 'http://localhost/', state: 'st', email, name: 'Face Book' });
    const back = await call('/_sim/facebook/dialog/oauth', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(back.status).toBe(302);
    const fragment = new URLSearchParams(new URL(back.headers.location as string).hash.slice(1));
    expect(fragment.get('state')).toBe('st');
    const r = await facebookSignIn(fragment.get('access_token')!);
    expect(r.json.result.email).toBe(email);
  });
});

describe('single sign-on', () => {
  const ssoKey = async (claims: Record<string, unknown>, host = 'localhost') => (await call('/api/dev/sso-key', { host, body: claims })).json.data.key as string;

  it('a key signs the user in (creating the account), once; checkLogin then reports is_sso and the org session-out address', async () => {
    const email = uniqueEmail('sso');
    const key = await ssoKey({ email, first_name: 'Sam', last_name: 'Portal' }, ACME);
    const client = new Client(ACME);
    const r = await client.call('/api/auth/sso', withIp(freshIp(), { body: { key } }));
    expect(r.status, r.text).toBe(200);
    expect(r.json.result).toMatchObject({ email, username: 'Sam', last_name: 'Portal' });
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json).toMatchObject({ status: 'success' });
    const replay = await call('/api/auth/sso', withIp(freshIp(), { host: ACME, body: { key } }));
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ status: 'failed', message: MSG.ssoInvalid });
    await client.call('/api/iqps/logout', { method: 'POST' });
    const gone = await client.call('/api/auth/checkLogin', { method: 'POST' });
    expect(gone.json).toEqual({ status: 'failed', message: { ssocheck: { is_sso: 1 } }, session_out_url: expect.stringMatching(/.+/) });
    // Said once: back from the session-out address, the browser is an ordinary signed-out one (no redirect loop).
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json).toEqual({ status: 'failed', message: { ssocheck: { is_sso: 0 } }, session_out_url: '' });
    // A normal sign-in afterwards is not an SSO session any more.
    const { email: e2, password } = await verifiedAccount(ACME, { accesscode: 'WELCOME2026' });
    await client.call('/api/signIn', withIp(freshIp(), { body: signInBody(e2, password) }));
    await client.call('/api/iqps/logout', { method: 'POST' });
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json.message.ssocheck.is_sso).toBe(0);
  });

  it('an existing account is signed in, not duplicated', async () => {
    const { email, password } = await verifiedAccount();
    const byPassword = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password) }));
    const r = await call('/api/auth/sso', withIp(freshIp(), { body: { key: await ssoKey({ email }) } }));
    expect(r.json.result.userId).toBe(byPassword.json.result.userId);
  });

  it('refuses expired keys, keys lasting over 10 minutes, keys of another org and keys signed with another secret', async () => {
    const email = uniqueEmail('ssobad');
    const refused = async (key: string, host = 'localhost') => {
      const r = await call('/api/auth/sso', withIp(freshIp(), { host, body: { key } }));
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ status: 'failed', message: MSG.ssoInvalid });
    };
    await refused(await ssoKey({ email, expires_in: -120 }));
    await refused(await ssoKey({ email, expires_in: 3600 }));
    await refused(await ssoKey({ email }), ACME);
    const now = Math.floor(Date.now() / 1000);
    await refused(await new SignJWT({ email }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).sign(new TextEncoder().encode('not-the-secret')));
    await refused('garbage');
    expect((await call('/api/auth/sso', withIp(freshIp(), { body: {} }))).status).toBe(400);
  });

  describe('keys never cross organisations (issue #10)', () => {
    const secrets = (serverLib as unknown as { readDevVars(): Record<string, string> }).readDevVars();
    const sign = (claims: Record<string, unknown>, secret: string, iat = Math.floor(Date.now() / 1000), lifetime = 300) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(iat + lifetime).sign(new TextEncoder().encode(secret));
    const sso = (key: string, host = ACME) => call('/api/auth/sso', withIp(freshIp(), { host, body: { key } }));
    const expectRefused = (r: Awaited<ReturnType<typeof sso>>, what: string) => {
      expect(r.status, `${what}: ${r.text}`).toBe(401);
      expect(r.json).toEqual({ status: 'failed', message: MSG.ssoInvalid });
    };

    it('each org that enables SSO has its own secret, and no shared default secret signs anyone in', async () => {
      expect(secrets.SSO_SECRET_ORG_1).toBeTruthy();
      expect(secrets.SSO_SECRET_ORG_2).toBeTruthy();
      expect(secrets.SSO_SECRET_ORG_1).not.toBe(secrets.SSO_SECRET_ORG_2);
      const agent = 'agent@acme.example.com';
      // The finding: a key signed with the old shared secret and no org claim signed in as Acme's agent.
      expectRefused(await sso(await sign({ email: agent }, 'dev-sso-secret')), 'old shared default secret, no org');
      expectRefused(await sso(await sign({ email: agent, org: 2 }, 'dev-sso-secret')), 'old shared default secret');
      expectRefused(await sso(await sign({ email: agent, org: 2 }, secrets.SSO_SECRET_ORG_1!)), 'Travel Club’s secret on Acme');
    });

    it('the org claim is required and must be the request’s org', async () => {
      const email = uniqueEmail('sso-org');
      expectRefused(await sso(await sign({ email }, secrets.SSO_SECRET_ORG_2!)), 'no org claim');
      expectRefused(await sso(await sign({ email, org: 1 }, secrets.SSO_SECRET_ORG_2!)), 'org 1 claimed on Acme');
      expectRefused(await sso(await sign({ email, org: '' }, secrets.SSO_SECRET_ORG_2!)), 'empty org claim');
      const ok = await sso(await sign({ email, org: 2 }, secrets.SSO_SECRET_ORG_2!));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json.result.email).toBe(email);
      const asString = await sso(await sign({ email, org: '2' }, secrets.SSO_SECRET_ORG_2!));
      expect(asString.status, asString.text).toBe(200);
    });

    it('refuses a key issued in the future or living more than 10 minutes after its iat', async () => {
      const email = uniqueEmail('sso-time');
      const now = Math.floor(Date.now() / 1000);
      expectRefused(await sso(await sign({ email, org: 2 }, secrets.SSO_SECRET_ORG_2!, now + 120)), 'iat two minutes ahead');
      expectRefused(await sso(await sign({ email, org: 2 }, secrets.SSO_SECRET_ORG_2!, now + 3600)), 'iat an hour ahead');
      expectRefused(await sso(await sign({ email, org: 2 }, secrets.SSO_SECRET_ORG_2!, now, 601)), 'exp 601 s after iat');
      expect((await sso(await sign({ email, org: 2 }, secrets.SSO_SECRET_ORG_2!, now, 600))).status).toBe(200);
    });
  });
});
