// fast-check arbitraries for the quality gates: values derived from a zod 4 schema (biased towards valid, then
// mutated), and hostile inputs that owe nothing to any schema (arbitrary JSON, wrong types, huge, deep, broken bytes).
import fc from 'fast-check';
import type { z } from 'zod';

/** Per-field arbitraries that replace what the schema alone would give (dotted path → arbitrary). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: any;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def);

const TODAY = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** Calendar days near today: most land inside booking windows, some in the past or far ahead. */
export const nearDay = fc
  .integer({ min: -5, max: 120 })
  .map((d) => new Date(TODAY + d * 86_400_000).toISOString().slice(0, 10));
const anyDay = fc.date({ min: new Date('1999-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Strings a person could type anywhere: every plane of unicode, controls, RTL marks, quotes and SQL/HTML metacharacters. */
export const nastyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', '\u202e\u202d', '🏨🧳✈️',
    'Ω≈ç√∫', '\ud800', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '{}', '[]', '__proto__', 'constructor', ' ', '\t\n', 'ÅÄÖ',
    'ﷺ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'a'.repeat(300),
  ),
);

/** A value derived from `schema`: valid as far as the schema's shape, bounds, enums and patterns go. */
export function fromSchema(schema: z.ZodType, hints: Hints = {}, path = ''): fc.Arbitrary<unknown> {
  if (hints[path]) return hints[path]!;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'object':
      return objectOf(def, hints, path);
    case 'array': {
      const checks = checksOf(def);
      const exact = checks.find((c) => c.check === 'length_equals')?.length;
      const min = exact ?? checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = exact ?? Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 4, min + 4);
      return fc.array(fromSchema(def.element, hints, `${path}[]`), { minLength: min, maxLength: max });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((s, i) => fromSchema(s, hints, `${path}[${i}]`)));
    case 'record':
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__'),
        fromSchema(def.valueType, hints, `${path}.*`),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((s) => fromSchema(s, hints, path)));
    case 'intersection':
      return fc.tuple(fromSchema(def.left, hints, path), fromSchema(def.right, hints, path)).map(([a, b]) =>
        a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a,
      );
    case 'optional':
      return fc.option(fromSchema(def.innerType, hints, path), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(fromSchema(def.innerType, hints, path), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fromSchema(def.innerType, hints, path);
    case 'pipe': {
      // z.preprocess(fn, S) is a pipe from a transform into S: generate for S. Otherwise the input side decides.
      const inner = defOf(def.in).type === 'transform' ? def.out : def.in;
      return fromSchema(inner, hints, path);
    }
    case 'lazy':
      return fromSchema(def.getter(), hints, path);
    case 'never':
      return fc.constant(undefined);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  const min = exact ?? Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0));
  const max = exact ?? Math.min(...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? Infinity), Infinity);
  const formats = [...(def.format ? [{ format: def.format as string, pattern: def.pattern as RegExp | undefined }] : []), ...checks.filter((c) => c.check === 'string_format')];
  let base: fc.Arbitrary<string>;
  const f = formats[0];
  if (f?.format === 'email') base = fc.emailAddress().map((e) => e.slice(0, 254));
  else if (f?.format === 'date') base = fc.oneof({ arbitrary: nearDay, weight: 4 }, { arbitrary: anyDay, weight: 1 });
  else if (f?.format === 'datetime') base = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (f?.format === 'uuid' || f?.format === 'guid') base = fc.uuid();
  else if (f?.format === 'url') base = fc.webUrl();
  else if (f?.pattern) base = matching(f.pattern);
  else base = fc.oneof({ arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 30) }), weight: 3 }, { arbitrary: nastyString, weight: 1 });
  return base.map((s) => (Number.isFinite(max) ? s.slice(0, max) : s));
}

/** Strings matching a pattern; patterns fast-check cannot read (unicode classes) fall back to letters. */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return fc.string({ unit: fc.constantFrom(...'AbcDéfGhïjkLmnÖpqRsTüvwXyz'.split('')), minLength: 1, maxLength: 20 });
  }
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const int = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  let min = -1e9;
  let max = 1e9;
  for (const c of checks) {
    if (c.check === 'greater_than') min = Math.max(min, (c.value ?? 0) + (c.inclusive ? 0 : int ? 1 : 1e-6));
    if (c.check === 'less_than') max = Math.min(max, (c.value ?? 0) - (c.inclusive ? 0 : int ? 1 : 1e-6));
  }
  if (int) {
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    // Small ids are the interesting ones: they name real rows.
    return fc.oneof({ arbitrary: fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 50) }), weight: 3 }, { arbitrary: fc.integer({ min: lo, max: hi }), weight: 1 });
  }
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) }),
  );
}

function objectOf(def: Def, hints: Hints, path: string): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, z.ZodType>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const p = path ? `${path}.${key}` : key;
    model[key] = fromSchema(field, hints, p);
    const t = defOf(field).type;
    if (!['optional', 'default', 'prefault', 'never'].includes(t)) required.push(key);
  }
  return fc.record(model, { requiredKeys: required }).map((o) => {
    // Keys whose value came out undefined are left out, as JSON would.
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
    return out;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations: one small change to an otherwise valid value reaches the checks behind the first one.

type Mutation = { op: 'drop' | 'replace' | 'extra' | 'huge' | 'wrap'; at: number; value: unknown };

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.1),
  nastyString,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('drop', 'replace', 'replace', 'extra', 'huge', 'wrap'),
  at: fc.nat(),
  value: wrongValue,
});

/** Every container path and leaf path of a JSON value (paths as key lists). */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function applyMutation(value: unknown, m: Mutation): unknown {
  const copy = structuredClone(value);
  const paths = pathsOf(copy);
  const path = paths[m.at % paths.length]!;
  if (path.length === 0) {
    if (m.op === 'extra' && copy && typeof copy === 'object' && !Array.isArray(copy)) return { ...copy, ['x_' + String(m.at % 97)]: m.value };
    return m.op === 'wrap' ? [copy] : m.value;
  }
  const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], copy);
  const key = path[path.length - 1]!;
  if (m.op === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (m.op === 'huge') {
    parent[key] = 'é𝔘'.repeat(2000) + String(parent[key]);
  } else if (m.op === 'wrap') {
    parent[key] = [parent[key]];
  } else if (m.op === 'extra' && parent && typeof parent === 'object' && !Array.isArray(parent)) {
    parent[`${String(key)}_extra`] = m.value;
  } else {
    parent[key] = m.value;
  }
  return copy;
}

/** Valid-looking values from the schema, a third of them with one mutation. */
export function schemaInputs(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema, hints);
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: fc.tuple(valid, mutation).map(([v, m]) => applyMutation(v, m)), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile request bodies: each is the raw bytes sent and the content type claimed.

export interface RawBody {
  kind: string;
  body: string | Buffer;
  contentType?: string;
}

const deep = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

export const hostileBodies: fc.Arbitrary<RawBody> = fc.oneof(
  { arbitrary: fc.json({ maxDepth: 4 }).map((body) => ({ kind: 'json', body })), weight: 5 },
  {
    arbitrary: fc
      .anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withUnicodeString: true })
      .map((v) => ({ kind: 'anything', body: JSON.stringify(v) ?? '' })),
    weight: 4,
  },
  { arbitrary: wrongValue.map((v) => ({ kind: 'wrong-type', body: JSON.stringify(v) })), weight: 2 },
  {
    arbitrary: fc.record({ n: fc.integer({ min: 60 * 1024, max: 80 * 1024 }), ch: fc.constantFrom('a', 'é', '😀', '\\u0000', ' ') }).map(({ n, ch }) => ({
      kind: 'huge',
      body: `{"x":"${ch.repeat(Math.ceil(n / Math.max(1, Buffer.byteLength(ch))))}"}`,
    })),
    weight: 1,
  },
  {
    arbitrary: fc.record({ depth: fc.integer({ min: 100, max: 30_000 }), obj: fc.boolean() }).map(({ depth, obj }) => ({
      kind: 'deep',
      body: obj ? deep(depth, '{"a":', '}') : deep(depth, '[', ']'),
    })),
    weight: 1,
  },
  {
    arbitrary: fc.oneof(
      fc.json().map((j) => j.slice(0, Math.max(1, Math.floor(j.length / 2)))),
      fc.constantFrom('{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'NaN', 'undefined', '\ufeff{}', '{"a":1}{"b":2}', '{"__proto__":{"admin":true}}', '{"a":"\ud800"}'),
      fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b)),
    ).map((body) => ({ kind: 'malformed', body })),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.json({ maxDepth: 2 }), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx', '')).map(
      ([body, contentType]) => ({ kind: 'content-type', body, contentType }),
    ),
    weight: 1,
  },
);

const enc = (s: string) => encodeURIComponent(s.toWellFormed());

/** Query strings that owe nothing to the schema: known keys with odd values, unknown keys, repeated keys, bad escapes. */
export function hostileQueries(knownKeys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...(knownKeys.length ? knownKeys : ['q'])), fc.string({ maxLength: 8 }));
  const value = fc.oneof(nastyString, fc.integer().map(String), fc.double().map(String), fc.constantFrom('%ZZ', '%', '%%', '%E0%A4%A', '+', '&', '=', '[]', '..', 'a'.repeat(5000)));
  return fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 }).map((pairs) =>
    pairs.map(([k, v, raw]) => (raw ? `${enc(k)}=${v}` : `${enc(k)}=${enc(v)}`)).join('&'),
  );
}

/** Path segments for an `:id`: numbers of every size and sign, words, escapes, traversal. */
export const hostileSegments = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '9007199254740993', '99999999999999999999', 'NaN', 'null', 'abc', '%2e%2e', '..%2F..', '%00', '%ZZ', '%F0%9F%98%80', ' 1', '0x10'),
  fc.string({ maxLength: 12 }).map(enc),
);
