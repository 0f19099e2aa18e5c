// npm run admin -- create-org: a new org with its platform address active at once, its first admin mailed a link to
// choose a password on that address, and then running the console there.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { d1Query, freshIp, outbox, signInBody, signedInClient, uniqueEmail, withIp } from './auth-helpers';
import { runAdmin } from './agent-helpers';

describe('npm run admin -- create-org', () => {
  it('creates the org on <slug>.localhost and an admin who sets a password from the mail and runs the console', async () => {
    const slug = `sky${crypto.randomUUID().slice(0, 8)}`;
    const host = `${slug}.localhost`;
    const email = uniqueEmail('owner');
    const r = await runAdmin(['create-org', '--name', 'Blue Sky Travel', '--slug', slug, '--admin-email', email.toUpperCase()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`"Blue Sky Travel" on ${host}, admin ${email}`);

    const config = await call('/api/org/config', { host });
    expect(config.json.data).toMatchObject({ orgName: 'Blue Sky Travel', eligibleProducts: [{ product_id: 'hotel' }, { product_id: 'activities' }, { product_id: 'resorts' }, { product_id: 'stays' }] });
    const [row] = await d1Query<{ role: string; password_hash: string | null; org_id: number }>(`SELECT role, password_hash, org_id FROM users WHERE email = '${email}'`);
    expect(row).toMatchObject({ role: 'admin', password_hash: null, org_id: config.json.data.orgId });

    const mails = await outbox(email, host);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Blue Sky Travel: your site is ready');
    const link = /(http:\/\/[^\s]+\/change-password\?token=[A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    expect(link, mails[0]!.text).toBeTruthy();
    expect(new URL(link!).hostname).toBe(host);
    const token = new URL(link!).searchParams.get('token');
    // The link belongs to the new org: another org's address does not take it.
    expect((await call('/api/auth/changePassword', { body: { token, password: 'Owner1!pass' } })).status).toBe(400);
    expect((await call('/api/auth/changePassword', { host, body: { token, password: 'Owner1!pass' } })).status).toBe(200);
    const signedIn = await call('/api/signIn', withIp(freshIp(), { host, body: signInBody(email, 'Owner1!pass') }));
    expect(signedIn.json.result.role).toBe('admin');
    const owner = await signedInClient(email, 'Owner1!pass', host);
    const settings = await owner.client.call('/api/admin/org');
    expect(settings.status, settings.text).toBe(200);
    expect(settings.json.data.name).toBe('Blue Sky Travel');
    expect((await owner.client.call('/api/admin/domains')).json.data).toEqual([{ host, status: 'active', verification: null, dns: null, ownership: null, ssl: null, platform: true, created_at: null, lapses_at: null }]);

    const again = await runAdmin(['create-org', '--name', 'Copy Cat', '--slug', slug, '--admin-email', uniqueEmail('copy')]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${host} already serves an organisation`);
  }, 240_000);

  it('refuses bad arguments without writing anything', async () => {
    const before = await d1Query<{ n: number }>('SELECT COUNT(*) AS n FROM orgs');
    for (const [args, message] of [
      [['create-org', '--name', 'X', '--slug', 'Bad Slug', '--admin-email', 'a@b.example'], /--slug/],
      [['create-org', '--name', '<b>', '--slug', 'okslug', '--admin-email', 'a@b.example'], /--name/],
      [['create-org', '--name', 'Fine', '--slug', 'okslug', '--admin-email', 'nope'], /--admin-email/],
    ] as const) {
      const r = await runAdmin([...args]);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(await d1Query('SELECT COUNT(*) AS n FROM orgs')).toEqual(before);
  }, 240_000);
});
