// The second factor for staff (docs/contract.md#the-back-office-second-part, docs/decisions/0067-second-factor.md):
// TOTP enrolment with recovery codes, the sign-in's second step and its attempt limits, passkeys driven by a software
// authenticator (an ES256 key made here, attestation "none"), and the org's rule that its admins and agents have one.
import { createHmac, webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, Client, expectErrorShape } from './helpers';
import { cookieNamed, d1Query, DB_TEST_TIMEOUT, freshIp, signInBody, signedInClient, verifiedAccount, withIp } from './auth-helpers';
import { MSG } from '../../src/shared/contract/auth';
import { TWOFA_MSG } from '../../src/shared/contract/second-factor';

// ---- TOTP, computed here from the secret (RFC 6238 with HMAC-SHA-1, as authenticator apps do) ---------------------

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

// ---- a software authenticator: CBOR, an ES256 key, attestation "none", assertions ---------------------------------

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24 ? Buffer.from([(major << 5) | n]) : n < 256 ? Buffer.from([(major << 5) | 24, n]) : Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error('cbor: unsupported value');
}

const sha256 = async (data: Uint8Array | string) =>
  Buffer.from(await webcrypto.subtle.digest('SHA-256', typeof data === 'string' ? Buffer.from(data) : data));

/** An ECDSA raw (r‖s) signature as the DER sequence WebAuthn carries. */
function der(raw: Buffer): Buffer {
  const int = (b: Buffer) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    let v = b.subarray(i);
    if (v[0]! & 0x80) v = Buffer.concat([Buffer.from([0]), v]);
    return Buffer.concat([Buffer.from([0x02, v.length]), v]);
  };
  const body = Buffer.concat([int(raw.subarray(0, 32)), int(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

class SoftAuthenticator {
  credentialId = Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)));
  counter = 0;
  keys!: CryptoKeyPair;
  userHandle = '';

  async register(options: { challenge: string; rp: { id: string }; user: { id: string } }, origin: string) {
    this.keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    this.userHandle = options.user.id;
    const jwk = await webcrypto.subtle.exportKey('jwk', this.keys.publicKey);
    const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
    const idLength = Buffer.from([0, this.credentialId.length]);
    const authData = Buffer.concat([await sha256(options.rp.id), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, this.credentialId, cose]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const attestation = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const id = b64url(this.credentialId);
    return {
      id, rawId: id, type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestation), transports: ['internal'] },
    };
  }

  async assert(options: { challenge: string; rpId?: string }, origin: string, rpId = options.rpId!) {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([await sha256(rpId), Buffer.from([0x05]), count]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signed = Buffer.concat([authData, await sha256(clientData)]);
    const raw = Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    const id = b64url(this.credentialId);
    return {
      id, rawId: id, type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(der(raw)), userHandle: this.userHandle },
    };
  }
}

// ---- an org of its own -----------------------------------------------------------------------------------------

let host: string;
let orgId: number;
let orgName: string;
const originOf = (h: string) => `http://${h}:${new URL(baseUrl()).port}`;

beforeAll(async () => {
  const slug = `twofa-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  orgName = `Second Factor ${slug}`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, eligible_products) VALUES ('${orgName}', 'hotel'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid()); SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
}, DB_TEST_TIMEOUT);

async function account(role: 'user' | 'admin' | 'agent' | 'marketer' = 'user') {
  const a = await verifiedAccount(host);
  if (role !== 'user') await d1Query(`UPDATE users SET role = '${role}' WHERE org_id = ${orgId} AND email = '${a.email}'`);
  const s = await signedInClient(a.email, a.password, host);
  return { ...a, client: s.client };
}

/** Sets up TOTP for a signed-in client: the secret and the ten recovery codes. */
async function enrolTotp(client: Client) {
  const start = await client.call('/api/account/2fa/totp', { method: 'POST', body: {} });
  expect(start.status, start.text).toBe(200);
  const { secret, otpauth_url } = start.json.data as { secret: string; otpauth_url: string };
  const confirm = await client.call('/api/account/2fa/totp/confirm', { body: { code: totp(secret) } });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret, otpauth_url, codes: confirm.json.data.recovery_codes as string[] };
}

const passwordStep = (email: string, password: string, ip = freshIp()) => call('/api/signIn', withIp(ip, { host, body: signInBody(email, password) }));
const secondStep = (body: Record<string, unknown>, ip = freshIp()) => call('/api/auth/second-factor', withIp(ip, { host, body }));

describe('TOTP enrolment', () => {
  it('answers a secret and an otpauth URL issued by the org, and a right code confirms it with ten recovery codes, stored hashed', async () => {
    const a = await account();
    const start = await a.client.call('/api/account/2fa/totp', { method: 'POST', body: {} });
    expect(start.status, start.text).toBe(200);
    const { secret, otpauth_url } = start.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe(orgName);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(a.email);

    const wrong = await a.client.call('/api/account/2fa/totp/confirm', { body: { code: totp(secret) === '000000' ? '111111' : '000000' } });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.json.error.issues[0].path).toBe('code');

    const right = await a.client.call('/api/account/2fa/totp/confirm', { body: { code: totp(secret) } });
    expect(right.status, right.text).toBe(200);
    const codes: string[] = right.json.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const stored = await d1Query<{ code_hash: string }>(`SELECT code_hash FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = '${a.email}'`);
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((s) => s.code_hash).join()).not.toContain(c);
    const [sealed] = await d1Query<{ secret_sealed: string }>(`SELECT secret_sealed FROM totp_secrets t JOIN users u ON u.id = t.user_id WHERE u.email = '${a.email}'`);
    expect(sealed!.secret_sealed).not.toContain(secret);

    const again = await a.client.call('/api/account/2fa/totp', { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    const state = await a.client.call('/api/account/security');
    expect(state.json.data).toMatchObject({ totp: true, recovery_codes_left: 10, passkeys: [], required: false });
  }, DB_TEST_TIMEOUT);

  it('signed out, the enrolment routes answer 401', async () => {
    const r = await call('/api/account/2fa/totp', { host, method: 'POST', body: {} });
    expect(r.status).toBe(401);
  });
});

describe('the sign-in’s second step', () => {
  it('a right password on an enrolled account answers second_factor with no session; the code completes it as a sign-in does', async () => {
    const a = await account();
    const { secret } = await enrolTotp(a.client);
    const first = await passwordStep(a.email, a.password);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ status: 'second_factor', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(cookieNamed(first.cookies, 'userToken')).toBeUndefined();

    // The code of the step just spent by the enrolment cannot be used again: wait for the next one when needed.
    const code = totp(secret, Date.now() + 30_000);
    const done = await secondStep({ challenge: first.json.challenge, code }, freshIp());
    // A code one step ahead is accepted (clock drift), and only once.
    expect(done.status, done.text).toBe(200);
    expect(done.json.status).toBe('success');
    expect(done.json.result.email).toBe(a.email);
    expect(cookieNamed(done.cookies, 'userToken')!.split(';')[0]).toBe(`userToken=${done.json.result.token}`);

    const next = await passwordStep(a.email, a.password);
    const replay = await secondStep({ challenge: next.json.challenge, code });
    expect(replay.status).toBe(401);
    expect(replay.json.message).toBe(TWOFA_MSG.secondFactorWrong);
  }, DB_TEST_TIMEOUT);

  it('a recovery code signs in once; a wrong password still answers the contract’s 401', async () => {
    const a = await account();
    const { codes } = await enrolTotp(a.client);
    const bad = await passwordStep(a.email, 'Wrong1!pass');
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe(MSG.invalidCredentials);

    const first = await passwordStep(a.email, a.password);
    const used = await secondStep({ challenge: first.json.challenge, recovery_code: codes[3]!.toUpperCase() });
    expect(used.status, used.text).toBe(200);
    const second = await passwordStep(a.email, a.password);
    const again = await secondStep({ challenge: second.json.challenge, recovery_code: codes[3] });
    expect(again.status).toBe(401);
    const state = await a.client.call('/api/account/security');
    expect(state.json.data.recovery_codes_left).toBe(9);
  }, DB_TEST_TIMEOUT);

  it('35 wrong codes in flight: at most 5 are checked (the sign-in limit per account), the rest answer 429 with Retry-After', async () => {
    const a = await account();
    const { secret } = await enrolTotp(a.client);
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip);
    const right = totp(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const replies = await Promise.all(Array.from({ length: 35 }, () => secondStep({ challenge: first.json.challenge, code: wrong }, ip)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const limited = replies.find((r) => r.status === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.message).toBe(MSG.tooManyAttempts);
    // The account's limit holds for the right code too, and for the password step's failures.
    const blocked = await secondStep({ challenge: first.json.challenge, code: right }, freshIp());
    expect(blocked.status).toBe(429);
  }, DB_TEST_TIMEOUT);

  it('a challenge is used once: ten right recovery codes in flight on one challenge open one session', async () => {
    const a = await account();
    const { codes } = await enrolTotp(a.client);
    const first = await passwordStep(a.email, a.password);
    const replies = await Promise.all(codes.map((c) => secondStep({ challenge: first.json.challenge, recovery_code: c })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const [sessions] = await d1Query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = '${a.email}' AND s.created_at > ${Date.now() - 60_000}`,
    );
    // The enrolling client's session and the one the challenge opened.
    expect(sessions!.n).toBe(2);
    const after = await secondStep({ challenge: first.json.challenge, recovery_code: codes[9]! });
    expect([401, 429]).toContain(after.status);
  }, DB_TEST_TIMEOUT);

  it('a challenge of one org is unknown on another org’s host', async () => {
    const a = await account();
    const { secret } = await enrolTotp(a.client);
    const first = await passwordStep(a.email, a.password);
    const elsewhere = await call('/api/auth/second-factor', withIp(freshIp(), { host: 'localhost', body: { challenge: first.json.challenge, code: totp(secret, Date.now() + 30_000) } }));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json.message).toBe(TWOFA_MSG.secondFactorExpired);
  }, DB_TEST_TIMEOUT);
});

describe('passkeys', () => {
  it('a passkey made by a software authenticator for the org’s host signs in once per challenge, and on that host only', async () => {
    const a = await account();
    const key = new SoftAuthenticator();
    const options = await a.client.call('/api/account/passkeys/options', { method: 'POST', body: {} });
    expect(options.status, options.text).toBe(200);
    expect(options.json.data.rp.id).toBe(host);
    const made = await key.register(options.json.data, originOf(host));
    const added = await a.client.call('/api/account/passkeys', { body: { name: 'Laptop', response: made } });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data).toMatchObject({ id: made.id, name: 'Laptop' });
    // The registration's challenge was spent.
    const twice = await a.client.call('/api/account/passkeys', { body: { name: 'Again', response: made } });
    expect(twice.status).toBe(400);

    // A password sign-in of an account with a passkey stops for the second factor too.
    const step = await passwordStep(a.email, a.password);
    expect(step.json.status).toBe('second_factor');

    const signIn = await call('/api/auth/passkey/options', { host, method: 'POST', body: {} });
    expect(signIn.status, signIn.text).toBe(200);
    const assertion = await key.assert(signIn.json.data, originOf(host), host);
    const ok = await call('/api/auth/passkey', withIp(freshIp(), { host, body: { response: assertion } }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.result.email).toBe(a.email);
    expect(cookieNamed(ok.cookies, 'userToken')).toBeTruthy();

    const replay = await call('/api/auth/passkey', withIp(freshIp(), { host, body: { response: assertion } }));
    expect(replay.status).toBe(401);

    // Signed for another origin (a look-alike host), the assertion is refused.
    const other = await call('/api/auth/passkey/options', { host, method: 'POST', body: {} });
    const phished = await key.assert(other.json.data, originOf('evil.localhost'), 'evil.localhost');
    expect((await call('/api/auth/passkey', withIp(freshIp(), { host, body: { response: phished } }))).status).toBe(401);
    // On another org's host, the passkey is unknown.
    const acme = await call('/api/auth/passkey/options', { host: 'localhost', method: 'POST', body: {} });
    const there = await key.assert(acme.json.data, originOf('localhost'), 'localhost');
    expect((await call('/api/auth/passkey', withIp(freshIp(), { host: 'localhost', body: { response: there } }))).status).toBe(401);

    const state = await a.client.call('/api/account/security');
    expect(state.json.data.passkeys).toHaveLength(1);
    // Removing it needs a fresh proof: with passkeys only, a passkey's answer to a challenge issued to this account.
    const bare = await a.client.call(`/api/account/passkeys/${made.id}`, { method: 'DELETE', body: {} });
    expect(bare.status, bare.text).toBe(400);
    expectErrorShape(bare.json, 'BAD_REQUEST');
    expect(bare.json.error.issues[0].message).toBe(TWOFA_MSG.proofPasskeyRequired);
    const proofOptions = await a.client.call('/api/account/passkeys/proof-options', { method: 'POST', body: {} });
    expect(proofOptions.status, proofOptions.text).toBe(200);
    expect(proofOptions.json.data.allowCredentials.map((c: { id: string }) => c.id)).toEqual([made.id]);
    const proof = await key.assert(proofOptions.json.data, originOf(host), host);
    // A proof's challenge is this account's, not a sign-in's.
    expect((await call('/api/auth/passkey', withIp(freshIp(), { host, body: { response: proof } }))).status).toBe(401);
    const again = await a.client.call('/api/account/passkeys/proof-options', { method: 'POST', body: {} });
    const removed = await a.client.call(`/api/account/passkeys/${made.id}`, { method: 'DELETE', body: { passkey: await key.assert(again.json.data, originOf(host), host) } });
    expect(removed.status, removed.text).toBe(200);
    expect((await a.client.call(`/api/account/passkeys/${made.id}`, { method: 'DELETE', body: {} })).status).toBe(404);
    expect((await passwordStep(a.email, a.password)).json.status).toBe('success');
  }, DB_TEST_TIMEOUT);
});

describe('the org requires a second factor of its staff', () => {
  it('admins and agents without one get 403 SECOND_FACTOR_REQUIRED on the console and the agent desk until they enrol; others are unchanged', async () => {
    const admin = await account('admin');
    const agent = await account('agent');
    const marketer = await account('marketer');
    const consumer = await account('user');
    const settings = await admin.client.call('/api/admin/org');
    expect(settings.json.data.require_2fa_for_staff).toBe(0);
    const on = await admin.client.call('/api/admin/org', { method: 'PATCH', body: { require_2fa_for_staff: 1 } });
    expect(on.status, on.text).toBe(200);
    expect(on.json.data.require_2fa_for_staff).toBe(1);

    const refused = await admin.client.call('/api/admin/org');
    expect(refused.status).toBe(403);
    expectErrorShape(refused.json, 'SECOND_FACTOR_REQUIRED');
    const agentRefused = await agent.client.call('/api/agent/profile');
    expect(agentRefused.status).toBe(403);
    expectErrorShape(agentRefused.json, 'SECOND_FACTOR_REQUIRED');
    // Writes too, before any work.
    const write = await admin.client.call('/api/admin/access-codes', { body: { code: 'NOFACTOR1' } });
    expect(write.status).toBe(403);
    expect((await d1Query(`SELECT 1 FROM access_codes WHERE org_id = ${orgId}`)).length).toBe(0);

    // The security section says so, and its routes stay open.
    expect((await agent.client.call('/api/account/security')).json.data.required).toBe(true);
    expect((await consumer.client.call('/api/account/security')).json.data.required).toBe(false);
    expect((await marketer.client.call('/api/admin/links')).status).toBe(200);
    expect((await consumer.client.call('/api/profile')).status).toBe(200);
    expect((await call('/api/admin/org', { host })).status).toBe(401);

    await enrolTotp(agent.client);
    const agentNow = await agent.client.call('/api/agent/profile');
    expect(agentNow.json?.error?.code).not.toBe('SECOND_FACTOR_REQUIRED');
    expect(agentNow.status).not.toBe(403);
    await enrolTotp(admin.client);
    expect((await admin.client.call('/api/admin/org')).status).toBe(200);
    const off = await admin.client.call('/api/admin/org', { method: 'PATCH', body: { require_2fa_for_staff: 0 } });
    expect(off.status, off.text).toBe(200);
  }, DB_TEST_TIMEOUT);
});

describe('a fresh proof before the second factor changes', () => {
  it('removing the app or regenerating the recovery codes needs a current code or an unused recovery code; without one, 400 says so', async () => {
    const a = await account();
    const { secret, codes } = await enrolTotp(a.client);
    const bare = await a.client.call('/api/account/2fa/totp', { method: 'DELETE', body: {} });
    expect(bare.status, bare.text).toBe(400);
    expectErrorShape(bare.json, 'BAD_REQUEST');
    expect(bare.json.error.issues[0]).toMatchObject({ path: 'code', message: TWOFA_MSG.proofRequired });
    const wrong = await a.client.call('/api/account/2fa/totp', { method: 'DELETE', body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.issues[0].message).toBe(TWOFA_MSG.proofWrong);
    expect((await a.client.call('/api/account/security')).json.data.totp).toBe(true);

    // A recovery code proves it once; the ten new codes replace the old ones.
    const fresh = await a.client.call('/api/account/2fa/recovery-codes', { body: { recovery_code: codes[0] } });
    expect(fresh.status, fresh.text).toBe(200);
    const renewed = fresh.json.data.recovery_codes as string[];
    expect(renewed).toHaveLength(10);
    expect(renewed.some((c) => codes.includes(c))).toBe(false);
    const old = await a.client.call('/api/account/2fa/recovery-codes', { body: { recovery_code: codes[1] } });
    expect(old.status, 'an old code no longer works').toBe(400);
    expect((await a.client.call('/api/account/security')).json.data.recovery_codes_left).toBe(10);

    // A code the app shows (the next 30-second step: the one enrolment used is spent) removes the app.
    const removed = await a.client.call('/api/account/2fa/totp', { method: 'DELETE', body: { code: totp(secret, Date.now() + 30_000) } });
    expect(removed.status, removed.text).toBe(200);
    expect((await a.client.call('/api/account/security')).json.data).toMatchObject({ totp: false, recovery_codes_left: 0 });
    expect((await a.client.call('/api/account/2fa/totp', { method: 'DELETE', body: {} })).status).toBe(409);
    expect((await a.client.call('/api/account/2fa/recovery-codes', { body: {} })).status).toBe(409);
  }, DB_TEST_TIMEOUT);
});
