// The Worker's bindings, vars and secrets, and the per-request values the middleware puts on the context.
import type { OrgRow } from './db/orgs';
import type { SessionUser } from './auth/session-user';

export interface Bindings {
  DB: D1Database;
  ASSETS: Fetcher;
  /** Product photos, every width and format made at upload (docs/decisions/0032-photographs.md). */
  PHOTOS: R2Bucket;
  /** Cloudflare Images: reads an upload's type and size and makes its widths and formats (locally miniflare's, with sharp). */
  IMAGES: ImagesBinding;
  ENVIRONMENT: string;
  SELF_ORIGIN: string;
  RATES_API_URL: string;
  SAVINGS_PROGRAM_ID: string;
  SAVINGS_MEMBER_PREFIX: string;
  SAVINGS_DIRECTOR_URL: string;
  SAVINGS_API_URL: string;
  SAVINGS_API_KEY?: string;
  /**
   * How long the savings provider may take, in ms (default 3 s). The fuzz gate raises it: its load starves the simulator
   * that the same Worker serves, and the gate tests the routes' inputs, not the provider's speed.
   */
  SAVINGS_TIMEOUT_MS?: string;
  GOOGLE_JWKS_URL: string;
  GOOGLE_ISSUER: string;
  FACEBOOK_GRAPH_URL: string;
  GOOGLE_AUTHORIZE_URL?: string;
  FACEBOOK_AUTHORIZE_URL?: string;
  FACEBOOK_APP_SECRET?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  SHOW_LABEL_KEYS: string;
  /** The platform's own domain: a new org answers on <slug>.<PLATFORM_DOMAIN> at once. */
  PLATFORM_DOMAIN: string;
  /** Cloudflare for SaaS custom hostnames: API base address and the zone the hostnames belong to; token is a secret. */
  CF_API_URL: string;
  CF_ZONE_ID: string;
  CF_API_TOKEN?: string;
  PASSWORD_PEPPER?: string;
  /** Signs the rate_id a product's rates answer (docs/decisions/0057-rooms-rates-and-availability.md). */
  RATE_SIGNING_KEY?: string;
  /** The bed bank's base address (docs/decisions/0068): Hotelbeds APItude, locally the simulator ("/_sim/hotelbeds"). */
  HOTELBEDS_API_URL?: string;
  /** Where the bed bank's image paths resolve (the simulator's are the app's own photographs, "/api/images/"). */
  HOTELBEDS_PHOTOS_URL?: string;
  /** Seals the suppliers' secrets at rest (AES-GCM; docs/decisions/0068). */
  SUPPLIER_SECRETS_KEY?: string;
  /** How long a search waits for the bed bank, in ms (default 1,500; docs/decisions/0071-supplier-search-merge.md). */
  SUPPLIER_SEARCH_BUDGET_MS?: string;
  STRIPE_API_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Where the payment simulator delivers its webhooks (development only; Stripe's dashboard holds the real address). */
  STRIPE_WEBHOOK_URL?: string;
  /** Each org that enables single sign-on has its own secret; an org without one has no SSO. */
  [ssoSecret: `SSO_SECRET_ORG_${number}`]: string | undefined;
}

export interface Variables {
  requestId: string;
  org: OrgRow;
  user: SessionUser;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };

export const isDevelopment = (env: Pick<Bindings, 'ENVIRONMENT'>) => env.ENVIRONMENT === 'development';

/** Configured service addresses may be relative ("/_sim/…"): they then point at this Worker's own origin. */
export function serviceUrl(env: Pick<Bindings, 'SELF_ORIGIN'>, configured: string): string {
  return configured.startsWith('/') ? new URL(configured, env.SELF_ORIGIN || 'http://127.0.0.1:8787').toString() : configured;
}
