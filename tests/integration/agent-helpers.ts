// Shared steps of the agent tests: the seeded agents, signing in, clients, products and quotes, and the admin script.
import { expect, inject } from 'vitest';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { call, type Client } from './helpers';
import { d1Query, linkToken, signedInClient, uniqueEmail, verifiedAccount } from './auth-helpers';

export const AGENT = { email: 'agent@example.com', password: 'Agent1!pass' };
export const OTHER_AGENT = { email: 'agent.north@example.com', password: 'Agent2!pass' };
export const ACME_AGENT = { email: 'agent@acme.example.com', password: 'Agent1!pass' };
export const CONSUMER = { email: 'demo@example.com', password: 'Demo1!pass' };

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function signIn(who: { email: string; password: string }, host = 'localhost'): Promise<Client> {
  return (await signedInClient(who.email, who.password, host)).client;
}

/** A new verified account of `host` made an agent with a credit limit (in USD minor units), signed in. */
export async function newAgent(host = 'localhost', creditLimitMinor = 1_000_000): Promise<Client> {
  const account = await verifiedAccount(host);
  await d1Query(`UPDATE users SET role = 'agent', credit_limit_minor = ${creditLimitMinor} WHERE email = '${account.email}';
    INSERT INTO agent_details (user_id, org_id) SELECT id, org_id FROM users WHERE email = '${account.email}';`);
  return (await signedInClient(account.email, account.password, host)).client;
}

export const clientBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Mrs',
  first_name: 'Marie',
  last_name: 'Curie',
  email: uniqueEmail('client'),
  nationality: 1,
  country_code: 'FR',
  phone_country_code: '+33',
  mobile_no: '612345678',
  notes: 'Prefers a quiet room',
  ...extra,
});

export async function newClient(agent: Client, extra: Record<string, unknown> = {}) {
  const r = await agent.call('/api/agent/clients', { body: clientBody(extra) });
  expect(r.status, r.text).toBe(201);
  return r.json.data as { client_id: number; email: string; first_name: string; last_name: string };
}

export interface ProductPick {
  product_id: number;
  name: string;
  price: number;
  price_unit: 'night' | 'person';
}

/** A product of the type from the org's search, in USD (its unit price is what the quote's net price builds on). */
export async function aProduct(type = 'HLT', host = 'localhost', index = 0): Promise<ProductPick> {
  const r = await call(`/api/products/search?type=${type}&per_page=50&currency=USD&sort=price`, { host });
  expect(r.status, r.text).toBe(200);
  const p = r.json.data[index];
  expect(p, `a ${type} product at ${host}`).toBeTruthy();
  return p as ProductPick;
}

export async function newQuote(agent: Client, body: Record<string, unknown>) {
  const r = await agent.call('/api/agent/quotes', { body });
  expect(r.status, r.text).toBe(201);
  return r.json.data as {
    quote_id: number;
    net_price: number;
    markup_amount: number;
    total: number;
    currency: string;
    status: string;
    markup_percent: number;
  };
}

export async function profileOf(agent: Client) {
  const r = await agent.call('/api/agent/profile');
  expect(r.status, r.text).toBe(200);
  return r.json.data as { credit: { credit_limit: number; outstanding: number; available: number }; counts: { clients: number; quotes: number; bookings: number } };
}

/** Runs `npm run admin -- …` against the local D1 of the server under test. */
export function runAdmin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = resolve(import.meta.dirname, '../..');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/admin.mjs', ...args, '--persist-to', inject('persistTo')], {
      cwd: root,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/** An agent made by the org's admin script, who has followed the mailed link and chosen a password. */
export async function adminMadeAgent(creditLimit: number, extra: string[] = []) {
  const email = uniqueEmail('agent');
  const r = await runAdmin(['create-agent', '--org', '1', '--email', email, '--credit-limit', String(creditLimit), '--first-name', 'Ines', ...extra]);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  const { token } = await linkToken(email, '/change-password');
  const password = 'Agent9!pass';
  const set = await call('/api/auth/changePassword', { body: { token, password } });
  expect(set.status, set.text).toBe(200);
  return { email, password, stdout: r.stdout };
}
