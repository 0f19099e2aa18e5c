// Shared by the savings and referral integration tests: fresh verified members, signing in, and the provider simulator.
import { expect } from 'vitest';
import { call, Client } from './helpers';

export const PASSWORD = 'Tq7!xRw2pz';
let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

/** Talks to the savings provider simulator's control endpoints. */
export async function sim(path: string, body?: unknown) {
  const r = await call(`/_sim/savings${path}`, body === undefined ? {} : { body });
  if (r.status !== 200) throw new Error(`simulator ${path} answered ${r.status}: ${r.text}`);
  return r.json;
}

/** Signs in through the contract's POST /api/signIn; the client keeps the session cookie. */
export async function signedIn(email: string, password: string, host = 'localhost') {
  const client = new Client(host);
  const r = await client.call('/api/signIn', {
    body: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'vitest' },
    headers: { 'cf-connecting-ip': nextIp() },
  });
  if (r.status !== 200 || r.json?.status !== 'success') throw new Error(`sign-in of ${email} failed: ${r.status} ${r.text}`);
  return Object.assign(client, { login: r.json.result as { userId: number; username: string; email: string } });
}

export interface Member {
  client: Client;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** Only the sign-up call: the new account is stored (unverified) with the referral it came with. */
export async function signUpOnly(opts: { host?: string; referralCode?: string; referralOrg?: string | number; firstName?: string; accessCode?: string } = {}) {
  const email = `loyalty-${crypto.randomUUID()}@example.com`;
  const r = await call('/api/signUp', {
    host: opts.host ?? 'localhost',
    headers: { 'cf-connecting-ip': nextIp() },
    body: {
      jsonRegister: {
        email_id: email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        terms_accepted: true,
        title: 'Mrs',
        language: 'en-US',
        accesscode: opts.accessCode ?? '',
        referral_code: opts.referralCode ?? '',
        referral_org: opts.referralOrg ?? '',
        userdetails: { email_id: email, first_name: opts.firstName ?? 'Rita', last_name: 'Tester' },
      },
    },
  });
  expect(r.json?.data?.code, r.text).toBe(200);
  return email;
}

/** Follows the link of the newest confirmation email sent to `email`: the account is verified. */
export async function confirmEmail(email: string, host = 'localhost') {
  const outbox = await call('/api/dev/outbox', { host });
  const mail = [...outbox.json.data].reverse().find((m: { to: string }) => m.to === email);
  const token = /verify-account\?token=([A-Za-z0-9_-]+)/.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[1];
  if (!token) throw new Error(`no confirmation email for ${email}`);
  const verified = await call('/api/auth/verifyAccount', { host, body: { token } });
  expect(verified.status, verified.text).toBe(200);
}

/** Signs a new member up (optionally referred), follows the confirmation email and signs in. */
export async function freshMember(opts: { host?: string; referralCode?: string; referralOrg?: string | number; firstName?: string; accessCode?: string } = {}): Promise<Member> {
  const host = opts.host ?? 'localhost';
  const firstName = opts.firstName ?? 'Rita';
  const lastName = 'Tester';
  const email = await signUpOnly({ ...opts, firstName });
  await confirmEmail(email, host);
  const client = await signedIn(email, PASSWORD, host);
  return { client, userId: client.login.userId, email, firstName, lastName };
}
