// One declaration per route (docs/decisions/0054-one-declaration-per-route.md): a router is an OpenAPIHono whose routes are
// declared with createRoute; the declaration validates the request (the contract's 400 from defaultHook), documents the
// route in /api/openapi.json, types the islands' client and gives the quality gates their route table (`x-access`).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import type { Context, ValidationTargets } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { badRequest, ErrorBodySchema, issuesOf, notFound } from '../errors';

export { createRoute };

/**
 * Who may call a route, as the declaration says it (the security gate checks each against what the route does):
 * none: public; optional: works both ways; user: a signed-in account; agent: an agent account; admin: an org admin;
 * marketing: an org admin or marketer; webhook: an outside party signing its request; channel: a channel manager with
 * the HTTP Basic credentials an admin made for it (no session; the credentials name the org); dev: development only.
 */
export type Access = 'none' | 'optional' | 'user' | 'agent' | 'admin' | 'marketing' | 'webhook' | 'channel' | 'dev';

/** The declaration's `security` (for the document) and `x-access` (for the gates' table) from who may call it. */
export function access<A extends Access>(who: A): { security: Record<string, string[]>[]; 'x-access': A } {
  const security: Record<string, string[]>[] =
    who === 'none' || who === 'dev' || who === 'webhook' ? [] : who === 'channel' ? [{ channelBasic: [] }] : who === 'optional' ? [{}, { session: [] }] : [{ session: [] }];
  return { security, 'x-access': who };
}

/** A refusal of the declared input: the contract's 400, its message naming the first field at fault. */
export const refuseInput: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return;
  const issues = issuesOf(result.error as z.ZodError);
  const first = issues[0];
  throw badRequest(first ? `Invalid ${first.path || 'request'}: ${first.message}` : 'Invalid request', issues);
};

/**
 * The route's hook when its path names things: a path parameter its schema refuses names nothing there is, so it is
 * answered 404 as an unknown one, with `messages` (one for all, or one per parameter, the first refused in their
 * order: the product before its photo); any other input refused is the contract's 400. Generic in the route's input,
 * so the handler's types stay what the declaration makes them.
 */
export function unknownInPath(messages: string | Record<string, string>) {
  const messageFor = (refused: Set<string>) =>
    typeof messages === 'string' ? messages : (Object.entries(messages).find(([name]) => refused.has(name))?.[1] ?? Object.values(messages)[0]!);
  return <I, P extends string>(
    result: { target: keyof ValidationTargets } & ({ success: true; data: I } | { success: false; error: z.ZodError }),
    c: Context<AppEnv, P>,
  ): undefined => {
    if (!result.success && result.target === 'param') throw notFound(messageFor(new Set(result.error.issues.map((i) => String(i.path[0])))));
    return refuseInput(result, c);
  };
}

/** The request headers of an answer that may be 304: the ETag the caller already holds. */
export const RevalidationHeaders = z.object({ 'if-none-match': z.string().optional() });

/** A router of one area: its routes declared with createRoute, their input refused with the contract's 400. */
export const router = () => new OpenAPIHono<AppEnv>({ defaultHook: refuseInput });

/**
 * A JSON request body. Always validated, so an empty body is read as {} and checked like any other (the existing
 * client sends some requests without one; functions/app.ts reads an empty body as {}).
 */
export const body = <S extends z.ZodType>(schema: S) => ({ content: { 'application/json': { schema } }, required: true }) as const;

/** A JSON reply. */
export const json = <S extends z.ZodType>(schema: S, description = 'Success') => ({ content: { 'application/json': { schema } }, description }) as const;

/** A reply that is not JSON (a stylesheet, a CSV file, an image, a page): its media type and what it is. */
export const media = <M extends string, S extends z.ZodType>(type: M, schema: S, description = 'Success') =>
  ({ content: { [type]: { schema } } as { [K in M]: { schema: S } }, description }) as const;

/** A redirect: no body, the address in Location. */
export const redirect = (description = 'Redirect (Location)') => ({ description }) as const;

/** An answer without a body (204, 304). */
export const empty = (description = 'No content') => ({ description }) as const;

/** The refusals every route may answer: the contract's error shape. */
export const refusals = {
  default: json(ErrorBodySchema, 'Refused: bad input (400, with the issues), no session (401), wrong role or org (403), unknown thing (404), conflict (409), too many attempts (429, Retry-After), an upstream failure (502/503)'),
} as const;

/** A reply of the contract's `{ data: … }` form. */
export { dataOf } from './openapi';
