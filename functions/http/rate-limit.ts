// Attempt limits as one middleware: before the route does any work (a password check, a code lookup, a mail) it
// reserves one attempt under each of its limits in one atomic D1 statement, and answers the one 429 when any is
// spent; after the route it keeps, gives back or clears the attempt depending on the answer (docs/decisions/0012).
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { errorBody } from '../errors';
import { logEvent, reason } from '../log';
import { isRetryableDbError } from '../db/retry';
import { fullClaims, reserveStatement, settleStatement, type Claim, type Limit, type Settlement } from '../db/rate-limits';
import { clientIp } from './request';
import { currentUser } from './session';
import { MSG } from '../../src/shared/contract/auth';

export type { Limit } from '../db/rate-limits';

const MINUTE = 60_000;

/** Every attempt limit of the API, by what it protects (numbers and windows: docs/decisions/0012). */
export const LIMITS = {
  signInEmail: { bucket: 'signin-email', max: 5, windowMs: 15 * MINUTE },
  signInIp: { bucket: 'signin-ip', max: 50, windowMs: 15 * MINUTE },
  forgotIp: { bucket: 'forgot-ip', max: 20, windowMs: 15 * MINUTE },
  forgotEmail: { bucket: 'forgot-email', max: 3, windowMs: 60 * MINUTE },
  accessCodeIp: { bucket: 'access-code-ip', max: 10, windowMs: 15 * MINUTE },
  accountCheckIp: { bucket: 'account-check-ip', max: 60, windowMs: 15 * MINUTE },
  signUpIp: { bucket: 'signup-ip', max: 20, windowMs: 60 * MINUTE },
  verifyIp: { bucket: 'verify-ip', max: 30, windowMs: 15 * MINUTE },
  nonceIp: { bucket: 'nonce-ip', max: 60, windowMs: 15 * MINUTE },
  redeemMember: { bucket: 'redeem-member', max: 10, windowMs: 15 * MINUTE },
  redeemIp: { bucket: 'redeem-ip', max: 50, windowMs: 15 * MINUTE },
  quoteMailAgent: { bucket: 'quote-mail-agent', max: 10, windowMs: 15 * MINUTE },
  quoteMailQuote: { bucket: 'quote-mail-quote', max: 3, windowMs: 60 * MINUTE },
  enquiryIp: { bucket: 'enquiry-ip', max: 10, windowMs: 60 * MINUTE },
  channelLoginIp: { bucket: 'channel-login-ip', max: 20, windowMs: 15 * MINUTE },
  guestCheckoutIp: { bucket: 'guest-checkout-ip', max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** What the answer does to a reserved attempt: it counts, it is given back, or (a success) it clears the key's attempts. */
export type Settle = 'keep' | 'refund' | 'clear';

/** The 429's body: the sign-in family's `{ status, message }` or the contract's error shape. */
export type RefusalShape = 'message' | 'error';

export interface Rule {
  limit: Limit;
  /** Whose attempts these are; null when the rule does not apply to this request (bad input, nobody signed in). */
  key: (c: Context<AppEnv>) => string | null | Promise<string | null>;
  /** The answer's effect on the attempt, by status (default: every answer counts). The route may decide with settleAttempt. */
  settle?: (status: number) => Settle;
  /**
   * 'refuse' (default): over the limit the request gets the 429. 'flag': the route still runs and asks overLimit()
   * (forgot password answers the same whatever happens, so past its per-address limit it only stops mailing).
   */
  over?: 'refuse' | 'flag';
  shape?: RefusalShape;
}

interface Held {
  rule: Rule;
  key: string;
  /** The reserved row; null when a 'flag' rule found the key over its limit. */
  id: number | null;
  decided?: Settle;
}

const held = new WeakMap<Request, Held[]>();

/** The one 429: Retry-After in seconds and the exact message, in the route's documented shape. */
export function tooMany(c: Context<AppEnv>, retryAfter: number, shape: RefusalShape) {
  c.header('Retry-After', String(retryAfter));
  if (shape === 'message') return c.json({ status: 'failed' as const, message: MSG.tooManyAttempts }, 429);
  return c.json(errorBody('TOO_MANY_REQUESTS', MSG.tooManyAttempts), 429);
}

/** The route's own word on what its answer does to the attempt under `limit` (overrides the rule's `settle`). */
export function settleAttempt(c: Context<AppEnv>, limit: Limit, outcome: Settle) {
  for (const h of held.get(c.req.raw) ?? []) if (h.rule.limit === limit) h.decided = outcome;
}

/** Whether a 'flag' rule found its key over the limit for this request. */
export const overLimit = (c: Context<AppEnv>, limit: Limit) => (held.get(c.req.raw) ?? []).some((h) => h.rule.limit === limit && h.id === null);

/** Reserves an attempt under every rule that applies, refuses with 429 when one is spent, settles after the route. */
export function rateLimit(...rules: Rule[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.env.DB;
    const now = Date.now();
    const keyed: { rule: Rule; key: string }[] = [];
    for (const rule of rules) {
      const key = await rule.key(c);
      if (key) keyed.push({ rule, key });
    }
    const mine: Held[] = [];
    const refusing = keyed.filter((k) => (k.rule.over ?? 'refuse') === 'refuse');
    if (refusing.length) {
      const claims: Claim[] = refusing.map((k) => ({ limit: k.rule.limit, key: k.key }));
      const { results } = await reserveStatement(db, claims, now).all<{ id: number; bucket: string }>();
      if (!results.length) {
        const full = await fullClaims(db, claims, now);
        const first = refusing.find((k) => full.some((f) => f.claim.limit === k.rule.limit)) ?? refusing[0]!;
        return tooMany(c, Math.max(1, ...full.map((f) => f.retryAfter)), first.rule.shape ?? 'error');
      }
      for (const k of refusing) mine.push({ ...k, id: results.find((r) => r.bucket === k.rule.limit.bucket)!.id });
    }
    for (const k of keyed.filter((x) => x.rule.over === 'flag')) {
      const { results } = await reserveStatement(db, [{ limit: k.rule.limit, key: k.key }], now).all<{ id: number }>();
      mine.push({ ...k, id: results[0]?.id ?? null });
    }
    held.set(c.req.raw, mine);
    await next();
    await settle(c, mine);
  };
}

async function settle(c: Context<AppEnv>, mine: Held[]) {
  const status = c.res.status;
  const done: Settlement = { refund: [], clear: [] };
  for (const h of mine) {
    if (h.id === null) continue;
    const outcome = h.decided ?? h.rule.settle?.(status) ?? 'keep';
    if (outcome === 'refund') done.refund.push(h.id);
    else if (outcome === 'clear') done.clear.push({ limit: h.rule.limit, key: h.key, upToId: h.id });
  }
  if (!done.refund.length && !done.clear.length) return;
  try {
    await settleStatement(c.env.DB, done).run();
  } catch (err) {
    // The answer stands: an attempt not given back only counts against its key until the window ends. A retryable
    // D1 error is already logged once for the request by the D1 middleware.
    if (!isRetryableDbError(err)) logEvent(c, 'warn', 'rate-limit.settle-failed', { error: reason(err) });
  }
}

// ---- whose attempts: keys --------------------------------------------------------------------------------------

const parsedBodies = new WeakMap<Request, Map<z.ZodType, unknown>>();

/** The request's JSON body through `schema`, or null when it does not parse (the route then answers 400, uncounted). */
export async function validBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S> | null> {
  let seen = parsedBodies.get(c.req.raw);
  if (!seen) parsedBodies.set(c.req.raw, (seen = new Map()));
  if (!seen.has(schema)) {
    let value: unknown = null;
    try {
      const text = await c.req.text();
      const parsed = schema.safeParse(text.trim() === '' ? {} : JSON.parse(text));
      if (parsed.success) value = parsed.data;
    } catch {
      value = null;
    }
    seen.set(schema, value);
  }
  return seen.get(schema) as z.output<S> | null;
}

/** The client's address, for requests whose body passes `schema`. */
export const addressOf =
  (schema?: z.ZodType) =>
  async (c: Context<AppEnv>): Promise<string | null> =>
    !schema || (await validBody(c, schema)) !== null ? clientIp(c) : null;

/** The signed-in account (org and user id); null when nobody is signed in (the route answers 401). */
export const memberOf = async (c: Context<AppEnv>): Promise<string | null> => {
  const user = await currentUser(c);
  return user ? `${user.orgId}:${user.id}` : null;
};

/** Settles by status: the listed statuses count, `success` (2xx) does what it says, anything else is given back. */
export const counting =
  (statuses: number[], success: Settle = 'refund') =>
  (status: number): Settle =>
    statuses.includes(status) ? 'keep' : status >= 200 && status < 300 ? success : 'refund';
