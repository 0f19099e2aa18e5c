// The request's mail: the senders by org (the env decides: the mail API or the outbox) and the failure log line with
// the request id, built here once so flows take a plain Mailer.
import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { logEvent, reason } from '../log';
import type { LinkMailDeps } from '../auth/accounts';
import { requestLanguage } from './language';
import { siteOrigin } from './request';
import { mailSender, MailError, sendMail as send, type Mail, type MailEnv, type Mailer } from '../outside/mail';

export function requestMailer(c: Context<AppEnv>): Mailer {
  return {
    mailer: (orgId) => mailSender(c.env as Bindings & MailEnv, orgId),
    failed: (purpose, err) =>
      logEvent(c, 'error', 'mail.send_failed', { purpose, kind: err instanceof MailError ? err.kind : 'failed', reason: err instanceof MailError ? err.message : reason(err) }),
  };
}

/** Sends one mail for the request's org and never throws (outside/mail.ts sendMail): the failure is returned. */
export const sendMail = (c: Context<AppEnv>, mail: Mail, purpose: string) => send(requestMailer(c), c.get('org')?.id ?? null, mail, purpose);

/** The contract's 502 (the mail API refused) or 503 (it timed out) for a mail the route could not do without. */
export const mailUpstreamStatus = (failure: MailError) => (failure.kind === 'timeout' ? 503 : 502) as 502 | 503;

export type { MailError };

/** What a mail with a link needs of this request (auth/accounts.ts LinkMailDeps): built only when such a mail is sent. */
export async function linkMailDeps(c: Context<AppEnv>): Promise<LinkMailDeps> {
  const org = c.get('org');
  return { db: c.env.DB, mailer: requestMailer(c), org, origin: await siteOrigin(c, org), languageFor: (accountLanguage) => requestLanguage(c, accountLanguage) };
}
