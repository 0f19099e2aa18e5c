// Sign-in, sessions, cookies, checkLogin and logout (docs/contract.md#sessions, docs/contract.md#sign-in) against the built Worker and real local D1.
import { describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape, sessionCookies } from './helpers';
import { cookieNamed, d1Query, d1QueryAll, DB_TEST_TIMEOUT, freshIp, linkToken, outbox, PASSWORD, signInBody, signUpBody, signedInClient, uniqueEmail, verifiedAccount, withIp } from './auth-helpers';
import { LoginResultSchema, MSG } from '../../src/shared/contract/auth';

const DEMO = { email: 'demo@example.com', password: 'Demo1!pass' };
const AGENT = { email: 'agent@example.com', password: 'Agent1!pass' };

describe('sign-in', () => {
  it('the seeded consumer signs in with a LoginResult of the contract: plan ACTIVE, role user', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }));
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('success');
    expect(r.json.message).toBe('');
    const result = LoginResultSchema.strict().parse(r.json.result);
    expect(result).toMatchObject({ email: DEMO.email, role: 'user', subscription_details: [{ plan_status: 'ACTIVE' }], nationality: 1, currency_code: 'USD', language: 'en-US' });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the seeded agent gets role agent and credit limit 5000, whatever usr_type the client sends', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(AGENT.email, AGENT.password, { usr_type: 2 }) }));
    expect(r.json.result).toMatchObject({ role: 'agent', credit_limit: 5000 });
  });

  it('/api/auth/signIn with { jsonSingIn, ipAddress, navAgent } is the same operation', async () => {
    const { jsonSign } = signInBody(DEMO.email, DEMO.password);
    const r = await call('/api/auth/signIn', withIp(freshIp(), { body: { jsonSingIn: jsonSign, ipAddress: '1.2.3.4', navAgent: 'x' } }));
    expect(r.status).toBe(200);
    expect(r.json.result.email).toBe(DEMO.email);
  });

  it('email is compared case-insensitively and trimmed', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody('  DEMO@Example.com ', DEMO.password) }));
    expect(r.status).toBe(200);
  });

  it('sets userToken HttpOnly, SameSite=Lax, Path=/, not Secure over http on localhost, as a browser-session cookie', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }));
    const token = cookieNamed(r.cookies, 'userToken')!;
    expect(token).toBeTruthy();
    expect(token).toMatch(/; HttpOnly/);
    expect(token).toMatch(/; SameSite=Lax/);
    expect(token).toMatch(/; Path=\//);
    expect(token).not.toMatch(/Secure/);
    expect(token).not.toMatch(/Max-Age|Expires/i);
    expect(token.split(';')[0]).toBe(`userToken=${r.json.result.token}`);
  });

  it('sets both cookies Secure on a non-localhost name', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { host: 'travel.example', body: signInBody(DEMO.email, DEMO.password) }));
    expect(r.status).toBe(200);
    expect(cookieNamed(r.cookies, 'userToken')).toMatch(/; Secure/);
    expect(cookieNamed(r.cookies, 'userData')).toMatch(/; Secure/);
  });

  it('remember keeps both cookies for 30 days', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password, { remember: true }) }));
    expect(cookieNamed(r.cookies, 'userToken')).toMatch(/Max-Age=2592000/);
    expect(cookieNamed(r.cookies, 'userData')).toMatch(/Max-Age=2592000/);
  });

  it('userData is readable JSON of display fields only: no token, no ids beyond userId', async () => {
    const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }));
    const cookie = cookieNamed(r.cookies, 'userData')!;
    expect(cookie).not.toMatch(/HttpOnly/);
    const data = JSON.parse(decodeURIComponent(cookie.split(';')[0]!.slice('userData='.length)));
    expect(Object.keys(data).sort()).toEqual(['currency_code', 'email', 'language', 'role', 'userId', 'username']);
    expect(data).toMatchObject({ email: DEMO.email, role: 'user', userId: r.json.result.userId });
    expect(cookie).not.toContain(r.json.result.token);
  });

  it('issues a new token on every sign-in, and signing in again from a browser ends its previous session', async () => {
    const { client, token: first } = await signedInClient(DEMO.email, DEMO.password);
    const again = await client.call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }));
    const second = again.json.result.token;
    expect(second).not.toBe(first);
    const old = await call('/api/auth/checkLogin', { method: 'POST', headers: { authorization: `Bearer ${first}` } });
    expect(old.json.status).toBe('failed');
    const current = await call('/api/auth/checkLogin', { method: 'POST', headers: { authorization: `Bearer ${second}` } });
    expect(current.json.status).toBe('success');
  });

  it('stores only the SHA-256 of session tokens and PBKDF2 hashes of at most 100,000 iterations', async () => {
    const { token } = await signedInClient(DEMO.email, DEMO.password);
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))).toString('hex');
    const [sessions, users, codes] = (await d1QueryAll(
      'SELECT token_hash FROM sessions; SELECT password_hash FROM users WHERE password_hash IS NOT NULL; SELECT code_hash FROM access_codes',
    )) as [{ token_hash: string }[], { password_hash: string }[], { code_hash: string }[]];
    expect(sessions.some((s) => s.token_hash === digest)).toBe(true);
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    expect(users.length).toBeGreaterThan(1);
    for (const u of users) {
      const [scheme, iterations] = u.password_hash.split('$');
      expect(scheme).toBe('pbkdf2-sha256');
      expect(Number(iterations)).toBeLessThanOrEqual(100_000);
    }
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash))).toBe(true);
  }, DB_TEST_TIMEOUT);
});

describe('refused sign-ins', () => {
  it('wrong password and unknown email get the same 401 and message', async () => {
    const ip = freshIp();
    const wrong = await call('/api/signIn', withIp(ip, { body: signInBody(DEMO.email, 'Wrong1!pass') }));
    const unknown = await call('/api/signIn', withIp(ip, { body: signInBody(uniqueEmail('nobody'), 'Wrong1!pass') }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ status: 'failed', message: MSG.invalidCredentials });
    expect(unknown.json).toEqual(wrong.json);
    expect(sessionCookies(wrong)).toEqual([]);
  });

  it('unknown email and wrong password take a similar time (median of interleaved tries)', async () => {
    const account = await verifiedAccount();
    const times = { wrong: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 20; i++) {
      for (const kind of i % 2 ? (['wrong', 'unknown'] as const) : (['unknown', 'wrong'] as const)) {
        const email = kind === 'wrong' ? account.email : uniqueEmail('ghost');
        const t = performance.now();
        const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Wrong1!pass') }));
        times[kind].push(performance.now() - t);
        expect(r.status).toBe(401);
      }
      // Stay under the per-email limit.
      if (i % 3 === 2) expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(account.email, account.password) }))).status).toBe(200);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [w, u] = [median(times.wrong), median(times.unknown)];
    expect(Math.abs(w - u), `wrong ${w.toFixed(1)} ms vs unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(30, 0.35 * Math.max(w, u)));
  });

  it('bad input gets 400 in the error shape with the spec messages', async () => {
    const empty = await call('/api/signIn', withIp(freshIp(), { body: signInBody('', '') }));
    expect(empty.status).toBe(400);
    expectErrorShape(empty.json, 'BAD_REQUEST');
    expect(empty.json.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'jsonSign.email_id', message: MSG.signInEmailRequired, key: 'auth_msg_signInEmailRequired' },
        { path: 'jsonSign.password', message: MSG.signInPasswordRequired, key: 'auth_msg_signInPasswordRequired' },
      ]),
    );
    for (const body of [{}, { jsonSign: 'x' }, { jsonSign: { ...signInBody('a@b.co', 'x').jsonSign, usr_type: 3 } }, { jsonSign: { email_id: 5, password: 'x' } }]) {
      const r = await call('/api/signIn', withIp(freshIp(), { body }));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    const malformed = await call('/api/signIn', { rawBody: '{"jsonSign":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('a cross-site sign-in is refused', async () => {
    const r = await call('/api/signIn', { body: signInBody(DEMO.email, DEMO.password), headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });

  it('an unverified account with the right password gets 403 and one fresh confirmation mail per 10 minutes', async () => {
    const email = uniqueEmail('unverified');
    const ip = freshIp();
    const created = await call('/api/signUp', withIp(ip, { body: signUpBody(email) }));
    expect(created.json.data.code, JSON.stringify(created.json)).toBe(200);
    expect(await outbox(email)).toHaveLength(1);
    const first = await call('/api/signIn', withIp(ip, { body: signInBody(email, PASSWORD) }));
    expect(first.status).toBe(403);
    expect(first.json).toEqual({ status: 'failed', message: MSG.verifyFirst });
    expect(sessionCookies(first)).toEqual([]);
    // The sign-up mail went out moments ago: no second one yet.
    await call('/api/signIn', withIp(ip, { body: signInBody(email, PASSWORD) }));
    expect(await outbox(email)).toHaveLength(1);
    const wrong = await call('/api/signIn', withIp(ip, { body: signInBody(email, 'Wrong1!pass') }));
    expect(wrong.status).toBe(401);
    // Ten minutes later (moved back in the database), the next attempt mails a fresh, working link.
    await d1Query(`UPDATE users SET verify_mail_sent_at = verify_mail_sent_at - ${11 * 60_000} WHERE email = '${email}'`);
    expect((await call('/api/signIn', withIp(ip, { body: signInBody(email, PASSWORD) }))).status).toBe(403);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    const { token } = await linkToken(email, '/verify-account');
    expect((await call('/api/auth/verifyAccount', withIp(ip, { body: { token } }))).status).toBe(200);
    expect((await call('/api/signIn', withIp(ip, { body: signInBody(email, PASSWORD) }))).status).toBe(200);
  }, DB_TEST_TIMEOUT);

  it('after 5 failures for one email in 15 minutes, 429 with Retry-After, even from other addresses and with the right password', async () => {
    const { email, password } = await verifiedAccount();
    for (let i = 0; i < 5; i++) {
      const r = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Wrong1!pass') }));
      expect(r.status).toBe(401);
    }
    const limited = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password) }));
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ status: 'failed', message: MSG.tooManyAttempts });
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Other accounts are unaffected.
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }))).status).toBe(200);
  });

  it('after 50 failures from one address, 429 for any email from it', async () => {
    const ip = freshIp();
    const tries = Array.from({ length: 50 }, () => uniqueEmail('spray'));
    for (let i = 0; i < tries.length; i += 10) {
      const replies = await Promise.all(tries.slice(i, i + 10).map((e) => call('/api/signIn', withIp(ip, { body: signInBody(e, 'Wrong1!pass') }))));
      for (const r of replies) expect(r.status).toBe(401);
    }
    const limited = await call('/api/signIn', withIp(ip, { body: signInBody(DEMO.email, DEMO.password) }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, DEMO.password) }))).status).toBe(200);
  });

  it('a successful sign-in clears the failures of its email', async () => {
    const { email, password } = await verifiedAccount();
    for (let i = 0; i < 4; i++) await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Wrong1!pass') }));
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password) }))).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Wrong1!pass') }))).status).toBe(401);
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password) }))).status).toBe(200);
  });
});

describe('sessions', () => {
  it('checkLogin answers 200 both ways: success with the LoginResult, failed with ssocheck and session_out_url', async () => {
    const { client } = await signedInClient(DEMO.email, DEMO.password);
    const ok = await client.call('/api/auth/checkLogin', { method: 'POST' });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'success', message: { ssocheck: { is_sso: 0 } } });
    expect(LoginResultSchema.parse(ok.json.result).email).toBe(DEMO.email);
    const anon = await call('/api/auth/checkLogin', { method: 'POST' });
    expect(anon.status).toBe(200);
    expect(anon.json).toEqual({ status: 'failed', message: { ssocheck: { is_sso: 0 } }, session_out_url: '' });
  });

  it('Authorization: Bearer works like the cookie', async () => {
    const { token } = await signedInClient(DEMO.email, DEMO.password);
    const r = await call('/api/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.json.data.basicprofile[0].email).toBe(DEMO.email);
    expect((await call('/api/profile', { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
  });

  it('logout deletes the session: replaying the token fails, by cookie and by Bearer; cookies are cleared', async () => {
    const { client, token } = await signedInClient(DEMO.email, DEMO.password);
    const cookie = client.cookie;
    const out = await client.call('/api/iqps/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(cookieNamed(out.cookies, 'userToken')).toMatch(/Max-Age=0/);
    expect(cookieNamed(out.cookies, 'userData')).toMatch(/Max-Age=0/);
    expect((await call('/api/auth/checkLogin', { method: 'POST', cookie })).json.status).toBe('failed');
    expect((await call('/api/profile', { cookie })).status).toBe(401);
    expect((await call('/api/profile', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('logout without a session still answers 200 and clears cookies', async () => {
    const r = await call('/api/iqps/logout', { method: 'POST' });
    expect(r.status).toBe(200);
    expect(cookieNamed(r.cookies, 'userToken')).toMatch(/Max-Age=0/);
  });

  it('a session of one org is not valid on another org, and the same email is a separate account there', async () => {
    const { token, client } = await signedInClient(DEMO.email, DEMO.password);
    const acme = await call('/api/auth/checkLogin', { method: 'POST', host: ACME, cookie: client.cookie });
    expect(acme.json.status).toBe('failed');
    expect((await call('/api/profile', { host: ACME, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // demo@example.com does not exist in acme: the org 1 password does not open anything there.
    expect((await call('/api/signIn', withIp(freshIp(), { host: ACME, body: signInBody(DEMO.email, DEMO.password) }))).status).toBe(401);
    const ip = freshIp();
    const created = await call('/api/signUp', withIp(ip, { host: ACME, body: signUpBody(DEMO.email, { accesscode: 'WELCOME2026', password: 'Acme9!demo', confirm_password: 'Acme9!demo' }) }));
    expect(created.json.data.code).toBe(200);
    const { token: verify } = await linkToken(DEMO.email, '/verify-account', ACME);
    expect((await call('/api/auth/verifyAccount', withIp(ip, { host: ACME, body: { token: verify } }))).status).toBe(200);
    const acmeDemo = await call('/api/signIn', withIp(freshIp(), { host: ACME, body: signInBody(DEMO.email, 'Acme9!demo') }));
    expect(acmeDemo.status).toBe(200);
    expect(acmeDemo.json.result.userId).not.toBe((await signedInClient(DEMO.email, DEMO.password)).reply.json.result.userId);
    expect((await call('/api/signIn', withIp(freshIp(), { body: signInBody(DEMO.email, 'Acme9!demo') }))).status).toBe(401);
  });

  it('activity: user-fqs logs for the signed-in user only; sign-ins and sign-outs are logged by the server', async () => {
    const { client, reply } = await signedInClient(AGENT.email, AGENT.password);
    const ok = await client.call('/api/iqps/user-fqs', { body: { userId: reply.json.result.userId, ip: '203.0.113.9', action: 'viewed_wallet' } });
    expect(ok.status).toBe(200);
    const other = await client.call('/api/iqps/user-fqs', { body: { userId: 999999, ip: '', action: 'x' } });
    expect(other.status).toBe(400);
    expect((await call('/api/iqps/user-fqs', { body: { userId: 1, ip: '', action: 'x' } })).status).toBe(401);
    expect((await client.call('/api/iqps/user-fqs', { body: { userId: 1, ip: '', action: '' } })).status).toBe(400);
    await client.call('/api/iqps/logout', { method: 'POST' });
    const rows = await d1Query<{ action: string }>(`SELECT action FROM activity_log WHERE user_id = ${Number(reply.json.result.userId)} ORDER BY id`);
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'viewed_wallet', 'logout']));
  }, DB_TEST_TIMEOUT);
});

describe('session expiry', () => {
  const sha = async (token: string) => Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))).toString('hex');

  it('ends a session idle for over 12 hours, slides one in use, and still tells an expired SSO session from others', async () => {
    const idle = await signedInClient(DEMO.email, DEMO.password);
    const active = await signedInClient(DEMO.email, DEMO.password);
    const ssoKey = (await call('/api/dev/sso-key', { host: ACME, body: { email: uniqueEmail('sso-idle') } })).json.data.key;
    const sso = await call('/api/auth/sso', withIp(freshIp(), { host: ACME, body: { key: ssoKey } }));
    const ssoToken = sso.json.result.token as string;
    const [a, b, c] = await Promise.all([sha(idle.token), sha(ssoToken), sha(active.token)]);
    const H = 3600_000;
    await d1Query(
      `UPDATE sessions SET last_seen_at = last_seen_at - ${13 * H} WHERE token_hash IN ('${a}', '${b}'); ` +
        `UPDATE sessions SET last_seen_at = last_seen_at - ${11 * H} WHERE token_hash = '${c}'`,
    );
    expect((await idle.client.call('/api/auth/checkLogin', { method: 'POST' })).json).toEqual({ status: 'failed', message: { ssocheck: { is_sso: 0 } }, session_out_url: '' });
    // Only the token cookie (no SSO mark): the ended session itself says it came from SSO.
    const ssoGone = await call('/api/auth/checkLogin', { method: 'POST', host: ACME, cookie: `userToken=${ssoToken}` });
    expect(ssoGone.json).toEqual({ status: 'failed', message: { ssocheck: { is_sso: 1 } }, session_out_url: expect.stringMatching(/.+/) });
    const before = Date.now();
    expect((await active.client.call('/api/auth/checkLogin', { method: 'POST' })).json.status).toBe('success');
    // The slide is written after the answer (waitUntil): wait for it rather than read the row at once.
    const lastSeen = async () => (await d1Query<{ last_seen_at: number }>(`SELECT last_seen_at FROM sessions WHERE token_hash = '${c}'`))[0]!.last_seen_at;
    await expect.poll(lastSeen, { timeout: 10_000 }).toBeGreaterThanOrEqual(before - 5000);
  }, DB_TEST_TIMEOUT);
});

describe('the Client helper keeps the session like a browser', () => {
  it('reload keeps the session (cookie), and a fresh browser has none', async () => {
    const { client } = await signedInClient(DEMO.email, DEMO.password);
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json.status).toBe('success');
    expect((await new Client().call('/api/auth/checkLogin', { method: 'POST' })).json.status).toBe('failed');
  });
});
