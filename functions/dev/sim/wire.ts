// What the simulators' declarations share (docs/decisions/0054-one-declaration-per-route.md): a body the simulator
// reads itself, as the other party does, and the reading of an empty JSON body as {} where the router validates one.
import type { MiddlewareHandler } from 'hono';
import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { emptyBodyIsEmptyObject, readBody } from '../../http/body';

type MediaObject = Extract<NonNullable<NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string]>, { schema?: unknown }>;
/** A JSON Schema object as the document takes it (zod's JSON Schema and OpenAPI 3.1's are the same dialect). */
type SchemaObject = Exclude<MediaObject['schema'], z.ZodType | { $ref: string } | undefined>;

/**
 * A request body the simulator reads and refuses itself, in the other party's words (a provider's own 400, a lenient
 * parse, the brackets of Stripe's form encoding): described in the document, not validated by the router, whose refusal
 * would be the contract's 400 instead of the provider's.
 */
export function readByHandler<M extends string>(type: M, schema: z.ZodType, description: string) {
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  const media: MediaObject = { schema: described as SchemaObject };
  return { description, content: { [type]: media } as Record<M, MediaObject>, required: false };
}

/** An empty body is read as {}, as under /api (functions/app.ts), where the router validates a declared JSON body. */
export const emptyBodyIsEmpty: MiddlewareHandler<AppEnv> = async (c, next) => {
  await readBody(c);
  await emptyBodyIsEmptyObject(c);
  await next();
};
