// The OpenAPI 3.1 document of the app, generated from its route declarations (docs/decisions/0054-one-declaration-per-route.md):
// every route is declared once with createRoute (functions/http/route.ts), and the mounted routers' registries make
// the document; this adds each operation's area tag, an operation id, the shared error reply by reference and a 400
// wherever input is read.
import { z } from 'zod';
import { ErrorBodySchema } from '../errors';

/** A reply of the contract's `{ data: … }` form. */
export const dataOf = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

const PARAM = /:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g;
/** Hono's `/things/:id` as OpenAPI's `/things/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(PARAM, '{$1}');

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_REF = { $ref: '#/components/responses/Error' };

export interface OpenApiOptions {
  title: string;
  version: string;
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; tags?: string[] };

/** The area a path belongs to (its tag): /api/<area>/…, /r, /go, /_sim/<party>. */
const areaOf = (path: string) => path.split('/').filter(Boolean)[path.startsWith('/api/') || path.startsWith('/_sim/') ? 1 : 0] ?? 'api';
const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${openApiPath(path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`;

/** The OpenAPI 3.1 document of every route the app declares. */
export function openApiDocument(app: { getOpenAPI31Document: (config: { openapi: string; info: { title: string; version: string } }) => unknown }, options: OpenApiOptions) {
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
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      ...declared.components,
      schemas: { ...declared.components?.schemas, Error: jsonSchema(ErrorBodySchema) },
      responses: {
        Error: {
          description: 'Refused: bad input (400, with the issues), no session (401), wrong role or org (403), unknown thing (404), conflict (409), too many attempts (429, Retry-After), an upstream failure (502/503)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
