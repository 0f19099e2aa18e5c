// Development simulator of the daily-savings provider API and its director page; it can be told to fail, time out or answer malformed JSON.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';

type Mode = 'ok' | 'fail' | 'timeout' | 'malformed';
type Op = 'get' | 'import';
interface Rule { mode: Mode; member: string | null; op: Op | null; times: number | null }

const SLEEP_MS = 4_000;
const members = new Map<string, { record: Record<string, unknown>; imports: number }>();
const calls = new Map<string, { gets: number; imports: number }>();
let rules: Rule[] = [];

const countCall = (member: string, kind: 'gets' | 'imports') => {
  const c = calls.get(member) ?? { gets: 0, imports: 0 };
  c[kind] += 1;
  calls.set(member, c);
};

/** The mode for a call about `member`: a per-request header wins, then a rule for that member, then a global rule. */
function modeFor(c: Context<AppEnv>, member: string, op: Op): Mode {
  const header = c.req.header('x-sim-mode') as Mode | undefined;
  if (header && ['ok', 'fail', 'timeout', 'malformed'].includes(header)) return header;
  const fits = (r: Rule) => r.op === null || r.op === op;
  const rule = rules.find((r) => r.member === member && fits(r)) ?? rules.find((r) => r.member === null && fits(r));
  if (!rule) return 'ok';
  if (rule.times !== null) {
    rule.times -= 1;
    if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
  }
  return rule.mode;
}

/** Answers for a failure mode, or null to go on normally. */
async function misbehave(c: Context<AppEnv>, mode: Mode): Promise<Response | null> {
  if (mode === 'fail') return c.json({ error: 'simulated provider failure' }, 500);
  if (mode === 'timeout') {
    await new Promise((r) => setTimeout(r, SLEEP_MS));
    return c.json({ error: 'too late' }, 200);
  }
  if (mode === 'malformed') return c.body('{"valid_members_count": 1, "member": ', 200, { 'content-type': 'application/json' });
  return null;
}

const authorised = (c: Context<AppEnv>) => !c.env.SAVINGS_API_KEY || c.req.header('x-api-key') === c.env.SAVINGS_API_KEY;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const savingsSim = new Hono<AppEnv>()
  .get('/api/programs/:program/members/:member', async (c) => {
    if (!authorised(c)) return c.json({ error: 'bad api key' }, 401);
    const member = c.req.param('member');
    countCall(member, 'gets');
    const odd = await misbehave(c, modeFor(c, member, 'get'));
    if (odd) return odd;
    const found = members.get(member);
    return found ? c.json({ member: found.record }) : c.json({ error: 'no such member' }, 404);
  })
  .post('/api/programs/:program/import', async (c) => {
    if (!authorised(c)) return c.json({ error: 'bad api key' }, 401);
    const body = await c.req.json().catch(() => null);
    const list: Record<string, unknown>[] = Array.isArray(body?.import?.members) ? body.import.members : [];
    const first = String(list[0]?.member_customer_identifier ?? '');
    for (const m of list) countCall(String(m.member_customer_identifier ?? ''), 'imports');
    const odd = await misbehave(c, modeFor(c, first, 'import'));
    if (odd) return odd;
    let valid = 0;
    for (const m of list) {
      const id = m.member_customer_identifier;
      if (typeof id !== 'string' || !id || m.member_status !== 'OPEN' || typeof m.email_address !== 'string') continue;
      const prior = members.get(id);
      members.set(id, { record: { ...m, program_customer_identifier: c.req.param('program') }, imports: (prior?.imports ?? 0) + 1 });
      valid += 1;
    }
    return c.json([{ valid_members_count: valid }]);
  })
  .get('/director', (c) => {
    const cvt = c.req.query('cvt') ?? '';
    const shown = /^[0-9a-f]{64}$/.test(cvt) ? cvt : '';
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Daily savings</title></head>
<body><main><h1>Daily savings</h1>
<p>${shown ? 'Welcome, member. Today\u2019s savings are ready.' : 'This link has no valid member token.'}</p>
<p>Member token (cvt): <code data-testid="cvt">${escapeHtml(shown)}</code></p></main></body></html>`);
  })
  /** Test control: { mode, member?, op?, times? } makes the next calls (get or import) about `member` (or every member) misbehave. */
  .post('/control', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: Mode; member?: string; op?: Op; times?: number };
    const mode = body.mode ?? 'ok';
    if (!['ok', 'fail', 'timeout', 'malformed'].includes(mode)) return c.json({ error: 'mode is ok, fail, timeout or malformed' }, 400);
    const member = typeof body.member === 'string' && body.member ? body.member : null;
    const op = body.op === 'get' || body.op === 'import' ? body.op : null;
    rules = rules.filter((r) => r.member !== member || (op !== null && r.op !== op));
    if (mode !== 'ok') rules.unshift({ mode, member, op, times: typeof body.times === 'number' && body.times > 0 ? body.times : null });
    return c.json({ rules });
  })
  /** Forgets the rules, and the members too (one member when `member` is given). */
  .post('/reset', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { member?: string };
    if (body.member) {
      rules = rules.filter((r) => r.member !== body.member);
      members.delete(body.member);
      calls.delete(body.member);
    } else {
      rules = [];
      members.clear();
      calls.clear();
    }
    return c.json({ ok: true });
  })
  .get('/state', (c) => {
    const member = c.req.query('member') ?? '';
    const found = members.get(member);
    return c.json({ exists: Boolean(found), imports: found?.imports ?? 0, calls: calls.get(member) ?? { gets: 0, imports: 0 }, record: found?.record ?? null });
  });
