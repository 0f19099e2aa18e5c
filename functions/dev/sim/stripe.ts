// Development stand-in for Stripe, served under /_sim/stripe: the API calls the official SDK makes for Checkout
// (sessions, payment intents, refunds, events) with Stripe's wire shapes, errors and idempotency keys; a hosted card
// page with Stripe's test cards and the 3-D Secure step; signed webhook deliveries with retries; test hooks.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { serviceUrl, type AppEnv } from '../../env';
import { readBody } from '../../http/body';
import { access, createRoute, json, media, redirect, refusals, router } from '../../http/route';
import { readByHandler } from './wire';

const API_VERSION = '2026-10-28.endive';
const SLEEP_MS = 12_000;
/** Stripe allows a session to live from 30 minutes to 24 hours. */
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
/** Stripe retries a failed delivery for days with growing gaps; the simulator keeps the shape and shrinks the gaps. */
export const DELIVERY_GAPS_MS = [500, 1_000, 2_000, 4_000];

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
} as const;

type SessionStatus = 'open' | 'complete' | 'expired';
interface SimSession {
  id: string;
  created: number;
  expires_at: number;
  amount_total: number;
  currency: string;
  product_name: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  status: SessionStatus;
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  payment_intent_metadata: Record<string, string>;
  url: string;
  awaiting_3ds: boolean;
  last_error: string | null;
}
interface SimPaymentIntent {
  id: string;
  created: number;
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: 'card_error' } | null;
  refunded: number;
}
interface SimRefund {
  id: string;
  created: number;
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'succeeded';
}
interface SimEvent { id: string; type: string; created: number; object: Record<string, unknown>; idempotency_key: string | null }
export interface Delivery { event_id: string; type: string; attempt: number; status: number | null; error: string | null; at: number }

const MODES = ['ok', 'fail', 'timeout', 'malformed'] as const;
type Mode = (typeof MODES)[number];
const OPS = ['create', 'retrieve', 'expire', 'refund', 'payment_intent', 'events'] as const;
type Op = (typeof OPS)[number];
interface Rule { mode: Mode; op: Op | null; times: number | null }

const sessions = new Map<string, SimSession>();
const intents = new Map<string, SimPaymentIntent>();
const refunds = new Map<string, SimRefund>();
const events: SimEvent[] = [];
const deliveries: Delivery[] = [];
const answers = new Map<string, { fingerprint: string; answer: Promise<{ status: number; body: unknown } | null> }>();
let rules: Rule[] = [];
let webhookOverride: string | null = null;

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_test_${crypto.randomUUID().replace(/-/g, '')}`;

/** The `error` of Stripe's error answers (https://docs.stripe.com/api/errors). */
interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}
function stripeError<S extends 400 | 401 | 402 | 404 | 500>(c: Context<AppEnv>, status: S, error: StripeErrorBody) {
  return c.json({ error: { ...error, request_log_url: null } }, status);
}
const invalidRequest = (c: Context<AppEnv>, message: string, param?: string, code?: string) =>
  stripeError(c, 400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const noSuchObject = (c: Context<AppEnv>, kind: string, id: string, param = 'id') =>
  stripeError(c, 404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

function modeFor(op: Op): Mode {
  const rule = rules.find((r) => r.op === op) ?? rules.find((r) => r.op === null);
  if (!rule) return 'ok';
  if (rule.times !== null && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
  return rule.mode;
}

/** An API call's fault mode, played before its handler (once its body is read): a failure, a timeout, broken JSON. */
const fault = (op: Op): MiddlewareHandler<AppEnv> => async (c, next) => {
  await readBody(c);
  const mode = modeFor(op);
  if (mode === 'fail') return stripeError(c, 500, { type: 'api_error', message: 'Simulated provider failure.' });
  if (mode === 'timeout') {
    await new Promise((r) => setTimeout(r, SLEEP_MS));
    return stripeError(c, 500, { type: 'api_error', message: 'Too late.' });
  }
  if (mode === 'malformed') return c.body('{"id": "cs_test_', 200, { 'content-type': 'application/json' });
  await next();
};

/** Stripe's secret-key check: Bearer <key> (or basic auth with the key as user name). */
function authorised(c: Context<AppEnv>): boolean {
  const expected = c.env.STRIPE_SECRET_KEY;
  if (!expected) return true;
  const header = c.req.header('authorization') ?? '';
  if (header === `Bearer ${expected}`) return true;
  if (header.startsWith('Basic ')) {
    try {
      return atob(header.slice(6)).split(':')[0] === expected;
    } catch {
      return false;
    }
  }
  return false;
}

/** Form bodies as the SDK encodes them (`a[b][0][c]=v`) to nested objects; numbered keys become arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const fixed = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => fixed[k]) : fixed;
  };
  return arrays(root) as Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const int = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : undefined);
const stringMap = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string> : {};

/**
 * Runs a POST once per Idempotency-Key: the same key and parameters (its form and the path's id) replay the first
 * answer (a request that arrives while the first is still running waits for it), other parameters are refused.
 */
const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (!key) return next();
  const scope = `${c.req.path} ${key}`;
  const fingerprint = JSON.stringify({ ...parseStripeForm(await c.req.text()), ...c.req.param() });
  const prior = answers.get(scope);
  if (prior) {
    if (prior.fingerprint !== fingerprint) {
      return stripeError(c, 400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    const first = await prior.answer;
    if (first) return c.json(first.body, first.status as 200, { 'Idempotent-Replayed': 'true' });
  }
  let settle!: (v: { status: number; body: unknown } | null) => void;
  answers.set(scope, { fingerprint, answer: new Promise((r) => (settle = r)) });
  await next();
  // Stripe keeps the answers that reached a decision (2xx and 4xx), not its own 5xx nor a failure (c.error, answered by
  // the app's error handler): those may be retried.
  if (!c.error && c.res.status < 500) {
    settle({ status: c.res.status, body: await c.res.clone().json() });
  } else {
    answers.delete(scope);
    settle(null);
  }
};

function sessionObject(s: SimSession) {
  return {
    id: s.id,
    object: 'checkout.session' as const,
    amount_subtotal: s.amount_total,
    amount_total: s.amount_total,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    created: s.created,
    currency: s.currency,
    customer: null,
    customer_email: s.customer_email,
    expires_at: s.expires_at,
    livemode: false as const,
    metadata: s.metadata,
    mode: 'payment' as const,
    payment_intent: s.payment_intent,
    payment_method_types: ['card'],
    payment_status: s.payment_status,
    status: s.status,
    success_url: s.success_url,
    ui_mode: 'hosted' as const,
    url: s.status === 'open' ? s.url : null,
  };
}

function intentObject(p: SimPaymentIntent) {
  return {
    id: p.id,
    object: 'payment_intent' as const,
    amount: p.amount,
    amount_received: p.amount_received,
    created: p.created,
    currency: p.currency,
    last_payment_error: p.last_payment_error,
    latest_charge: p.latest_charge,
    livemode: false as const,
    metadata: p.metadata,
    payment_method_types: ['card'],
    status: p.status,
  };
}

const refundObject = (r: SimRefund) => ({ id: r.id, object: 'refund' as const, amount: r.amount, charge: r.charge, created: r.created, currency: r.currency, metadata: r.metadata, payment_intent: r.payment_intent, reason: r.reason, status: r.status });

function eventObject(e: SimEvent) {
  return {
    id: e.id,
    object: 'event' as const,
    api_version: API_VERSION,
    created: e.created,
    data: { object: e.object },
    livemode: false as const,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: e.idempotency_key },
    type: e.type,
  };
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Stripe's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`. */
export async function stripeSignature(payload: string, secret: string, timestamp = now()): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${hex(mac)}`;
}

function webhookTarget(c: Context<AppEnv>): string {
  return serviceUrl(c.env, webhookOverride ?? c.env.STRIPE_WEBHOOK_URL ?? '/api/payments/webhook');
}

async function deliverOnce(target: string, secret: string, event: SimEvent, attempt: number): Promise<boolean> {
  const payload = JSON.stringify(eventObject(event), null, 2);
  const record: Delivery = { event_id: event.id, type: event.type, attempt, status: null, error: null, at: Date.now() };
  deliveries.push(record);
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': await stripeSignature(payload, secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    record.status = res.status;
    return res.ok;
  } catch (err) {
    record.error = err instanceof Error ? err.message : String(err);
    return false;
  }
}

/**
 * Records an event and delivers it: the first attempt before the caller goes on (so a hook's answer comes after the
 * webhook was handled once), the retries in the background with growing gaps until one is answered 2xx.
 */
async function emit(c: Context<AppEnv>, type: string, object: Record<string, unknown>, idempotencyKey: string | null = null): Promise<Delivery[]> {
  const event: SimEvent = { id: randomId('evt').replace('_test', ''), type, created: now(), object, idempotency_key: idempotencyKey };
  events.push(event);
  const target = webhookTarget(c);
  const secret = c.env.STRIPE_WEBHOOK_SECRET ?? '';
  if (await deliverOnce(target, secret, event, 1)) return deliveries.filter((d) => d.event_id === event.id);
  const retries = (async () => {
    for (const [i, gap] of DELIVERY_GAPS_MS.entries()) {
      await new Promise((r) => setTimeout(r, gap));
      if (await deliverOnce(target, secret, event, i + 2)) return;
    }
  })();
  try {
    c.executionCtx.waitUntil(retries);
  } catch {
    /* no execution context (a unit test): the promise still runs */
  }
  return deliveries.filter((d) => d.event_id === event.id);
}

/** Sessions past their expiry are expired as Stripe does, with their event. */
async function expireDue(c: Context<AppEnv>) {
  const due = [...sessions.values()].filter((s) => s.status === 'open' && s.expires_at <= now());
  for (const s of due) await expireSession(c, s);
}

async function expireSession(c: Context<AppEnv>, s: SimSession) {
  s.status = 'expired';
  s.awaiting_3ds = false;
  return emit(c, 'checkout.session.expired', sessionObject(s));
}

type PayOutcome =
  | { kind: 'paid'; deliveries: Delivery[] }
  | { kind: 'declined'; code: string; decline_code?: string; message: string }
  | { kind: 'needs_3ds' }
  | { kind: 'not_open'; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function intentFor(s: SimSession): SimPaymentIntent {
  if (s.payment_intent) return intents.get(s.payment_intent)!;
  const pi: SimPaymentIntent = {
    id: randomId('pi').replace('_test', ''), created: now(), amount: s.amount_total, amount_received: 0, currency: s.currency,
    status: 'requires_payment_method', metadata: { ...s.metadata, ...s.payment_intent_metadata }, latest_charge: null, last_payment_error: null, refunded: 0,
  };
  intents.set(pi.id, pi);
  s.payment_intent = pi.id;
  return pi;
}

async function decline(c: Context<AppEnv>, s: SimSession, code: string, message: string, declineCode?: string): Promise<PayOutcome> {
  const pi = intentFor(s);
  pi.status = 'requires_payment_method';
  pi.last_payment_error = { type: 'card_error', code, message, ...(declineCode ? { decline_code: declineCode } : {}) };
  s.last_error = message;
  await emit(c, 'payment_intent.payment_failed', intentObject(pi));
  return { kind: 'declined', code, decline_code: declineCode, message };
}

async function succeed(c: Context<AppEnv>, s: SimSession): Promise<PayOutcome> {
  const pi = intentFor(s);
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.latest_charge = randomId('ch').replace('_test', '');
  pi.last_payment_error = null;
  s.status = 'complete';
  s.payment_status = 'paid';
  s.awaiting_3ds = false;
  s.last_error = null;
  await emit(c, 'payment_intent.succeeded', intentObject(pi));
  return { kind: 'paid', deliveries: await emit(c, 'checkout.session.completed', sessionObject(s)) };
}

/** What the hosted page does with a card number; `passThreeDSecure` is the hook's way through the 3-D Secure step. */
async function pay(c: Context<AppEnv>, s: SimSession, cardInput: string, passThreeDSecure: boolean): Promise<PayOutcome> {
  await expireDue(c);
  if (s.status !== 'open') return { kind: 'not_open', message: s.status === 'complete' ? 'This checkout session is already paid.' : 'This checkout session has expired.' };
  const card = cardInput.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(card) || !luhn(card)) return decline(c, s, 'incorrect_number', 'Your card number is invalid.');
  if (card === TEST_CARDS.declined) return decline(c, s, 'card_declined', 'Your card was declined.', 'generic_decline');
  if (card === TEST_CARDS.insufficientFunds) return decline(c, s, 'card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
  if (card === TEST_CARDS.threeDSecure && !passThreeDSecure) {
    const pi = intentFor(s);
    pi.status = 'requires_action';
    s.awaiting_3ds = true;
    return { kind: 'needs_3ds' };
  }
  if (card !== TEST_CARDS.success && card !== TEST_CARDS.threeDSecure) {
    return decline(c, s, 'card_declined', 'Your card was declined. Your request was in test mode, but used a non test card.', 'test_mode_live_card');
  }
  return succeed(c, s);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function money(minor: number, currency: string) {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 10 ** digits);
}

/** The hosted page: plain forms, no script and no style (the simulators' CSP allows neither). */
function hostedPage(s: SimSession, action: string, opts: { error?: string | null } = {}): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay ${esc(money(s.amount_total, s.currency))} (payment simulator)</title></head><body><main>`;
  const summary = `<h1>Pay ${esc(money(s.amount_total, s.currency))}</h1><p>${esc(s.product_name)}</p>`;
  const cancel = s.cancel_url ? `<p><a href="${esc(s.cancel_url)}">Cancel and go back</a></p>` : '';
  const error = opts.error ? `<p role="alert" id="card-error">${esc(opts.error)}</p>` : '';
  let body: string;
  if (s.status === 'complete') body = `<p>This payment is complete.</p><p><a href="${esc(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id))}">Return to the merchant</a></p>`;
  else if (s.status === 'expired') body = `<p>This checkout session has expired.</p>${cancel}`;
  else if (s.awaiting_3ds) {
    body = `<h2>Authenticate this payment</h2><p>Your bank asks you to confirm this payment (3-D Secure test page).</p>
<form method="post" action="${esc(action)}/3ds"><p><button type="submit" name="result" value="complete">Complete authentication</button></p>
<p><button type="submit" name="result" value="fail">Fail authentication</button></p></form>${cancel}`;
  } else {
    const invalid = opts.error ? ' aria-invalid="true" aria-describedby="card-error"' : '';
    body = `${error}<form method="post" action="${esc(action)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" value="${esc(s.customer_email ?? '')}"></p>
<p><label for="card">Card number</label><br><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required${invalid}></p>
<p><label for="exp">Expiry (MM / YY)</label><br><input id="exp" name="exp" autocomplete="cc-exp" placeholder="MM / YY" required></p>
<p><label for="cvc">CVC</label><br><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></p>
<p><button type="submit">Pay ${esc(money(s.amount_total, s.currency))}</button></p></form>${cancel}`;
  }
  return `${head}${summary}${body}<p>Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure.</p></main></body></html>`;
}

function expiryProblem(exp: string): string | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(exp);
  if (!m) return 'Your card\u2019s expiration date is incomplete.';
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const today = new Date();
  if (month < 1 || month > 12) return 'Your card\u2019s expiration date is invalid.';
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) return 'Your card\u2019s expiration year is in the past.';
  return null;
}

const successRedirect = (s: SimSession) => s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);

async function sessionOr404(c: Context<AppEnv>) {
  await expireDue(c);
  const id = c.req.param('id') ?? '';
  return sessions.get(id) ?? noSuchObject(c, 'checkout.session', id);
}

// Stripe's wire shapes for the objects the simulator serves (https://docs.stripe.com/api), the fields it fills.
const StripeError = z.object({
  error: z.looseObject({
    type: z.enum(['api_error', 'card_error', 'idempotency_error', 'invalid_request_error']),
    message: z.string(),
    code: z.string().optional(),
    param: z.string().optional(),
    decline_code: z.string().optional(),
    request_log_url: z.null(),
  }),
});
const Metadata = z.record(z.string(), z.string());
const CheckoutSession = z.looseObject({
  id: z.string(),
  object: z.literal('checkout.session'),
  amount_subtotal: z.number().int(),
  amount_total: z.number().int(),
  cancel_url: z.string().nullable(),
  client_reference_id: z.string().nullable(),
  created: z.number().int(),
  currency: z.string(),
  customer: z.null(),
  customer_email: z.string().nullable(),
  expires_at: z.number().int(),
  livemode: z.literal(false),
  metadata: Metadata,
  mode: z.literal('payment'),
  payment_intent: z.string().nullable(),
  payment_method_types: z.array(z.string()),
  payment_status: z.enum(['paid', 'unpaid']),
  status: z.enum(['open', 'complete', 'expired']),
  success_url: z.string(),
  ui_mode: z.literal('hosted'),
  url: z.string().nullable(),
});
const PaymentIntent = z.looseObject({
  id: z.string(),
  object: z.literal('payment_intent'),
  amount: z.number().int(),
  amount_received: z.number().int(),
  created: z.number().int(),
  currency: z.string(),
  last_payment_error: z.object({ type: z.literal('card_error'), code: z.string(), decline_code: z.string().optional(), message: z.string() }).nullable(),
  latest_charge: z.string().nullable(),
  livemode: z.literal(false),
  metadata: Metadata,
  payment_method_types: z.array(z.string()),
  status: z.enum(['requires_payment_method', 'requires_action', 'succeeded']),
});
const Refund = z.looseObject({
  id: z.string(),
  object: z.literal('refund'),
  amount: z.number().int(),
  charge: z.string().nullable(),
  created: z.number().int(),
  currency: z.string(),
  metadata: Metadata,
  payment_intent: z.string(),
  reason: z.string().nullable(),
  status: z.literal('succeeded'),
});
const Event = z.looseObject({
  id: z.string(),
  object: z.literal('event'),
  api_version: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
  livemode: z.literal(false),
  pending_webhooks: z.number().int(),
  request: z.object({ id: z.null(), idempotency_key: z.string().nullable() }),
  type: z.string(),
});
const DeliverySchema = z.object({ event_id: z.string(), type: z.string(), attempt: z.number().int(), status: z.number().int().nullable(), error: z.string().nullable(), at: z.number().int() });
const HookReply = z.object({ session: CheckoutSession, deliveries: z.array(DeliverySchema) });

/** The form the SDK sends to create a session (its brackets read as nesting: line_items[0][price_data][currency]). */
const SessionForm = z.looseObject({
  mode: z.literal('payment'),
  success_url: z.string(),
  cancel_url: z.string().optional(),
  line_items: z.array(z.object({
    quantity: z.string().optional(),
    price_data: z.object({ currency: z.string(), unit_amount: z.string(), product_data: z.object({ name: z.string() }).optional() }),
  })),
  expires_at: z.string().optional(),
  client_reference_id: z.string().optional(),
  customer_email: z.string().optional(),
  metadata: Metadata.optional(),
  payment_intent_data: z.object({ metadata: Metadata.optional() }).optional(),
});
const RefundForm = z.looseObject({ payment_intent: z.string(), amount: z.string().optional(), reason: z.string().optional(), metadata: Metadata.optional() });
const FORM = 'application/x-www-form-urlencoded';
const formRead = 'Form-encoded as the SDK sends it; refused in Stripe’s words';

const Id = z.object({ id: z.string() });
/** What every API call may answer before its own work: a wrong key, or the simulator told to fail (mode=malformed answers JSON cut short). */
const apiRefusals = {
  401: json(StripeError, 'Invalid API key'),
  500: json(StripeError, 'mode=fail or mode=timeout: the provider failed'),
  ...refusals,
} as const;
const invalid = (what: string) => json(StripeError, what);
const notFoundObject = json(StripeError, 'No such object (resource_missing)');
const page = media('text/html', z.string());
const missingPage = media('text/plain', z.string(), 'No such checkout session');

const routes = {
  createSession: createRoute({
    method: 'post', path: '/v1/checkout/sessions', summary: 'Creates a Checkout Session (mode payment) and its hosted page', ...access('dev'),
    middleware: [fault('create'), idempotent] as const,
    request: { body: readByHandler(FORM, SessionForm, formRead) },
    responses: { 200: json(CheckoutSession), 400: invalid('A missing or bad parameter, or an Idempotency-Key used with other parameters'), ...apiRefusals },
  }),
  session: createRoute({
    method: 'get', path: '/v1/checkout/sessions/{id}', summary: 'A Checkout Session (expired once past its expires_at)', ...access('dev'),
    middleware: [fault('retrieve')] as const,
    request: { params: Id },
    responses: { 200: json(CheckoutSession), 404: notFoundObject, ...apiRefusals },
  }),
  expireSession: createRoute({
    method: 'post', path: '/v1/checkout/sessions/{id}/expire', summary: 'Expires an open Checkout Session (checkout.session.expired is sent)', ...access('dev'),
    middleware: [fault('expire'), idempotent] as const,
    request: { params: Id },
    responses: { 200: json(CheckoutSession), 400: invalid('The session is not open'), 404: notFoundObject, ...apiRefusals },
  }),
  paymentIntent: createRoute({
    method: 'get', path: '/v1/payment_intents/{id}', summary: 'A PaymentIntent', ...access('dev'),
    middleware: [fault('payment_intent')] as const,
    request: { params: Id },
    responses: { 200: json(PaymentIntent), 404: notFoundObject, ...apiRefusals },
  }),
  refund: createRoute({
    method: 'post', path: '/v1/refunds', summary: 'Refunds a succeeded PaymentIntent, whole or in part (refund.created is sent)', ...access('dev'),
    middleware: [fault('refund'), idempotent] as const,
    request: { body: readByHandler(FORM, RefundForm, formRead) },
    responses: { 200: json(Refund), 400: invalid('Nothing (or less) left to refund, a bad amount, or an Idempotency-Key used with other parameters'), 404: notFoundObject, ...apiRefusals },
  }),
  refundById: createRoute({
    method: 'get', path: '/v1/refunds/{id}', summary: 'A refund', ...access('dev'),
    request: { params: Id },
    responses: { 200: json(Refund), 404: notFoundObject, ...apiRefusals },
  }),
  event: createRoute({
    method: 'get', path: '/v1/events/{id}', summary: 'An event', ...access('dev'),
    middleware: [fault('events')] as const,
    request: { params: Id },
    responses: { 200: json(Event), 404: notFoundObject, ...apiRefusals },
  }),
  events: createRoute({
    method: 'get', path: '/v1/events', summary: 'The events, newest first', ...access('dev'),
    middleware: [fault('events')] as const,
    request: { query: z.object({ type: z.string().optional(), limit: z.string().optional().describe('1 to 100, 10 by default') }) },
    responses: { 200: json(z.object({ object: z.literal('list'), url: z.literal('/v1/events'), has_more: z.boolean(), data: z.array(Event) })), ...apiRefusals },
  }),
  hostedPage: createRoute({
    method: 'get', path: '/checkout/{id}', summary: 'The hosted card page (or the 3-D Secure step, or where the session stands)', ...access('dev'),
    request: { params: Id },
    responses: { 200: page, 404: media('text/html', z.string(), 'No such checkout session'), ...refusals },
  }),
  payOnPage: createRoute({
    method: 'post', path: '/checkout/{id}', summary: 'The hosted page’s Pay: the card tried (test cards), then back to success_url', ...access('dev'),
    request: {
      params: Id,
      body: readByHandler('application/x-www-form-urlencoded', z.object({ email: z.string().optional(), card: z.string(), exp: z.string(), cvc: z.string() }), 'The page’s form'),
    },
    responses: {
      200: media('text/html', z.string(), 'The 3-D Secure step, or where the session stands'),
      303: redirect('Paid: to success_url'),
      400: media('text/html', z.string(), 'The page again: an expiry or a security code to correct'),
      402: media('text/html', z.string(), 'The page again: the card was declined'),
      404: missingPage,
      ...refusals,
    },
  }),
  threeDSecure: createRoute({
    method: 'post', path: '/checkout/{id}/3ds', summary: 'The 3-D Secure step’s answer: complete (paid) or fail (declined)', ...access('dev'),
    request: { params: Id, body: readByHandler('application/x-www-form-urlencoded', z.object({ result: z.enum(['complete', 'fail']) }), 'The step’s button') },
    responses: {
      200: media('text/html', z.string(), 'Where the session stands (no step awaited)'),
      303: redirect('Authenticated and paid: to success_url'),
      402: media('text/html', z.string(), 'The page again: authentication failed'),
      404: missingPage,
      ...refusals,
    },
  }),
  pay: createRoute({
    method: 'post', path: '/checkout/{id}/pay', summary: 'Test hook: pays the session as the hosted page would (3-D Secure passed)', ...access('dev'),
    request: { params: Id, body: readByHandler('application/json', z.object({ card: z.string().optional().describe('A test card; 4242424242424242 by default') }), 'The card') },
    responses: {
      200: json(HookReply, 'Paid (or the 3-D Secure step awaited), with the webhook deliveries made'),
      400: invalid('The session is not open'),
      402: json(StripeError, 'The card was declined (card_error)'),
      404: notFoundObject,
      ...refusals,
    },
  }),
  expireHook: createRoute({
    method: 'post', path: '/checkout/{id}/expire', summary: 'Test hook: expires the session now, with its webhook', ...access('dev'),
    request: { params: Id },
    responses: { 200: json(HookReply), 400: invalid('The session is not open'), 404: notFoundObject, ...refusals },
  }),
  deliveries: createRoute({
    method: 'get', path: '/deliveries', summary: 'Test hook: the webhook deliveries so far, oldest first', ...access('dev'),
    request: { query: z.object({ event: z.string().optional(), type: z.string().optional() }) },
    responses: { 200: json(z.object({ data: z.array(DeliverySchema) })), ...refusals },
  }),
  control: createRoute({
    method: 'post', path: '/control', summary: 'Test hook: makes the next API calls misbehave, or sends webhooks elsewhere', ...access('dev'),
    request: {
      body: readByHandler(
        'application/json',
        z.object({ mode: z.enum(MODES).optional(), op: z.enum(OPS).optional(), times: z.number().int().positive().optional(), webhook_url: z.string().nullable().optional() }),
        'The mode (ok clears the rule) for one operation or all, how many times; webhook_url null sends webhooks to the configured address again',
      ),
    },
    responses: {
      200: json(z.object({ rules: z.array(z.object({ mode: z.enum(MODES), op: z.enum(OPS).nullable(), times: z.number().int().nullable() })), webhook_url: z.string().nullable() })),
      400: json(z.object({ error: z.string() }), 'An unknown mode'),
      ...refusals,
    },
  }),
  reset: createRoute({
    method: 'post', path: '/reset', summary: 'Test hook: every call answers normally again and webhooks go to the configured address', ...access('dev'),
    responses: { 200: json(z.object({ ok: z.literal(true) })), ...refusals },
  }),
};

const api = router();
api.use('/v1/*', async (c, next) => {
  if (!authorised(c)) {
    return stripeError(c, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided. You can find your API key at https://dashboard.stripe.com/apikeys.' });
  }
  await next();
});

export const stripeSim = api
  .openapi(routes.createSession, async (c) => {
    const params = parseStripeForm(await c.req.text());
    if (params.mode !== 'payment') return invalidRequest(c, 'The simulator only supports `mode=payment`.', 'mode');
    const success = str(params.success_url);
    if (!success || !/^https?:\/\//.test(success)) return invalidRequest(c, 'Not a valid URL', 'success_url', 'url_invalid');
    const cancel = str(params.cancel_url);
    if (cancel !== undefined && !/^https?:\/\//.test(cancel)) return invalidRequest(c, 'Not a valid URL', 'cancel_url', 'url_invalid');
    const items = Array.isArray(params.line_items) ? (params.line_items as Record<string, unknown>[]) : [];
    if (items.length === 0) return invalidRequest(c, 'You must specify `line_items`.', 'line_items');
    let total = 0;
    let currency: string | undefined;
    const names: string[] = [];
    for (const [i, item] of items.entries()) {
      const price = (item.price_data ?? {}) as Record<string, unknown>;
      const unit = int(price.unit_amount);
      const quantity = int(item.quantity) ?? 1;
      const itemCurrency = str(price.currency)?.toLowerCase();
      if (unit === undefined || unit < 0) return invalidRequest(c, 'Missing required param: unit_amount.', `line_items[${i}][price_data][unit_amount]`, 'parameter_missing');
      if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency)) return invalidRequest(c, 'Invalid currency.', `line_items[${i}][price_data][currency]`);
      if (currency && currency !== itemCurrency) return invalidRequest(c, 'All line items must share one currency.', `line_items[${i}][price_data][currency]`);
      if (quantity < 1) return invalidRequest(c, 'Quantity must be at least 1.', `line_items[${i}][quantity]`);
      currency = itemCurrency;
      total += unit * quantity;
      names.push(str((price.product_data as Record<string, unknown> | undefined)?.name) ?? 'Item');
    }
    if (total < 1) return invalidRequest(c, 'The Checkout Session\u2019s total amount due must add up to at least 1.', 'line_items', 'amount_too_small');
    const created = now();
    const expiresAt = int(params.expires_at) ?? created + MAX_LIFETIME_S;
    if (expiresAt < created + MIN_LIFETIME_S - 5 || expiresAt > created + MAX_LIFETIME_S) {
      return invalidRequest(c, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const id = randomId('cs');
    const origin = new URL(c.req.url).origin;
    const base = c.req.path.replace(/\/v1\/checkout\/sessions$/, '');
    const session: SimSession = {
      id, created, expires_at: expiresAt, amount_total: total, currency: currency!, product_name: names.join(', '),
      metadata: stringMap(params.metadata), client_reference_id: str(params.client_reference_id) ?? null, customer_email: str(params.customer_email) ?? null,
      success_url: success, cancel_url: cancel ?? null, status: 'open', payment_status: 'unpaid', payment_intent: null,
      payment_intent_metadata: stringMap((params.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
      url: `${origin}${base}/checkout/${id}`, awaiting_3ds: false, last_error: null,
    };
    sessions.set(id, session);
    return c.json(sessionObject(session), 200);
  })
  .openapi(routes.session, async (c) => {
    const s = await sessionOr404(c);
    return s instanceof Response ? s : c.json(sessionObject(s), 200);
  })
  .openapi(routes.expireSession, async (c) => {
    const s = await sessionOr404(c);
    if (s instanceof Response) return s;
    if (s.status !== 'open') return invalidRequest(c, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
    await expireSession(c, s);
    return c.json(sessionObject(s), 200);
  })
  .openapi(routes.paymentIntent, (c) => {
    const { id } = c.req.valid('param');
    const pi = intents.get(id);
    return pi ? c.json(intentObject(pi), 200) : noSuchObject(c, 'payment_intent', id);
  })
  .openapi(routes.refund, async (c) => {
    const params = parseStripeForm(await c.req.text());
    const piId = str(params.payment_intent);
    if (!piId) return invalidRequest(c, 'One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
    const pi = intents.get(piId);
    if (!pi) return noSuchObject(c, 'payment_intent', piId, 'payment_intent');
    if (pi.status !== 'succeeded') return invalidRequest(c, `This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    const left = pi.amount_received - pi.refunded;
    if (left <= 0) return invalidRequest(c, `Charge ${pi.latest_charge} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = params.amount === undefined ? left : int(params.amount);
    if (amount === undefined || amount < 1) return invalidRequest(c, 'Invalid positive integer', 'amount');
    if (amount > left) return invalidRequest(c, `Refund amount (${money(amount, pi.currency)}) is greater than unrefunded amount on charge (${money(left, pi.currency)})`, 'amount', 'amount_too_large');
    pi.refunded += amount;
    const refund: SimRefund = {
      id: randomId('re').replace('_test', ''), created: now(), amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge,
      metadata: stringMap(params.metadata), reason: str(params.reason) ?? null, status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    await emit(c, 'refund.created', refundObject(refund), c.req.header('idempotency-key') ?? null);
    return c.json(refundObject(refund), 200);
  })
  .openapi(routes.refundById, (c) => {
    const { id } = c.req.valid('param');
    const r = refunds.get(id);
    return r ? c.json(refundObject(r), 200) : noSuchObject(c, 'refund', id);
  })
  .openapi(routes.event, (c) => {
    const { id } = c.req.valid('param');
    const e = events.find((x) => x.id === id);
    return e ? c.json(eventObject(e), 200) : noSuchObject(c, 'event', id);
  })
  .openapi(routes.events, (c) => {
    const type = c.req.query('type');
    const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 10) || 10));
    const matching = events.filter((e) => !type || e.type === type).reverse();
    return c.json({ object: 'list' as const, url: '/v1/events' as const, has_more: matching.length > limit, data: matching.slice(0, limit).map(eventObject) }, 200);
  })

  // The hosted card page.
  .openapi(routes.hostedPage, async (c) => {
    await expireDue(c);
    const s = sessions.get(c.req.valid('param').id);
    if (!s) return c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>Checkout session not found</h1></main></body></html>', 404);
    return c.html(hostedPage(s, c.req.path, { error: s.last_error }), 200);
  })
  .openapi(routes.payOnPage, async (c) => {
    const s = sessions.get(c.req.valid('param').id);
    if (!s) return c.text('Checkout session not found', 404);
    const form = await c.req.parseBody();
    const expiry = expiryProblem(String(form.exp ?? ''));
    const cvcOk = /^\d{3,4}$/.test(String(form.cvc ?? '').trim());
    if (s.status === 'open' && !s.awaiting_3ds && (expiry || !cvcOk)) {
      return c.html(hostedPage(s, c.req.path, { error: expiry ?? 'Your card\u2019s security code is incomplete.' }), 400);
    }
    const outcome = await pay(c, s, String(form.card ?? ''), false);
    if (outcome.kind === 'paid') return c.redirect(successRedirect(s), 303);
    if (outcome.kind === 'declined') return c.html(hostedPage(s, c.req.path, { error: `${outcome.message} Try another card.` }), 402);
    return c.html(hostedPage(s, c.req.path), 200);
  })
  .openapi(routes.threeDSecure, async (c) => {
    const s = sessions.get(c.req.valid('param').id);
    if (!s) return c.text('Checkout session not found', 404);
    const action = c.req.path.replace(/\/3ds$/, '');
    if (s.status !== 'open' || !s.awaiting_3ds) return c.html(hostedPage(s, action), 200);
    const form = await c.req.parseBody();
    if (form.result === 'complete') {
      await succeed(c, s);
      return c.redirect(successRedirect(s), 303);
    }
    s.awaiting_3ds = false;
    await decline(c, s, 'payment_intent_authentication_failure', 'We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    return c.html(hostedPage(s, action, { error: s.last_error }), 402);
  })

  // Test hooks (development only, like everything under /_sim).
  .openapi(routes.pay, async (c) => {
    const s = await sessionOr404(c);
    if (s instanceof Response) return s;
    const body = (await c.req.json().catch(() => ({}))) as { card?: unknown };
    const outcome = await pay(c, s, typeof body.card === 'string' ? body.card : TEST_CARDS.success, true);
    if (outcome.kind === 'declined') {
      return stripeError(c, 402, { type: 'card_error', code: outcome.code, ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}), message: outcome.message });
    }
    if (outcome.kind === 'not_open') return invalidRequest(c, outcome.message);
    return c.json({ session: sessionObject(s), deliveries: outcome.kind === 'paid' ? outcome.deliveries : [] }, 200);
  })
  .openapi(routes.expireHook, async (c) => {
    const s = await sessionOr404(c);
    if (s instanceof Response) return s;
    if (s.status !== 'open') return invalidRequest(c, `This Checkout Session has a status of "${s.status}".`);
    const sent = await expireSession(c, s);
    return c.json({ session: sessionObject(s), deliveries: sent }, 200);
  })
  .openapi(routes.deliveries, (c) => {
    const event = c.req.query('event');
    const type = c.req.query('type');
    return c.json({ data: deliveries.filter((d) => (!event || d.event_id === event) && (!type || d.type === type)) }, 200);
  })
  .openapi(routes.control, async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: Mode; op?: Op; times?: number; webhook_url?: string | null };
    if ('webhook_url' in body) webhookOverride = typeof body.webhook_url === 'string' && body.webhook_url ? body.webhook_url : null;
    if (body.mode !== undefined) {
      if (!MODES.includes(body.mode)) return c.json({ error: 'mode is ok, fail, timeout or malformed' }, 400);
      const op = body.op && OPS.includes(body.op) ? body.op : null;
      rules = rules.filter((r) => r.op !== op);
      if (body.mode !== 'ok') rules.unshift({ mode: body.mode, op, times: typeof body.times === 'number' && body.times > 0 ? body.times : null });
    }
    return c.json({ rules, webhook_url: webhookOverride }, 200);
  })
  .openapi(routes.reset, (c) => {
    rules = [];
    webhookOverride = null;
    return c.json({ ok: true as const }, 200);
  });

// Any other API address: Stripe's own 404 (after the declared routes, which it would otherwise shadow).
api.all('/v1/*', (c) => stripeError(c, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${c.req.method}: ${c.req.path.replace(/^.*\/v1\//, '/v1/')}).` }));
