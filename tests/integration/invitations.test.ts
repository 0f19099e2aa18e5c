// Invitations (docs/contract.md#invitations): an org's admin invites by e-mail with a role (an agent with a credit limit);
// the mailed link (7 days, from the org's origin) names the invitation; accepting creates the account (or takes an
// existing account's password), gives the role and signs in, once: of 32 accepts sent together exactly one succeeds.
// Refusals in the contract's shapes with their exact messages; the invite and the revoke are audited; only hashes stored.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, Client, expectErrorShape, sessionCookies, type Reply } from './helpers';
import { d1Query, DB_TEST_TIMEOUT, freshIp, outbox, PASSWORD, signedInClient, uniqueEmail, verifiedAccount } from './auth-helpers';
import { CONSOLE_MSG } from '../../src/shared/contract/console-messages';
import { MSG, PASSWORD_RULE_MESSAGE } from '../../src/shared/contract/auth';

let host: string;
let orgId: number;
let admin: Client;
let adminEmail: string;
let member: { email: string; client: Client };
let marketer: Client;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NEW_PASSWORD = 'Harbor8!lamp';

const as = (client: Client | null, path: string, opts: { method?: string; body?: unknown } = {}) =>
  client
    ? client.call(path, { ...opts, headers: { 'cf-connecting-ip': freshIp() } })
    : call(path, { host, ...opts, headers: { 'cf-connecting-ip': freshIp() } });

const invite = (body: Record<string, unknown>, client: Client | null = admin) => as(client, '/api/admin/invitations', { method: 'POST', body });

/** The token of the last invitation mailed to `email`, and the link it came in. */
async function invitationLink(email: string) {
  const mails = await outbox(email, host);
  const link = [...mails].reverse().map((m) => /(https?:\/\/[^\s"]+\/invitation\?token=[A-Za-z0-9_%-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return { link, token: decodeURIComponent(new URL(link).searchParams.get('token')!) };
}

async function invited(body: Record<string, unknown>) {
  const r = await invite(body);
  expect(r.status, r.text).toBe(201);
  return { id: r.json.data.invitation_id as number, ...(await invitationLink(String(body.email).toLowerCase())) };
}

const accept = (token: string, body: Record<string, unknown>, client: Client = new Client(host)) =>
  client.call(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body, headers: { 'cf-connecting-ip': freshIp() } });

function expect400(r: Reply, path: string, message: string) {
  expect(r.status, r.text).toBe(400);
  expectErrorShape(r.json, 'BAD_REQUEST');
  expect(r.json.error.issues, r.text).toContainEqual(expect.objectContaining({ path, message }));
}

function expectGone(r: Reply) {
  expect(r.status, r.text).toBe(404);
  expectErrorShape(r.json, 'NOT_FOUND');
  expect(r.json.error.message).toBe(MSG.linkInvalid);
}

async function auditActions(target: string) {
  const rows = await d1Query<{ action: string; actor_email: string }>(
    `SELECT action, actor_email FROM admin_audit WHERE org_id = ${orgId} AND target LIKE '${target.replace(/'/g, "''")}%' ORDER BY id`,
  );
  return rows;
}

beforeAll(async () => {
  const slug = `invite-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, eligible_products) VALUES ('Invite ${slug}', 'hotel,activities'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid()); SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  const [a, m, k] = await Promise.all([verifiedAccount(host), verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}'; UPDATE users SET role = 'marketer' WHERE org_id = ${orgId} AND email = '${k!.email}';`);
  adminEmail = a!.email;
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  member = { email: m!.email, client: (await signedInClient(m!.email, m!.password, host)).client };
  marketer = (await signedInClient(k!.email, k!.password, host)).client;
}, DB_TEST_TIMEOUT);

describe('who may invite', () => {
  it('signed out is 401, a member and a marketer are 403, on every console invitation route', async () => {
    const routes = [
      { path: '/api/admin/invitations' },
      { path: '/api/admin/invitations', method: 'POST', body: { email: uniqueEmail('nope'), role: 'user' } },
      { path: '/api/admin/invitations/1', method: 'DELETE' },
    ];
    for (const r of routes) {
      const out = await as(null, r.path, r);
      expect(out.status, `${r.method ?? 'GET'} ${r.path}`).toBe(401);
      expectErrorShape(out.json, 'UNAUTHORIZED');
      for (const client of [member.client, marketer]) {
        const refused = await as(client, r.path, r);
        expect(refused.status, `${r.method ?? 'GET'} ${r.path}`).toBe(403);
        expectErrorShape(refused.json, 'FORBIDDEN');
      }
    }
  }, DB_TEST_TIMEOUT);
});

describe('inviting', () => {
  it('bad input is the contract’s 400 naming the field, and nothing is made', async () => {
    expect400(await invite({ email: 'not-an-address', role: 'agent' }), 'email', CONSOLE_MSG.inviteEmail);
    expect400(await invite({ email: uniqueEmail('inv'), role: 'owner' }), 'role', CONSOLE_MSG.inviteRole);
    expect400(await invite({ email: uniqueEmail('inv'), role: 'marketer', credit_limit: 100 }), 'credit_limit', CONSOLE_MSG.inviteCreditLimitAgentsOnly);
    expect400(await invite({ email: uniqueEmail('inv'), role: 'agent', credit_limit: -1 }), 'credit_limit', CONSOLE_MSG.creditLimit);
    expect400(await invite({ email: uniqueEmail('inv'), role: 'agent', credit_limit: 1.005 }), 'credit_limit', CONSOLE_MSG.creditLimit);
    const extra = await invite({ email: uniqueEmail('inv'), role: 'user', admin: true });
    expect(extra.status).toBe(400);
    expectErrorShape(extra.json, 'BAD_REQUEST');
    const [{ n }] = (await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM org_invitations WHERE org_id = ${orgId}`)) as [{ n: number }];
    expect(n).toBe(0);
  }, DB_TEST_TIMEOUT);

  it('an invitation is 201 with its id, address, role and a 7-day expiry; the mail links /invitation from the org’s origin; only the hash is stored; audited', async () => {
    const email = uniqueEmail('Staff');
    const before = Date.now();
    const r = await invite({ email: `  ${email} `, role: 'marketer' });
    expect(r.status, r.text).toBe(201);
    const data = r.json.data;
    expect(data).toEqual({ invitation_id: expect.any(Number), email: email.toLowerCase(), role: 'marketer', expires_at: expect.any(String) });
    const lifetime = Date.parse(data.expires_at) - before;
    expect(lifetime).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThan(7 * 86_400_000 + 60_000);
    const { link, token } = await invitationLink(email.toLowerCase());
    expect(new URL(link).hostname).toBe(host);
    expect(new URL(link).pathname).toBe('/invitation');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await d1Query<Record<string, unknown>>(`SELECT * FROM org_invitations WHERE id = ${data.invitation_id}`);
    expect(stored!.token_hash).toBe(sha256(token));
    expect(Object.values(stored!).some((v) => typeof v === 'string' && v.includes(token))).toBe(false);
    expect((await auditActions(`invitation:${data.invitation_id} `)).map((a) => [a.action, a.actor_email])).toEqual([['invitation.create', adminEmail]]);
    const [audit] = await d1Query<{ detail: string }>(`SELECT detail FROM admin_audit WHERE org_id = ${orgId} AND action = 'invitation.create' AND target LIKE 'invitation:${data.invitation_id} %'`);
    const after = JSON.parse(audit!.detail).after;
    expect(after).toMatchObject({ email: email.toLowerCase(), role: 'marketer', credit_limit: null });
    expect(Math.abs(Date.parse(after.expires_at) - Date.parse(data.expires_at))).toBeLessThan(1000);

    const read = await call(`/api/invitations/${token}`, { host });
    expect(read.status, read.text).toBe(200);
    expect(read.json.data).toEqual({ org: expect.stringContaining('Invite '), email: email.toLowerCase(), role: 'marketer', has_account: false, expires_at: data.expires_at });

    const list = await as(admin, '/api/admin/invitations');
    expect(list.status).toBe(200);
    expect(list.json.data.find((i: { invitation_id: number }) => i.invitation_id === data.invitation_id)).toMatchObject({
      email: email.toLowerCase(), role: 'marketer', credit_limit: null, status: 'pending', accepted_at: null, invited_by: adminEmail,
    });
  }, DB_TEST_TIMEOUT);

  it('a second invitation of an address with one waiting is 409; inviting a member to the role they have is 409', async () => {
    const email = uniqueEmail('twice');
    await invited({ email, role: 'user' });
    const again = await invite({ email, role: 'agent' });
    expect(again.status).toBe(409);
    expectErrorShape(again.json, 'CONFLICT');
    expect(again.json.error.message).toBe(CONSOLE_MSG.invitePending);
    const same = await invite({ email: member.email, role: 'user' });
    expect(same.status).toBe(409);
    expect(same.json.error.message).toBe(CONSOLE_MSG.inviteSameRole);
  }, DB_TEST_TIMEOUT);

  it('a token of another org, or one nobody was given, is 404 with the link message', async () => {
    const { token } = await invited({ email: uniqueEmail('elsewhere'), role: 'user' });
    expectGone(await call(`/api/invitations/${token}`, { host: 'localhost' }));
    expectGone(await call(`/api/invitations/${'x'.repeat(43)}`, { host }));
    expectGone(await call('/api/invitations/short', { host }));
    expectGone(await accept('x'.repeat(43), { first_name: 'Ann', last_name: 'Other', password: NEW_PASSWORD }));
  }, DB_TEST_TIMEOUT);
});

describe('accepting', () => {
  it('a new person must give both names and a password that passes the sign-up rule (400 naming each field)', async () => {
    const { token } = await invited({ email: uniqueEmail('rules'), role: 'user' });
    const noNames = await accept(token, { password: NEW_PASSWORD });
    expect400(noNames, 'first_name', MSG.firstNameRequired);
    expect400(noNames, 'last_name', MSG.lastNameRequired);
    expect400(await accept(token, { first_name: 'Rita', last_name: 'Rule', password: 'short1!' }), 'password', PASSWORD_RULE_MESSAGE);
    expect400(await accept(token, { first_name: 'Rita', last_name: 'Rule', password: 'nodigits!AA' }), 'password', PASSWORD_RULE_MESSAGE);
    expect400(await accept(token, { first_name: 'Rita', last_name: 'Rule' }), 'password', MSG.signInPasswordRequired);
    expect((await call(`/api/invitations/${token}`, { host })).status).toBe(200);
  }, DB_TEST_TIMEOUT);

  it('a marketer invited signs in with the marketer’s access, once; the invitation then reads accepted and cannot be revoked', async () => {
    const email = uniqueEmail('marketer');
    const { id, token } = await invited({ email, role: 'marketer' });
    const client = new Client(host);
    const r = await accept(token, { first_name: 'Mara', last_name: 'Ketter', password: NEW_PASSWORD }, client);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', message: '', result: { email, role: 'marketer', username: 'Mara', last_name: 'Ketter' } });
    expect(sessionCookies(r).some((c) => c.startsWith('userToken='))).toBe(true);
    expect((await client.call('/api/admin/links', { headers: { 'cf-connecting-ip': freshIp() } })).status).toBe(200);
    expect((await client.call('/api/admin/org', { headers: { 'cf-connecting-ip': freshIp() } })).status).toBe(403);
    const [user] = await d1Query<{ role: string; verified_at: string | null; password_hash: string }>(`SELECT role, verified_at, password_hash FROM users WHERE org_id = ${orgId} AND email = '${email}'`);
    expect(user!.role).toBe('marketer');
    expect(user!.verified_at).not.toBeNull();
    expect(user!.password_hash).not.toContain(NEW_PASSWORD);

    expectGone(await call(`/api/invitations/${token}`, { host }));
    expectGone(await accept(token, { first_name: 'Mara', last_name: 'Ketter', password: NEW_PASSWORD }));
    const list = await as(admin, '/api/admin/invitations');
    expect(list.json.data.find((i: { invitation_id: number }) => i.invitation_id === id)).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
    const revoke = await as(admin, `/api/admin/invitations/${id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(409);
    expect(revoke.json.error.message).toBe(CONSOLE_MSG.invitationAccepted);
    expect((await auditActions(`invitation:${id} `)).map((a) => a.action)).toEqual(['invitation.create', 'invitation.accept']);
  }, DB_TEST_TIMEOUT);

  it('an agent invited gets the agent’s details with the credit limit given', async () => {
    const email = uniqueEmail('agent');
    const { token } = await invited({ email, role: 'agent', credit_limit: 1500.5 });
    const client = new Client(host);
    const r = await accept(token, { first_name: 'Ada', last_name: 'Gent', password: NEW_PASSWORD }, client);
    expect(r.status, r.text).toBe(200);
    expect(r.json.result).toMatchObject({ role: 'agent', credit_limit: 1500.5 });
    const profile = await client.call('/api/agent/profile', { headers: { 'cf-connecting-ip': freshIp() } });
    expect(profile.status, profile.text).toBe(200);
    const [details] = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM agent_details d JOIN users u ON u.id = d.user_id WHERE u.org_id = ${orgId} AND u.email = '${email}'`);
    expect(details!.n).toBe(1);
  }, DB_TEST_TIMEOUT);

  it('an account of the org accepts with its password only: a wrong one is 401, the right one gives the role', async () => {
    const someone = await verifiedAccount(host);
    const { token } = await invited({ email: someone.email, role: 'agent', credit_limit: 250 });
    expect((await call(`/api/invitations/${token}`, { host })).json.data).toMatchObject({ email: someone.email, role: 'agent', has_account: true });
    const wrong = await accept(token, { password: 'Wrong9!pass' });
    expect(wrong.status).toBe(401);
    expectErrorShape(wrong.json, 'UNAUTHORIZED');
    expect(wrong.json.error.message).toBe(MSG.invalidCredentials);
    const r = await accept(token, { password: PASSWORD });
    expect(r.status, r.text).toBe(200);
    expect(r.json.result).toMatchObject({ email: someone.email, role: 'agent', credit_limit: 250 });
    const [count] = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM users WHERE org_id = ${orgId} AND email = '${someone.email}'`);
    expect(count!.n).toBe(1);
  }, DB_TEST_TIMEOUT);

  it('the org’s last admin cannot accept a lower role (409), and the invitation stays pending', async () => {
    const { id, token } = await invited({ email: adminEmail, role: 'user' });
    const r = await accept(token, { password: PASSWORD });
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.message).toBe(CONSOLE_MSG.lastAdmin);
    const [row] = await d1Query<{ role: string }>(`SELECT role FROM users WHERE org_id = ${orgId} AND email = '${adminEmail}'`);
    expect(row!.role).toBe('admin');
    expect((await call(`/api/invitations/${token}`, { host })).status).toBe(200);
    expect((await as(admin, `/api/admin/invitations/${id}`, { method: 'DELETE' })).status).toBe(200);
  }, DB_TEST_TIMEOUT);

  it('of 32 accepts of one token sent at once exactly one succeeds: one account, one role, one audit row, nothing half-written', async () => {
    const email = uniqueEmail('race');
    const { id, token } = await invited({ email, role: 'agent', credit_limit: 300 });
    const replies = await Promise.all(Array.from({ length: 32 }, (_, i) => accept(token, { first_name: 'Race', last_name: `Runner${String.fromCharCode(97 + (i % 26))}`, password: NEW_PASSWORD })));
    const statuses = replies.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});
    expect(statuses, JSON.stringify(statuses)).toEqual({ 200: 1, 404: 31 });
    for (const r of replies.filter((x) => x.status === 404)) expect(r.json.error.message).toBe(MSG.linkInvalid);
    const winner = replies.find((r) => r.status === 200)!;
    const users = await d1Query<{ id: number; role: string; credit_limit_minor: number; last_name: string }>(
      `SELECT id, role, credit_limit_minor, last_name FROM users WHERE org_id = ${orgId} AND email = '${email}'`,
    );
    expect(users).toEqual([{ id: winner.json.result.userId, role: 'agent', credit_limit_minor: 30_000, last_name: winner.json.result.last_name }]);
    const [inv] = await d1Query<{ accepted_by: number; accepted_at: number | null }>(`SELECT accepted_by, accepted_at FROM org_invitations WHERE id = ${id}`);
    expect(inv!.accepted_by).toBe(winner.json.result.userId);
    const [details] = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM agent_details WHERE user_id = ${winner.json.result.userId}`);
    expect(details!.n).toBe(1);
    expect((await auditActions(`invitation:${id} `)).map((a) => a.action)).toEqual(['invitation.create', 'invitation.accept']);
  }, DB_TEST_TIMEOUT);
});

describe('revoking and lapsing', () => {
  it('a revoked invitation’s link is 404; revoking is audited; an unknown id is 404', async () => {
    const email = uniqueEmail('revoked');
    const { id, token } = await invited({ email, role: 'user' });
    const r = await as(admin, `/api/admin/invitations/${id}`, { method: 'DELETE' });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toEqual({ invitation_id: id });
    expectGone(await call(`/api/invitations/${token}`, { host }));
    expectGone(await accept(token, { first_name: 'Rev', last_name: 'Oked', password: NEW_PASSWORD }));
    expect((await auditActions(`invitation:${id} `)).map((a) => [a.action, a.actor_email])).toEqual([
      ['invitation.create', adminEmail],
      ['invitation.revoke', adminEmail],
    ]);
    for (const path of [`/api/admin/invitations/${id}`, '/api/admin/invitations/999999999', '/api/admin/invitations/abc']) {
      const gone = await as(admin, path, { method: 'DELETE' });
      expect(gone.status, path).toBe(404);
      expectErrorShape(gone.json, 'NOT_FOUND');
      expect(gone.json.error.message).toBe(CONSOLE_MSG.noSuchInvitation);
    }
    expect((await invite({ email, role: 'user' })).status).toBe(201);
  }, DB_TEST_TIMEOUT);

  it('a lapsed invitation is 404 to its link, listed as lapsed, and the address may be invited again', async () => {
    const email = uniqueEmail('lapsed');
    const { id, token } = await invited({ email, role: 'marketer' });
    await d1Query(`UPDATE org_invitations SET expires_at = ${Date.now() - 1000} WHERE id = ${id}`);
    expectGone(await call(`/api/invitations/${token}`, { host }));
    expectGone(await accept(token, { first_name: 'Lap', last_name: 'Sed', password: NEW_PASSWORD }));
    const list = await as(admin, '/api/admin/invitations');
    expect(list.json.data.find((i: { invitation_id: number }) => i.invitation_id === id)).toMatchObject({ status: 'lapsed' });
    expect((await invite({ email, role: 'marketer' })).status).toBe(201);
  }, DB_TEST_TIMEOUT);
});
