// Reading request input through the contract's zod schemas: every refusal is the contract's 400.
import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest, issuesOf, NOT_JSON } from './errors';

/** Parses the JSON body (an empty body counts as {}) with `schema`. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw NOT_JSON();
    }
  }
  return parseWith(schema, raw);
}

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = issuesOf(result.error);
    const first = issues[0];
    throw badRequest(first ? `Invalid ${first.path || 'request'}: ${first.message}` : 'Invalid request', issues);
  }
  return result.data;
}
