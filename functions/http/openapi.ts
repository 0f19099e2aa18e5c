// The OpenAPI 3.1 document of the app, generated from its routes (docs/decisions/0021-openapi-from-routes.md): a route
// describes itself with one `doc({ … })` middleware naming the zod schemas its handler already uses, and the document
// is built from `app.routes`, so a route without one still appears (with its path parameters and the error replies).
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ErrorBodySchema } from '../errors';

export interface RouteDoc {
  summary?: string;
  /** The JSON request body the handler parses. */
  body?: z.ZodType;
  /** The query string the handler parses. */
  query?: z.ZodType;
  /** The success reply (200 unless `status` says otherwise; a 3xx is a redirect without a body). */
  reply?: z.ZodType;
  status?: number;
  /** The success reply's media type when it is not JSON (a stylesheet, an HTML page). */
  media?: string;
  /** Other documented answers that are not the shared error body, by status. */
  also?: Record<number, z.ZodType>;
  /** Present only with ENVIRONMENT=development. */
  devOnly?: boolean;
}

const DOC = Symbol('route-doc');
type Documented = MiddlewareHandler & { [DOC]?: RouteDoc };

/** A reply of the contract's `{ data: … }` form. */
export const dataOf = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

/** Describes the route for the OpenAPI document; does nothing to the request. */
export function doc(d: RouteDoc): MiddlewareHandler {
  const describe: Documented = async (_c, next) => next();
  describe[DOC] = d;
  return describe;
}

/** The parts of Hono's `app.routes` entries read here. */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** Hono wraps a sub-app's handlers when the sub-app has its own error handler; the original is kept under this key. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

function docOfHandler(handler: unknown): RouteDoc | undefined {
  const h = handler as Documented & { [COMPOSED_HANDLER]?: Documented };
  return h[DOC] ?? h[COMPOSED_HANDLER]?.[DOC];
}

/** Middleware (`use`) is registered for every method; it is not an operation. */
const isOperation = (r: RouteEntry) => r.method !== 'ALL';

/** The routes' own descriptions, merged per method and path (a route has one `doc`, registered once). */
export function routeDocs(routes: readonly RouteEntry[]): Map<string, RouteDoc> {
  const docs = new Map<string, RouteDoc>();
  for (const r of routes.filter(isOperation)) {
    const key = `${r.method} ${r.path}`;
    docs.set(key, { ...docs.get(key), ...docOfHandler(r.handler) });
  }
  return docs;
}

const PARAM = /:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g;
export const openApiPath = (honoPath: string) => honoPath.replace(PARAM, '{$1}');
const paramNames = (honoPath: string) => [...honoPath.matchAll(PARAM)].map((m) => m[1]!);

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const js = jsonSchema(schema, 'input');
  const properties = (js.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

const ERROR_REF = { $ref: '#/components/responses/Error' };
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function operation(method: string, path: string, d: RouteDoc) {
  const parameters = [
    ...paramNames(path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(d.query ? queryParameters(d.query) : []),
  ];
  const status = d.status ?? 200;
  const reply = d.reply ? jsonSchema(d.reply, 'output') : {};
  const success =
    status >= 300 && status < 400
      ? { description: 'Redirect (Location)' }
      : { description: 'Success', content: d.media ? { [d.media]: { schema: reply } } : json(reply) };
  const responses: Record<string, unknown> = { [status]: success };
  for (const [code, schema] of Object.entries(d.also ?? {})) responses[code] = { description: 'Also answered', content: json(jsonSchema(schema, 'output')) };
  const body = method === 'GET' || method === 'HEAD' ? undefined : d.body;
  if (parameters.length || body) responses['400'] ??= ERROR_REF;
  responses.default = ERROR_REF;
  return {
    operationId: operationIdOf(method, path),
    tags: [areaOf(path)],
    ...(d.summary ? { summary: d.summary } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: false, content: json(jsonSchema(body, 'input')) } } : {}),
    responses,
    ...(d.devOnly ? { 'x-development-only': true } : {}),
  };
}

export interface OpenApiOptions {
  title: string;
  version: string;
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; tags?: string[] };

/** The area a path belongs to (its tag): /api/<area>/…, /r, /_sim/<party>. */
const areaOf = (path: string) => path.split('/').filter(Boolean)[path.startsWith('/api/') || path.startsWith('/_sim/') ? 1 : 0] ?? 'api';
const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${openApiPath(path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`;

/**
 * The OpenAPI 3.1 document of the app: every route declared with createRoute (functions/http/route.ts), each with its
 * area's tag, an operation id and a 400 wherever it reads input; a route still described by `doc()` is added from
 * `app.routes` (docs/decisions/0054).
 */
export function openApiDocument(app: { routes: readonly RouteEntry[]; getOpenAPI31Document: (config: { openapi: string; info: { title: string; version: string } }) => unknown }, options: OpenApiOptions) {
  const declared = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: options.title, version: options.version } }) as {
    paths?: Record<string, Record<string, Operation>>;
    components?: Record<string, Record<string, unknown>>;
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(declared.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const reads = Boolean(op.requestBody) || (Array.isArray(op.parameters) && op.parameters.length > 0);
      const responses = { ...op.responses, ...(reads && !op.responses['400'] ? { 400: ERROR_REF } : {}), default: ERROR_REF };
      (paths[path] ??= {})[method] = { operationId: operationIdOf(method, path), tags: [areaOf(path)], ...op, responses };
    }
  }
  for (const [key, d] of routeDocs(app.routes)) {
    const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    if (path.endsWith('/*')) continue;
    const at = openApiPath(path);
    if (paths[at]?.[method.toLowerCase()]) continue;
    (paths[at] ??= {})[method.toLowerCase()] = operation(method, path, d);
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      ...declared.components,
      schemas: { ...declared.components?.schemas, Error: jsonSchema(ErrorBodySchema, 'output') },
      responses: {
        Error: {
          description: 'Refused: bad input (400, with the issues), no session (401), wrong role or org (403), unknown thing (404), conflict (409), too many attempts (429, Retry-After), an upstream failure (502/503)',
          content: json({ $ref: '#/components/schemas/Error' }),
        },
      },
    },
  };
}
