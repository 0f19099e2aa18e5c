// Request guards shared by /api and the pages: JSON-only state changes, same-origin check, security headers.
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors';
import type { AppEnv } from './env';
import { CHANNEL_OTA_PATH } from '../src/shared/contract/channel';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (scheme, host and port, normalised) an address names, or null when it names none. */
function originOf(address: string): string | null {
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Whether `address` (an Origin or a Referer) is on this site's origin: the request's scheme, its Host and port. */
export function isThisOrigin(c: Context<AppEnv>, address: string): boolean {
  const url = new URL(c.req.url);
  const site = originOf(`${url.protocol}//${c.req.header('host') ?? url.host}`);
  return site !== null && originOf(address) === site;
}

/**
 * hono/csrf only looks at form content types, so a JSON API needs its own Origin / Sec-Fetch-Site check. The Origin
 * must be this site's own origin: scheme, host and port (an http page is not the https site, nor another port).
 */
export const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const origin = c.req.header('origin');
    let crossOrigin = c.req.header('sec-fetch-site') === 'cross-site';
    if (origin) crossOrigin ||= !isThisOrigin(c, origin);
    if (crossOrigin) throw new ApiError(403, 'FORBIDDEN', 'Cross-site requests are not allowed');
  }
  await next();
};

/** The one route that takes a file: the console's CSV import of wallet cards (it checks its own type). */
const CSV_UPLOADS = new Set(['/api/admin/cards/import']);

/** The console's photo upload: its body is the image itself, checked from its bytes by the route (docs/decisions/0032). */
export const isPhotoUpload = (method: string, path: string) => method === 'POST' && /^\/api\/admin\/products\/[^/]+\/photos$/.test(path);

/** The console's logo upload: its body is the image itself, checked from its bytes by the route (decision 0066). */
export const isLogoUpload = (method: string, path: string) => method === 'POST' && path === '/api/admin/logo';

/** A channel manager's OpenTravel message: its body is XML, checked by the route (docs/decisions/0058-ota-xml.md). */
export const isChannelPush = (method: string, path: string) => method === 'POST' && path === CHANNEL_OTA_PATH;

/** State-changing requests with a body must send JSON. */
export const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method) && !CSV_UPLOADS.has(c.req.path) && !isPhotoUpload(c.req.method, c.req.path) && !isLogoUpload(c.req.method, c.req.path) && !isChannelPush(c.req.method, c.req.path)) {
    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (hasBody && type !== 'application/json') {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
    }
  }
  await next();
};

const COMMON_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // allow-popups: the Google and Facebook sign-in popups must be able to hand their result back to the page.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
};

/** The API answers data only: nothing in it may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/** Pages also carry Astro's hashed script/style CSP in a meta tag; frame-ancestors only works as a header. */
export const PAGE_CSP =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'; img-src 'self' data: https:; connect-src 'self'";

export function applySecurityHeaders(headers: Headers, csp: string) {
  for (const [k, v] of Object.entries(COMMON_HEADERS)) headers.set(k, v);
  headers.set('Content-Security-Policy', csp);
}
