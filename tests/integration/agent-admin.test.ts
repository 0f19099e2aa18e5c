// The org admin's script (npm run admin): creating an agent who chooses a password from a mailed link, refusing bad
// or duplicate input without writing, and recording an agent's payment against the outstanding balance.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { d1Query, freshIp, outbox, signInBody, uniqueEmail, withIp } from './auth-helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote, profileOf, runAdmin, signIn } from './agent-helpers';

const usersNamed = async (email: string) => d1Query<{ role: string; credit_limit_minor: number; password_hash: string | null; verified_at: string | null }>(
  `SELECT role, credit_limit_minor, password_hash, verified_at FROM users WHERE email = '${email.replaceAll("'", "''")}'`,
);

describe('npm run admin -- create-agent', () => {
  it('creates an unverified agent without a password and mails a set-password link that makes it usable', async () => {
    const email = uniqueEmail('agent');
    const r = await runAdmin(['create-agent', '--org', '1', '--email', email.toUpperCase(), '--credit-limit', '1234.50', '--first-name', 'Ola', '--last-name', 'Nordmann', '--title', 'Mr', '--agency', 'Fjord Travel', '--markup', '7.5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Created agent ${email}`);

    const [row] = await usersNamed(email);
    expect(row).toMatchObject({ role: 'agent', credit_limit_minor: 123450, password_hash: null, verified_at: null });
    const refused = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Agent9!pass') }));
    expect(refused.status).toBe(401);

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Travel Club: your agent account is ready');
    const token = /\/change-password\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    expect(token, mails[0]!.text).toBeTruthy();
    const [stored] = await d1Query<{ kind: string; hours: number }>(
      `SELECT kind, (expires_at - created_at) / 3600000 AS hours FROM email_tokens WHERE user_id = (SELECT id FROM users WHERE email = '${email}')`,
    );
    expect(stored).toEqual({ kind: 'reset', hours: 72 });

    expect((await call('/api/auth/changePassword', { body: { token, password: 'Agent9!pass' } })).status).toBe(200);
    const signedIn = await call('/api/signIn', withIp(freshIp(), { body: signInBody(email, 'Agent9!pass') }));
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json.result).toMatchObject({ role: 'agent', credit_limit: 1234.5 });

    const agent = await signIn({ email, password: 'Agent9!pass' });
    const profile = (await agent.call('/api/agent/profile')).json.data;
    expect(profile).toMatchObject({ agency: { name: 'Fjord Travel' }, markup_percent: 7.5, credit: { credit_limit: 1234.5, outstanding: 0, available: 1234.5 } });
    expect(profile.agent).toMatchObject({ first_name: 'Ola', last_name: 'Nordmann', title: 'Mr' });
  }, 180_000);

  it('refuses an email that already has an account and leaves that account as it was', async () => {
    const r = await runAdmin(['create-agent', '--org', '1', '--email', 'demo@example.com', '--credit-limit', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists');
    const [demo] = await usersNamed('demo@example.com');
    expect(demo).toMatchObject({ role: 'user', credit_limit_minor: 0 });
  }, 240_000);

  it('refuses bad arguments without writing anything', async () => {
    const email = uniqueEmail('agent');
    const cases: [string[], RegExp][] = [
      [['create-agent', '--org', '1', '--email', email], /--credit-limit/],
      [['create-agent', '--org', '1', '--email', email, '--credit-limit', '-5'], /--credit-limit/],
      [['create-agent', '--org', '1', '--email', email, '--credit-limit', '10.005'], /--credit-limit/],
      [['create-agent', '--org', '1', '--email', 'not-an-email', '--credit-limit', '10'], /Invalid Mail/],
      [['create-agent', '--org', '1', '--email', email, '--credit-limit', '10', '--title', 'Dr'], /--title/],
      [['create-agent', '--org', '1', '--email', email, '--credit-limit', '10', '--markup', '300'], /--markup/],
      [['create-agent', '--email', email, '--credit-limit', '10'], /--org/],
      [['create-agent', '--org', '99', '--email', email, '--credit-limit', '10'], /no organisation 99/],
      [['create-agent', '--org', '1', '--email', email, '--credit-limit', '10', '--bogus'], /Unknown option/],
      [['promote-everyone'], /Unknown command/],
    ];
    for (const [args, message] of cases) {
      const r = await runAdmin(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    expect(await usersNamed(email)).toEqual([]);
    expect(await outbox(email)).toEqual([]);
  }, 240_000);
});

describe('npm run admin -- record-payment', () => {
  it('lowers the agent’s outstanding balance by the payment', async () => {
    const made = await adminMadeAgent(2000);
    const agent = await signIn(made);
    const hotel = await aProduct('HLT');
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(15), check_out: day(17), guests: 1, currency: 'USD' });
    expect((await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} })).status).toBe(200);
    const owed = (await profileOf(agent)).credit.outstanding;
    expect(owed).toBe(hotel.price * 2);

    const r = await runAdmin(['record-payment', '--org', '1', '--email', made.email, '--amount', '100', '--note', 'Invoice 42']);
    expect(r.code, r.stderr).toBe(0);
    const after = (await profileOf(agent)).credit;
    expect(Math.round(after.outstanding * 100)).toBe(Math.round(owed * 100) - 10_000);
    expect(Math.round(after.available * 100)).toBe(200_000 - Math.round(after.outstanding * 100));

    const consumer = await runAdmin(['record-payment', '--org', '1', '--email', 'demo@example.com', '--amount', '100']);
    expect(consumer.code).toBe(2);
    expect(consumer.stderr).toContain('No agent');
  }, 240_000);
});
