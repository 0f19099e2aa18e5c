// The payment provider behind one small interface: Stripe Checkout through the official SDK with its fetch HTTP
// client (it runs inside the Worker), idempotency keys on every create and refund, and the SDK's own webhook check.
import Stripe from 'stripe';

/** Stripe's default tolerance for a webhook signature's timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_S = 300;
export const PAYMENTS_TIMEOUT_MS = 8_000;

export interface PaymentsConfig {
  /** Base address of the API: https://api.stripe.com, or the simulator's (its path is kept as a prefix). */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  timeoutMs?: number;
  /** Network retries the SDK makes on a connection error or a 5xx (each with the same idempotency key). */
  maxNetworkRetries?: number;
  fetch?: typeof fetch;
}

export type SessionStatus = 'open' | 'complete' | 'expired';

export interface PaymentSession {
  id: string;
  url: string | null;
  status: SessionStatus;
  paid: boolean;
  amountMinor: number;
  /** ISO 4217, upper case as the rest of the product writes it. */
  currency: string;
  paymentIntentId: string | null;
  bookingRef: string | null;
  expiresAt: number;
  successUrl: string | null;
}

export interface PaymentRefund {
  id: string;
  amountMinor: number;
  currency: string;
  paymentIntentId: string;
  status: string;
}

export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  /** The checkout session the event is about (checkout.session.* events), else null. */
  session: PaymentSession | null;
}

export interface NewCheckoutSession {
  bookingRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds; Stripe takes 30 minutes to 24 hours from now. */
  expiresAt: number;
  idempotencyKey: string;
}

export interface NewRefund {
  paymentIntentId: string;
  amountMinor: number;
  bookingRef: string;
  idempotencyKey: string;
}

/**
 * The provider failed or could not be reached (`unavailable`: answer 502, nothing was decided there) or it refused
 * the request (`refused`: a 4xx; `code` carries Stripe's code, e.g. charge_already_refunded).
 */
export class PaymentProviderError extends Error {
  readonly kind: 'unavailable' | 'refused';
  readonly code: string | null;
  readonly status: number | null;
  constructor(kind: 'unavailable' | 'refused', message: string, code: string | null = null, status: number | null = null) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.code = code;
    this.status = status;
  }
}

/** The webhook's Stripe-Signature header is missing, forged, or older than the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface Payments {
  createCheckoutSession(input: NewCheckoutSession): Promise<PaymentSession>;
  retrieveCheckoutSession(id: string): Promise<PaymentSession>;
  expireCheckoutSession(id: string): Promise<PaymentSession>;
  refund(input: NewRefund): Promise<PaymentRefund>;
  /** Checks the signature with the SDK (async, Web Crypto) and returns the event it signs; `receivedAtMs` defaults to now. */
  verifyWebhook(payload: string, signature: string | undefined | null, receivedAtMs?: number): Promise<PaymentEvent>;
}

/** A fetch that puts the configured base path in front of the SDK's `/v1/...` paths (the SDK only takes host, port and protocol). */
function prefixedFetch(base: URL, inner: typeof fetch): typeof fetch {
  const prefix = base.pathname.replace(/\/+$/, '');
  if (!prefix) return inner;
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    url.pathname = `${prefix}${url.pathname}`;
    return inner(url.toString(), init);
  };
}

export function stripeClient(config: PaymentsConfig): Stripe {
  const base = new URL(config.apiUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(prefixedFetch(base, config.fetch ?? ((input, init) => fetch(input, init)))),
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: config.timeoutMs ?? PAYMENTS_TIMEOUT_MS,
    maxNetworkRetries: config.maxNetworkRetries ?? 1,
    telemetry: false,
  });
}

function toSession(s: Stripe.Checkout.Session): PaymentSession {
  if (typeof s?.id !== 'string' || typeof s.amount_total !== 'number' || typeof s.currency !== 'string') {
    throw new PaymentProviderError('unavailable', 'The payment provider answered a checkout session in an unexpected shape');
  }
  return {
    id: s.id,
    url: s.url ?? null,
    status: (s.status ?? 'open') as SessionStatus,
    paid: s.payment_status === 'paid',
    amountMinor: s.amount_total,
    currency: s.currency.toUpperCase(),
    paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    bookingRef: s.metadata?.booking_ref ?? s.client_reference_id ?? null,
    expiresAt: s.expires_at,
    successUrl: s.success_url ?? null,
  };
}

/** The SDK's errors to ours: a 4xx is the provider's decision, anything else means it was not reached or failed. */
function providerError(err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? null;
    if (status !== null && status >= 400 && status < 500 && status !== 429) {
      return new PaymentProviderError('refused', err.message, err.code ?? err.rawType ?? null, status);
    }
    return new PaymentProviderError('unavailable', `The payment provider failed: ${err.message}`, err.code ?? null, status);
  }
  // Malformed answers surface as SyntaxError or TypeError from the SDK's parsing.
  return new PaymentProviderError('unavailable', `The payment provider answered something unexpected: ${err instanceof Error ? err.message : String(err)}`);
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw providerError(err);
  }
}

export function stripePayments(config: PaymentsConfig): Payments {
  const stripe = stripeClient(config);
  const crypto = Stripe.createSubtleCryptoProvider();
  return {
    createCheckoutSession: (input) =>
      guarded(async () =>
        toSession(
          await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountMinor, product_data: { name: input.description } } }],
              client_reference_id: input.bookingRef,
              metadata: { booking_ref: input.bookingRef },
              payment_intent_data: { metadata: { booking_ref: input.bookingRef } },
              ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              expires_at: input.expiresAt,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    retrieveCheckoutSession: (id) => guarded(async () => toSession(await stripe.checkout.sessions.retrieve(id))),
    expireCheckoutSession: (id) => guarded(async () => toSession(await stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }))),
    refund: (input) =>
      guarded(async () => {
        const r = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountMinor, metadata: { booking_ref: input.bookingRef } },
          { idempotencyKey: input.idempotencyKey },
        );
        if (typeof r?.id !== 'string' || typeof r.amount !== 'number') throw new PaymentProviderError('unavailable', 'The payment provider answered a refund in an unexpected shape');
        return { id: r.id, amountMinor: r.amount, currency: r.currency.toUpperCase(), paymentIntentId: input.paymentIntentId, status: r.status ?? 'pending' };
      }),
    async verifyWebhook(payload, signature, receivedAtMs) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      if (!config.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, config.webhookSecret, WEBHOOK_TOLERANCE_S, crypto, receivedAtMs);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'The signature does not match');
      }
      const object = event.data?.object as { object?: string } | undefined;
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        session: object?.object === 'checkout.session' ? toSession(object as Stripe.Checkout.Session) : null,
      };
    },
  };
}

/** Settings this area reads (wrangler vars and secrets). */
export interface PaymentsEnv {
  SELF_ORIGIN: string;
  STRIPE_API_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}

/** The configured provider; a relative STRIPE_API_URL (the simulator) is resolved against SELF_ORIGIN. */
export function paymentsFor(env: PaymentsEnv): Payments {
  const configured = env.STRIPE_API_URL || 'https://api.stripe.com';
  const apiUrl = configured.startsWith('/') ? new URL(configured, env.SELF_ORIGIN || 'http://127.0.0.1:8787').toString() : configured;
  return stripePayments({ apiUrl, secretKey: env.STRIPE_SECRET_KEY ?? '', webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '' });
}
