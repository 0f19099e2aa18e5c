// The contract's error shape (docs/contract.md#conventions) and the one error type routes throw to produce it.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { messageKeyOf } from '../src/shared/i18n/message-keys';

const ERROR_CODES = [
  'BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'TOO_MANY_REQUESTS', 'UPSTREAM_FAILED', 'INTERNAL',
  // A booking's 409s (docs/contract.md#rooms-rates-and-availability): the rate's price moved, or no room is left.
  'PRICE_CHANGED', 'SOLD_OUT',
  // An unpaid booking's payment session has run out (docs/contract.md#unpaid-bookings): book again.
  'BOOKING_EXPIRED',
  // The org requires a second factor of its admins and agents and this account has none yet (docs/decisions/0067).
  'SECOND_FACTOR_REQUIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Issue { path: string; message: string }

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
    /** What the caller needs to act on the refusal (a PRICE_CHANGED's new total and rate_id), sent as `error.data`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new ApiError(400, 'BAD_REQUEST', message, issues);
export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message);
export const unauthorized = (message = 'Please sign in') => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
/** A request body that is not JSON. */
export const NOT_JSON = () => badRequest('The request body is not valid JSON', [{ path: '', message: 'Malformed JSON' }]);
/** A 400 naming the one field at fault. */
export const refuse = (path: string, message: string) => badRequest(message, [{ path, message }]);

export function issuesOf(error: z.ZodError, prefix = ''): Issue[] {
  return error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

/** The error body every refusal shares (the OpenAPI document's one error component). */
export const ErrorBodySchema = z.object({
  status: z.literal('failed'),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** The label that says the message in the page's language, when it is one of the product's own texts. */
    key: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string(), key: z.string().optional() })).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** A message with the key of its label, when it has one (src/shared/i18n/message-keys.ts). */
const keyed = <M extends { message: string }>(m: M): M & { key?: string } => {
  const key = messageKeyOf(m.message);
  return key ? { ...m, key } : m;
};

export function errorBody(code: ErrorCode, message: string, issues?: Issue[], data?: Record<string, unknown>) {
  return {
    status: 'failed' as const,
    error: { ...keyed({ code, message }), ...(issues?.length ? { issues: issues.map(keyed) } : {}), ...(data ? { data } : {}) },
  };
}

export function sendError(c: Context, err: ApiError) {
  for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  return c.json(errorBody(err.code, err.message, err.issues, err.data), err.status);
}
