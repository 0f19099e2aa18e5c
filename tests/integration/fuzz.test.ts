// The fuzz gate: every route of the route table gets FUZZ_RUNS inputs derived from its zod schema and FUZZ_HOSTILE
// hostile ones (JSON, bytes, queries, path segments and headers) over real HTTP; none may get a 5xx, every refusal must
// be in the contract's shape, and a batch of refused requests must leave every table as it was. A route that takes no
// input gets a few schema-side requests only (they differ by session and host alone). Decision 0007 says why these
// numbers.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { casesFor, HOSTILE, runsOf, type Case } from './fuzz-cases';
import { DbWatch } from './gates-db';
import { AGENTS, freshIp, passwordUser, ssoUser, type Session } from './gates-fixtures';
import { call, inGate } from './gates-http';
import { startGateServer, type GateServer } from './gates-server';
import type { Reply } from './helpers';
import { routeName, ROUTES, type RouteSpec } from './route-table';

const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ONLY = (process.env.FUZZ_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
export const FUZZ_EMAIL = 'gate-fuzz@example.com';
/** The console's routes are fuzzed as the seeded admin of org 1. */
const ADMIN = { email: 'admin@example.com', password: 'Admin1!pass' };

const LANES = Math.max(1, Number(process.env.FUZZ_LANES ?? 2));

/** A Worker of its own with the fuzz sessions on it; routes take turns on the lanes, one route per lane at a time. */
interface Lane {
  gate: GateServer;
  watch: DbWatch;
  user: Session;
  agent: Session;
  admin: Session;
  busy: Promise<void>;
}
const lanes: Lane[] = [];
/** Every server started, stopped at the end even when a lane's setup failed. */
const servers: GateServer[] = [];
const summary: { route: string; runs: number; statuses: Record<number, number>; seconds: number }[] = [];

beforeAll(async () => {
  // One after the other: two wrangler dev processes starting together on one build step on each other.
  for (let i = 0; i < LANES; i++) {
    // The savings simulator is served by the same Worker, which this load keeps busy: it may take longer than the
    // provider's 3 s, which the faults gate tests on its own.
    const gate = await startGateServer(`fuzz${i}`, { vars: { SAVINGS_TIMEOUT_MS: '20000' } });
    servers.push(gate);
    await inGate(gate.origin, async () => {
      const [user, agent, admin] = [
        await ssoUser('localhost', FUZZ_EMAIL, ['Fuzz', 'Tester']),
        await passwordUser(AGENTS.two.email, AGENTS.two.password),
        await passwordUser(ADMIN.email, ADMIN.password),
      ];
      lanes.push({ gate, watch: DbWatch.open(gate.persistTo), user, agent, admin, busy: Promise.resolve() });
    });
  }
  // Each lane prepares its own database (migrations, the seed with a year of rooms and rates, its photographs): on a
  // loaded two-core machine that took over seven minutes for the two, so the limit leaves room for it.
}, 900_000);

afterAll(() => {
  for (const lane of lanes) lane.watch.close();
  for (const gate of servers) gate.stop();
  if (summary.length) {
    const total = summary.reduce((n, s) => n + s.runs, 0);
    const lines = summary.map((s) => `${s.route.padEnd(48)} ${String(s.runs).padStart(5)} runs ${s.seconds.toFixed(1).padStart(5)} s  ${JSON.stringify(s.statuses)}`);
    console.log(`fuzz gate (seed ${SEED}, ${LANES} lanes): ${total} requests over ${summary.length} routes\n${lines.join('\n')}`);
  }
});

/** Waits for the lane to be free, then runs `work` on it alone. */
async function onLane<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
  const previous = lane.busy;
  let release!: () => void;
  lane.busy = new Promise<void>((r) => (release = r));
  await previous;
  try {
    return await inGate(lane.gate.origin, work);
  } finally {
    release();
  }
}

/** Node refuses request paths with raw non-ASCII, spaces or controls: escape those, keep every other oddity as sent. */
const wireSafe = (path: string) =>
  path.replace(/[^\x21-\x7e]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%EF%BF%BD';
    }
  });

function send(lane: Lane, route: RouteSpec, c: Case): Promise<Reply> {
  const session = route.session === 'agent' ? lane.agent : route.session === 'admin' || route.session === 'marketing' ? lane.admin : lane.user;
  const headers: Record<string, string> = { 'cf-connecting-ip': freshIp(), ...c.headers };
  if (c.signedIn && c.host === 'localhost') headers.authorization = `Bearer ${session.token}`;
  if (c.contentType) headers['content-type'] = c.contentType;
  return call(wireSafe(c.path), { method: route.method, host: c.host, rawBody: c.rawBody, headers });
}

/** Runs `work` over `items` with at most `limit` in flight; answers in input order. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

/** A route that ends sessions (or a session that idled out) must not leave the next routes fuzzed signed out. */
async function ensureSessions(lane: Lane) {
  const alive = async (s: Session) => (await call('/api/auth/checkLogin', { body: {}, headers: { authorization: `Bearer ${s.token}` } })).json?.status === 'success';
  if (!(await alive(lane.user))) lane.user = await ssoUser('localhost', FUZZ_EMAIL, ['Fuzz', 'Tester']);
  if (!(await alive(lane.agent))) lane.agent = await passwordUser(AGENTS.two.email, AGENTS.two.password);
  if (!(await alive(lane.admin))) lane.admin = await passwordUser(ADMIN.email, ADMIN.password);
}

const isErrorShape = (j: any) =>
  j?.status === 'failed' && typeof j?.error?.code === 'string' && typeof j?.error?.message === 'string' && j.error.message.length > 0;

/** What is wrong with one answer, if anything. */
function problemsOf(route: RouteSpec, c: Case, r: Reply): string[] {
  const out: string[] = [];
  if (r.status >= 500 || r.status === 0) out.push(`answered ${r.status}${r.status === 0 ? ` (${r.text})` : `: ${r.text.slice(0, 200)}`}`);
  if (r.status === 0) return out;
  if (r.status === 429 && !route.limits?.length) out.push('429 from a route with no attempt limit in the route table');
  const h = r.headers;
  if (!h['strict-transport-security']) out.push('no Strict-Transport-Security');
  if (!String(h['content-security-policy'] ?? '').includes('frame-ancestors')) out.push('no CSP frame-ancestors');
  if (h['x-content-type-options'] !== 'nosniff') out.push('no nosniff');
  if (!h['referrer-policy']) out.push('no Referrer-Policy');
  const browserPage = route.htmlForBrowsers && (c.headers.accept ?? '').includes('text/html') && String(h['content-type']).startsWith('text/html');
  // Outside /api a path that leaves the route (a `..` segment resolved, a slug no link can have) is a page address,
  // answered with the site's own 404 page.
  const sitePage = !route.path.startsWith('/api/') && r.status === 404 && String(h['content-type']).startsWith('text/html');
  // A route that speaks its partner's wire format (OpenTravel XML) refuses in it: such a refusal is checked against it.
  const wire = route.wireRefusals && String(h['content-type'] ?? '').startsWith(route.wireRefusals.mediaType) ? route.wireRefusals : null;
  if (r.status >= 400 && !browserPage && !sitePage && wire) {
    if (!wire.isRefusal(r.text)) out.push(`refusal ${r.status} not in the route's own ${wire.mediaType} shape: ${r.text.slice(0, 160)}`);
  } else if (r.status >= 400 && !browserPage && !sitePage) {
    const documented = isErrorShape(r.json) || (route.refusals ?? []).some((s) => s.safeParse(r.json).success);
    if (!documented) out.push(`refusal ${r.status} not in the contract's shape: ${r.text.slice(0, 160)}`);
    if (!String(h['content-type'] ?? '').startsWith('application/json')) out.push(`refusal ${r.status} is not JSON (${h['content-type']})`);
  }
  return out;
}

const excerpt = (c: Case) => {
  const body = c.rawBody === undefined ? '' : Buffer.isBuffer(c.rawBody) ? `<${c.rawBody.length} bytes>` : c.rawBody.length > 200 ? `${c.rawBody.slice(0, 200)}… (${c.rawBody.length} chars)` : c.rawBody;
  const path = c.path.length > 200 ? `${c.path.slice(0, 200)}…` : c.path;
  return `${c.kind} ${c.host}${c.signedIn ? ' signed-in' : ''} ${path} ${body}`;
};

describe('fuzz gate: every route survives generated and hostile input', () => {
  const routes = ROUTES.filter((r) => ONLY.length === 0 || ONLY.some((o) => routeName(r).includes(o)));
  routes.forEach((route, position) => {
    const index = ROUTES.indexOf(route);
    // Concurrent tests, one route per lane at a time: the lanes' Workers keep both cores busy.
    it.concurrent(`${routeName(route)}: up to ${runsOf(route)} inputs, no 5xx, refusals in the contract's shape, nothing written by a refusal`, async ({ expect }) => {
      const lane = lanes[position % lanes.length]!;
      const { problems, statuses, seconds, checkSeconds, runs, seed } = await onLane(lane, () => fuzzRoute(lane, route, index));
      summary.push({ route: routeName(route), runs, statuses, seconds });
      console.log(`fuzz ${routeName(route)}: ${runs} runs in ${seconds.toFixed(1)} s (${checkSeconds.toFixed(1)} s of database checks) ${JSON.stringify(statuses)}`);
      const distinct = [...new Set(problems)];
      expect(distinct.slice(0, 12), `seed ${seed} (FUZZ_SEED=${SEED} FUZZ_ONLY='${routeName(route)}'), ${distinct.length} problem(s)`).toEqual([]);
      // Sending each distinct request once must not thin a route out: its hostile draws are nearly all distinct.
      expect(runs, 'distinct requests sent to the route').toBeGreaterThanOrEqual(HOSTILE / 2);
    }, 600_000);
  });
});

async function fuzzRoute(lane: Lane, route: RouteSpec, index: number) {
  const started = Date.now();
  const seed = SEED + index * 7919;
  const cases = casesFor(route, seed);
  const problems: string[] = [];
  const statuses: Record<number, number> = {};
  await ensureSessions(lane);
  // The database as it is before and after each batch is pinned (a read transaction, no scan) and signed only when the
  // whole batch was refused: signing scans every table, and most batches with an accepted request need no signature.
  let before = lane.watch.pin();
  let checkMs = 0;
  try {
    // Hostile inputs are nearly always refused: they go in larger batches. Schema-derived ones are often accepted, so
    // small batches keep most all-refused batches (the ones the database check can judge).
    for (let i = 0; i < cases.length; ) {
      const size = cases[i]!.kind === 'schema' ? CONCURRENCY : CONCURRENCY * 4;
      const batch = cases.slice(i, i + size);
      i += batch.length;
      const replies = await pool(batch, CONCURRENCY, (c) => send(lane, route, c).catch((err): Reply => ({ status: 0, headers: {}, text: String(err), json: undefined, cookies: [] })));
      const after = lane.watch.pin();
      replies.forEach((r, k) => {
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        for (const p of problemsOf(route, batch[k]!, r)) problems.push(`${p}\n    input: ${excerpt(batch[k]!)}`);
      });
      if (replies.every((r) => r.status >= 400)) {
        const t = performance.now();
        const moved = DbWatch.changed(before.signature(), after.signature(), route.refusalWrites);
        checkMs += performance.now() - t;
        if (moved.length) problems.push(`refused requests changed ${moved.join(', ')}\n    inputs: ${batch.map(excerpt).join('\n            ')}`);
      }
      before.release();
      before = after;
    }
  } finally {
    before.release();
  }
  return { problems, statuses, seconds: (Date.now() - started) / 1000, checkSeconds: checkMs / 1000, runs: cases.length, seed };
}
