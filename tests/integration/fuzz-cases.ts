// The fuzz gate's requests (tests/integration/fuzz.test.ts): for each route of the route table, FUZZ_RUNS inputs derived
// from its zod schema and FUZZ_HOSTILE hostile ones, as fast-check samples from one seed. Decision 0007 says why these
// numbers.
import fc from 'fast-check';
import { hostileBodies, hostileQueries, hostileSegments, nastyString, schemaInputs, type RawBody } from './gates-arbitrary';
import { ACME } from './gates-fixtures';
import { pathOf, type RouteSpec } from './route-table';

/**
 * Schema-derived inputs per route that takes input: each reaches the route's own code. Every run draws them from a new
 * seed (logged), so successive CI runs cover new inputs; a deeper local run is one variable away.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/**
 * Hostile inputs per route. Every route reads its input through the same declaration (docs/decisions/0054), so most of
 * them are refused by that one front door: fewer per route, each route still gets every family.
 */
export const HOSTILE = Number(process.env.FUZZ_HOSTILE ?? 50);
/** Schema-side requests for a route without input: they differ only by session and host. */
export const NO_INPUT_RUNS = 20;
/** One request of the gate, as sent. */
export interface Case {
  kind: string;
  path: string;
  rawBody?: string | Buffer;
  contentType?: string;
  signedIn: boolean;
  host: string;
  headers: Record<string, string>;
}

const byWeight = <T>(...pairs: [number, T][]) => fc.oneof(...pairs.map(([weight, v]) => ({ weight, arbitrary: fc.constant(v) })));

const enc = (s: string) => encodeURIComponent(s.toWellFormed());

/** A query string from a generated value (arrays repeat the key, objects go as JSON, as a careless client would send). */
function toQuery(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${enc(JSON.stringify(value) ?? '')}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) parts.push(`${enc(k)}=${enc(one === null ? '' : typeof one === 'object' ? JSON.stringify(one) : String(one))}`);
  }
  return parts.join('&');
}

/** Header noise a hostile client adds: forged cookies and tokens, odd addresses, conditional requests. */
const headerNoise: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: nastyString.map((s) => ({ cookie: `userToken=${enc(s)}; userData=${enc(s)}` })) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((t) => ({ authorization: `Bearer ${t}` })) },
  { weight: 1, arbitrary: nastyString.map((s) => ({ authorization: `Bearer ${enc(s)}` })) },
  { weight: 1, arbitrary: fc.constantFrom('::1', '999.1.1.1', 'not-an-ip', '', '1.1.1.1, 2.2.2.2').map((ip) => ({ 'x-forwarded-for': ip })) },
  { weight: 1, arbitrary: fc.constantFrom('*', '"x"', 'W/"abc"', ',,,').map((t) => ({ 'if-none-match': t })) },
  { weight: 1, arbitrary: fc.constantFrom('text/html', '*/*', 'application/json', 'x').map((a) => ({ accept: a })) },
);

/** How many requests a route gets at most (fewer when its input space is small: each distinct request goes once). */
export const runsOf = (route: RouteSpec) => (route.schema || route.params ? RUNS : NO_INPUT_RUNS) + HOSTILE;

export function casesFor(route: RouteSpec, seed: number): Case[] {
  const bodyRoute = route.method !== 'GET';
  const withSession = route.session !== 'none' && !route.endsSession;
  const signedIn = route.endsSession ? fc.constant(false) : withSession ? byWeight([4, true], [1, false]) : byWeight([1, true], [9, false]);
  const host = route.dev || route.session === 'agent' || route.session === 'admin' || route.session === 'marketing' ? fc.constant('localhost') : byWeight([9, 'localhost'], [1, ACME]);
  const goodParams = route.params ? fc.record(route.params) : fc.constant({});
  const badParams = route.params ? fc.record(Object.fromEntries(Object.keys(route.params).map((k) => [k, hostileSegments]))) : fc.constant({});
  const queryKeys = route.schema && (route.schema as any)._zod.def.shape ? Object.keys((route.schema as any)._zod.def.shape) : [];

  const fromSchema = fc.record({
    params: goodParams,
    input: route.schema ? schemaInputs(route.schema, route.hints) : fc.constant(undefined),
    signedIn,
    host,
  }).map(({ params, input, signedIn, host }): Case => {
    const path = pathOf(route, params);
    if (!bodyRoute) return { kind: 'schema', path: input === undefined ? path : `${path}?${toQuery(input)}`, signedIn, host, headers: {} };
    return { kind: 'schema', path, rawBody: input === undefined ? undefined : JSON.stringify(input), contentType: 'application/json', signedIn, host, headers: {} };
  });

  const hostile = fc.record({
    params: route.params ? fc.oneof(goodParams, badParams) : fc.constant({}),
    body: bodyRoute ? hostileBodies : fc.constant<RawBody | null>(null),
    query: bodyRoute ? fc.option(hostileQueries(queryKeys), { freq: 5 }) : hostileQueries(queryKeys),
    noise: headerNoise,
    signedIn,
    host,
  }).map(({ params, body, query, noise, signedIn, host }): Case => ({
    kind: body ? `hostile:${body.kind}` : 'hostile:query',
    path: `${pathOf(route, params)}${query ? `?${query}` : ''}`,
    rawBody: body?.body,
    contentType: body ? (body.contentType ?? 'application/json') : undefined,
    signedIn,
    host,
    headers: noise,
  }));

  return distinct([...fc.sample(fromSchema, { numRuns: runsOf(route) - HOSTILE, seed }), ...fc.sample(hostile, { numRuns: HOSTILE, seed: seed + 1 })]);
}

/**
 * Each request once: a route whose input space is small (an id in the path, an enum) draws the same request many times
 * over (a quarter of all samples, measured over the route table), and sending it again proves nothing new.
 */
function distinct(cases: Case[]): Case[] {
  const seen = new Set<string>();
  return cases.filter((c) => {
    const body = c.rawBody;
    const key = JSON.stringify([c.path, typeof body === 'string' || body === undefined ? body : body.toString('base64'), c.contentType, c.signedIn, c.host, c.headers]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

