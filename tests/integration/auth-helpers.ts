// Helpers of the accounts tests: fresh addresses and client IPs, sign-up + verification through the outbox, simulator tokens.
import { expect } from 'vitest';
import { call, Client, type CallOptions } from './helpers';

export const uniqueEmail = (tag = 'user') => `${tag}-${crypto.randomUUID().slice(0, 12)}@example.com`;
/** A fresh client address, so per-IP limits of one test never touch another's. */
export const freshIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
export const PASSWORD = 'Zebra7!stripe';

export const signInBody = (email: string, password: string, extra: Record<string, unknown> = {}) => ({
  jsonSign: { usr_type: 2, email_id: email, password, googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: true, promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' }, ...extra },
  navAgent: 'vitest',
});

export function signUpBody(email: string, extra: Record<string, unknown> = {}, details: Record<string, unknown> = {}) {
  return {
    jsonRegister: {
      promotions: 0, accesscode: '', email_id: email, password: PASSWORD, confirm_password: PASSWORD, terms_accepted: true,
      googletoken: '', fbtoken: '', nationality: 1, site_url: 'http://localhost/', mastercode: '', referral_code: '', language: 'en-US',
      title: 'Mrs', site_id: 1, client_ip_address: '', true_client_ip: '', trip_id: '', referral_org: '',
      userdetails: { email_id: email, first_name: 'Ada', last_name: 'Lovelace', country_code: 'GB', mobile_no: '7700900123', mobile_country_code: '+44', ...details },
      ...extra,
    },
  };
}

export const withIp = (ip: string, opts: CallOptions = {}): CallOptions => ({ ...opts, headers: { 'cf-connecting-ip': ip, ...opts.headers } });

export async function outbox(to: string, host = 'localhost') {
  const r = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { host });
  expect(r.status).toBe(200);
  return r.json.data as { to: string; subject: string; text: string; html: string; created_at: string }[];
}

/** The token of the last mail to `to` linking to `path` (/verify-account or /change-password). */
export async function linkToken(to: string, path: string, host = 'localhost') {
  const mails = await outbox(to, host);
  const link = [...mails].reverse().map((m) => new RegExp(`(https?://[^\\s"]+${path}\\?token=[A-Za-z0-9_%-]+)`).exec(m.text)?.[1]).find(Boolean);
  if (!link) throw new Error(`no ${path} link mailed to ${to}`);
  return { link, token: decodeURIComponent(new URL(link).searchParams.get('token')!) };
}

/** Signs up by email and follows the confirmation link: a verified account ready to sign in. */
export async function verifiedAccount(host = 'localhost', extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const ip = freshIp();
  const r = await call('/api/signUp', withIp(ip, { host, body: signUpBody(email, extra) }));
  expect(r.json?.data?.code, `${r.status} ${r.text.slice(0, 500)}`).toBe(200);
  const { token } = await linkToken(email, '/verify-account', host);
  const v = await call('/api/auth/verifyAccount', withIp(ip, { host, body: { token } }));
  expect(v.status).toBe(200);
  return { email, password: PASSWORD, ip };
}

export async function signedInClient(email: string, password: string, host = 'localhost', extra: Record<string, unknown> = {}) {
  const client = new Client(host);
  const r = await client.call('/api/signIn', withIp(freshIp(), { body: signInBody(email, password, extra) }));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { client, reply: r, token: r.json.result.token as string };
}

/** A server-issued nonce for Google sign-in on `host` (what the popup asks for before opening Google). */
export async function googleNonce(host = 'localhost') {
  const r = await call('/api/auth/nonce', { host, method: 'POST', body: {} });
  expect(r.status, r.text).toBe(200);
  return r.json.data.nonce as string;
}

/** A simulator ID token; it carries a fresh server-issued nonce unless `claims.nonce` says otherwise (null: none). */
export async function googleToken(claims: Record<string, unknown>) {
  const nonce = 'nonce' in claims ? claims.nonce ?? undefined : await googleNonce();
  const r = await call('/_sim/google/token', { body: { ...claims, nonce } });
  expect(r.status, r.text).toBe(200);
  return r.json.id_token as string;
}

export async function facebookToken(claims: Record<string, unknown>) {
  const r = await call('/_sim/facebook/token', { body: claims });
  expect(r.status, r.text).toBe(200);
  return r.json.access_token as string;
}

export const cookieNamed = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`));

/** Reads the local D1 of the server under test directly (to prove what is stored, e.g. only hashes). */
export const DB_TEST_TIMEOUT = 120_000;

export async function d1Query<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const all = await d1QueryAll(sql);
  return all[all.length - 1] as T[];
}

/**
 * A new org of its own on `<prefix>-<random>.localhost`, named `<name> <slug>`, English by default, with `columns` of
 * the orgs table set as given (numbers and plain text): its host and id.
 */
export async function newOrg(prefix: string, name: string, columns: Record<string, string | number> = {}): Promise<{ host: string; orgId: number }> {
  const slug = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const host = `${slug}.localhost`;
  const set = { name: `${name} ${slug}`, default_language: 'en-US', ...columns };
  const values = Object.values(set).map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`));
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (${Object.keys(set).join(', ')}) VALUES (${values.join(', ')}); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  return { host, orgId: row!.id };
}

/** The results of every statement of `sql`, run on the local D1 file of the server under test. */
export async function d1QueryAll(sql: string): Promise<Record<string, any>[][]> {
  const { inject } = await import('vitest');
  const { runSql } = await import('./gates-db');
  return runSql(inject('persistTo'), sql);
}
