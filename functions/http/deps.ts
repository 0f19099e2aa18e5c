// What a request gives the flows, built here once per request (docs/decisions/0054-one-declaration-per-route.md): the
// database, the org and its site origin (the one place links start), the clock, the password pepper, the caller's
// address and browser, the reader's language, the request's log line, the outside providers (payments among them),
// the mails, the request's session token, and the attempt limits' word on this attempt.
// A flow names the part it needs as its own interface; it never reaches for the request itself.
import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { requestLog, type Log } from '../log';
import type { OrgRow } from '../db/orgs';
import type { LinkMailDeps } from '../auth/accounts';
import { verifySocialToken } from '../auth/social';
import type { ProviderIdentity } from '../outside/identity';
import { httpSavingsProvider, type SavingsProvider } from '../outside/savings';
import { paymentsFor, type Payments } from '../outside/payments';
import type { Mailer } from '../outside/mail';
import type { Language } from '../../src/shared/i18n/types';
import { linkMailDeps, requestMailer } from './mailer';
import { requestLanguage } from './language';
import { LIMITS, overLimit, settleAttempt } from './rate-limit';
import { clientIp, later, pepper, siteOrigin, userAgent } from './request';
import { requestToken } from './session';

/** The attempt limits' names (functions/http/rate-limit.ts LIMITS). */
export type LimitName = keyof typeof LIMITS;

export interface RequestDeps {
  db: D1Database;
  /** The bindings, for the few values a flow reads of them (the savings program, the org's SSO secret, the rate key). */
  env: Bindings;
  org: OrgRow;
  /**
   * The org's site origin for every link a flow writes (mails, the payment page's ways back): functions/http/request.ts
   * siteOrigin, never the request's Host. Read from D1 when first asked.
   */
  origin: () => Promise<string>;
  clock: () => number;
  pepper: string;
  ip: string;
  userAgent: string;
  log: Log;
  /** The language an answer (and a mail it causes) is in: the request's, else the account's, else the org's. */
  language: (accountLanguage?: string | null) => Language;
  /** The verified identity behind a Google or Facebook token for the org (auth/social.ts verifySocialToken). */
  identity: (provider: 'google' | 'facebook', token: string) => Promise<ProviderIdentity | null>;
  /** The daily-savings provider, made when a flow first calls it. */
  savings: () => SavingsProvider;
  /** The payment provider (functions/outside/payments.ts), made when a flow first calls it. */
  payments: () => Payments;
  /** The mail senders by org and the failure log line with the request id. */
  mail: Mailer;
  /** What a mail with a link needs (its origin is read from D1), built only when such a mail is sent. */
  linkMail: () => Promise<LinkMailDeps>;
  /** The request's session token (Bearer or cookie): a sign-in ends its session, a sign-out deletes it. */
  sessionToken: string | null;
  /** Work that may finish after the answer. */
  later: (work: Promise<unknown>) => unknown;
  /** The route's word on its reserved attempts: this one counts (`keep`), or whether a flagging limit is spent (`over`). */
  attempts: { keep: (limit: LimitName) => void; over: (limit: LimitName) => boolean };
}

export function deps(c: Context<AppEnv>): RequestDeps {
  const org = c.get('org');
  const log = requestLog(c);
  let origin: Promise<string> | undefined;
  let payments: Payments | undefined;
  return {
    db: c.env.DB,
    env: c.env,
    org,
    origin: () => (origin ??= siteOrigin(c, org)),
    clock: () => Date.now(),
    pepper: pepper(c),
    ip: clientIp(c),
    userAgent: userAgent(c),
    log,
    language: (accountLanguage) => requestLanguage(c, accountLanguage),
    identity: (provider, token) => verifySocialToken(c.env, org, log, provider, token),
    savings: () => httpSavingsProvider(c.env),
    payments: () => (payments ??= paymentsFor(c.env)),
    mail: requestMailer(c),
    linkMail: () => linkMailDeps(c),
    sessionToken: requestToken(c),
    later: (work) => later(c, work),
    attempts: {
      keep: (limit) => settleAttempt(c, LIMITS[limit], 'keep'),
      over: (limit) => overLimit(c, LIMITS[limit]),
    },
  };
}
