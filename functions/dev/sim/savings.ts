// Development simulator of the daily-savings provider API and its director page; it can be told to fail, time out or answer malformed JSON.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { access, createRoute, json, media, refusals, router } from '../../http/route';
import { EnrolmentRecord, ImportResult } from '../../../src/shared/contract/loyalty';
import { escapeHtml } from '../../../src/shared/rules/html-text';
import { readByHandler } from './wire';

const MODES = ['ok', 'fail', 'timeout', 'malformed'] as const;
type Mode = (typeof MODES)[number];
type Op = 'get' | 'import';
interface Rule { mode: Mode; member: string | null; op: Op | null; times: number | null }

/** A member as the provider keeps it: the imported record, in the program it was imported into. */
const SimMember = z.looseObject({ member_customer_identifier: z.string(), program_customer_identifier: z.string(), member_status: z.literal('OPEN'), email_address: z.string() });
type SimMember = z.infer<typeof SimMember>;

const SLEEP_MS = 4_000;
const members = new Map<string, { record: SimMember; imports: number }>();
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
  if (header && MODES.includes(header)) return header;
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

/** The members an import names, read as leniently as the provider reads them. */
async function importedMembers(c: Context<AppEnv>): Promise<Record<string, unknown>[]> {
  const body = await c.req.json().catch(() => null);
  return Array.isArray(body?.import?.members) ? body.import.members : [];
}

/**
 * The provider's side of an API call before its answer: the key checked, the call counted (the tests read the counts)
 * and the fault mode for its (first) member played, so the handler answers only in mode ok.
 */
const provider = (op: Op): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!authorised(c)) return c.json({ error: 'bad api key' }, 401);
  const named = op === 'get' ? [c.req.param('member') ?? ''] : (await importedMembers(c)).map((m) => String(m.member_customer_identifier ?? ''));
  for (const member of named) countCall(member, op === 'get' ? 'gets' : 'imports');
  const odd = await misbehave(c, modeFor(c, named[0] ?? '', op));
  return odd ?? next();
};

const ProviderError = z.object({ error: z.string() });
/** mode=timeout: the answer comes after the client has given up (4 s). */
const TooLate = z.object({ error: z.literal('too late') });
const RuleSchema = z.object({ mode: z.enum(MODES), member: z.string().nullable(), op: z.enum(['get', 'import']).nullable(), times: z.number().int().nullable() });
const ProgramParams = z.object({ program: z.string() });
const faults = {
  401: json(ProviderError, 'The API key is wrong'),
  500: json(ProviderError, 'mode=fail: the provider is down'),
} as const;
const malformed = ' (mode=malformed answers JSON cut short)';

const routes = {
  member: createRoute({
    method: 'get', path: '/api/programs/{program}/members/{member}', summary: 'The provider’s record of a member', ...access('dev'),
    middleware: [provider('get')] as const,
    request: { params: ProgramParams.extend({ member: z.string() }) },
    responses: {
      200: json(z.union([z.object({ member: SimMember }), TooLate]), `The member${malformed}`),
      404: json(ProviderError, 'No such member'),
      ...faults,
      ...refusals,
    },
  }),
  import: createRoute({
    method: 'post', path: '/api/programs/{program}/import', summary: 'Enrols members (those OPEN with an identifier and an email count as valid)', ...access('dev'),
    middleware: [provider('import')] as const,
    request: {
      params: ProgramParams,
      body: readByHandler('application/json', z.object({ import: z.object({ members: z.array(EnrolmentRecord) }) }), 'The members to enrol; the provider skips what it cannot read'),
    },
    responses: { 200: json(z.union([ImportResult, TooLate]), `How many members were valid${malformed}`), ...faults, ...refusals },
  }),
  director: createRoute({
    method: 'get', path: '/director', summary: 'The provider’s page a member lands on, with the member token', ...access('dev'),
    request: { query: z.object({ cvt: z.string().optional() }) },
    responses: { 200: media('text/html', z.string()), ...refusals },
  }),
  control: createRoute({
    method: 'post', path: '/control', summary: 'Test hook: makes the next calls (get or import) about a member, or every member, misbehave', ...access('dev'),
    request: {
      body: readByHandler('application/json', z.object({ mode: z.enum(MODES).optional(), member: z.string().optional(), op: z.enum(['get', 'import']).optional(), times: z.number().int().positive().optional() }), 'The mode (ok clears the rule), for whom, for which call and how many times'),
    },
    responses: { 200: json(z.object({ rules: z.array(RuleSchema) })), 400: json(ProviderError, 'An unknown mode'), ...refusals },
  }),
  reset: createRoute({
    method: 'post', path: '/reset', summary: 'Test hook: forgets the rules and the members (one member when named)', ...access('dev'),
    request: { body: readByHandler('application/json', z.object({ member: z.string().optional() }), 'The member to forget, else everything') },
    responses: { 200: json(z.object({ ok: z.literal(true) })), ...refusals },
  }),
  state: createRoute({
    method: 'get', path: '/state', summary: 'Test hook: what the provider holds and has been asked about a member', ...access('dev'),
    request: { query: z.object({ member: z.string().optional() }) },
    responses: {
      200: json(z.object({ exists: z.boolean(), imports: z.number().int(), calls: z.object({ gets: z.number().int(), imports: z.number().int() }), record: SimMember.nullable() })),
      ...refusals,
    },
  }),
};

export const savingsSim = router()
  .openapi(routes.member, (c) => {
    const found = members.get(c.req.valid('param').member);
    return found ? c.json({ member: found.record }, 200) : c.json({ error: 'no such member' }, 404);
  })
  .openapi(routes.import, async (c) => {
    let valid = 0;
    for (const m of await importedMembers(c)) {
      const id = m.member_customer_identifier;
      if (typeof id !== 'string' || !id || m.member_status !== 'OPEN' || typeof m.email_address !== 'string') continue;
      const prior = members.get(id);
      const record: SimMember = { ...m, member_customer_identifier: id, member_status: 'OPEN', email_address: m.email_address, program_customer_identifier: c.req.valid('param').program };
      members.set(id, { record, imports: (prior?.imports ?? 0) + 1 });
      valid += 1;
    }
    return c.json([{ valid_members_count: valid }], 200);
  })
  .openapi(routes.director, (c) => {
    const cvt = c.req.query('cvt') ?? '';
    const shown = /^[0-9a-f]{64}$/.test(cvt) ? cvt : '';
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Daily savings</title></head>
<body><main><h1>Daily savings</h1>
<p>${shown ? 'Welcome, member. Today\u2019s savings are ready.' : 'This link has no valid member token.'}</p>
<p>Member token (cvt): <code data-testid="cvt">${escapeHtml(shown)}</code></p></main></body></html>`, 200);
  })
  .openapi(routes.control, async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: Mode; member?: string; op?: Op; times?: number };
    const mode = body.mode ?? 'ok';
    if (!MODES.includes(mode)) return c.json({ error: 'mode is ok, fail, timeout or malformed' }, 400);
    const member = typeof body.member === 'string' && body.member ? body.member : null;
    const op = body.op === 'get' || body.op === 'import' ? body.op : null;
    rules = rules.filter((r) => r.member !== member || (op !== null && r.op !== op));
    if (mode !== 'ok') rules.unshift({ mode, member, op, times: typeof body.times === 'number' && body.times > 0 ? body.times : null });
    return c.json({ rules }, 200);
  })
  .openapi(routes.reset, async (c) => {
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
    return c.json({ ok: true as const }, 200);
  })
  .openapi(routes.state, (c) => {
    const member = c.req.query('member') ?? '';
    const found = members.get(member);
    return c.json({ exists: Boolean(found), imports: found?.imports ?? 0, calls: calls.get(member) ?? { gets: 0, imports: 0 }, record: found?.record ?? null }, 200);
  });
