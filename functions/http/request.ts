// What a handler reads of the request beyond its validated input, each in one place: the client's address, its
// browser, the password pepper of the env, the site's own origin for links, and work that may finish after the answer.
import type { Context } from 'hono';
import { isDevelopment, type AppEnv } from '../env';
import { hostName, type OrgRow } from '../db/orgs';
import { orgDomainHost } from '../db/domains';
import { afterReply } from '../lib/after-reply';

/** The caller's address as Cloudflare sees it (never the client's claim). */
export const clientIp = (c: Context<AppEnv>) => (c.req.header('cf-connecting-ip') ?? '').trim().slice(0, 64) || 'unknown';

export const userAgent = (c: Context<AppEnv>) => c.req.header('user-agent') ?? '';

export const pepper = (c: Context<AppEnv>) => c.env.PASSWORD_PEPPER ?? '';

/**
 * Work that may finish after the answer (cleanup, logs), handed to waitUntil; where there is no execution context the
 * returned promise is the work itself, for callers that must then wait for it.
 */
export function later(c: Context<AppEnv>, work: Promise<unknown>): Promise<void> {
  const safe = work.then(
    () => undefined,
    (err) => console.error(JSON.stringify({ level: 'warn', what: 'background work failed', error: String(err) })),
  );
  try {
    c.executionCtx.waitUntil(safe);
  } catch {
    return safe;
  }
  return Promise.resolve();
}

/** Work that waits until the reply has left (functions/lib/after-reply.ts), then may finish after it, as `later`. */
export function laterAfterReply(c: Context<AppEnv>, work: () => Promise<unknown>): Promise<void> {
  return later(c, afterReply(work));
}

/**
 * The site address for every link the Worker writes (mails, the payment page's ways back, short links), never taken
 * from the request (a Host of `localhost:1` once mailed links to port 1): the org's registered domain the request came
 * in on, as stored, with the scheme and port of the configured SELF_ORIGIN; on any other host, SELF_ORIGIN itself.
 * The one place a link's origin comes from (flows get it as `deps(c).origin`); tests/unit/link-origin.test.ts fails
 * on code that builds one from the request's own URL.
 */
export async function siteOrigin(c: Context<AppEnv>, org: Pick<OrgRow, 'id'> = c.get('org')): Promise<string> {
  const configured = new URL(c.env.SELF_ORIGIN);
  const host = await orgDomainHost(c.env.DB, hostName(c.req.header('host') ?? new URL(c.req.url).host), org.id);
  if (host && /^[A-Za-z0-9.-]+$/.test(host)) configured.hostname = host;
  return configured.origin;
}

/**
 * The request's clock. In development a test may set it (an `X-Dev-Now` instant, as the route declares it) to prove a
 * rule falls on the minute the pages show; anywhere else the header is ignored.
 */
export function requestNow(c: Context<AppEnv>, devNow: string | undefined): number {
  return (isDevelopment(c.env) && Date.parse(devNow ?? '')) || Date.now();
}
