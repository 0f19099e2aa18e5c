// Sending email behind one small interface: an HTTP mail API when configured, else the outbox table
// (development always uses the outbox, listed at GET /api/dev/outbox).
import type { Context } from 'hono';
import { isDevelopment, type AppEnv, type Bindings } from '../env';
import { insertOutbox } from '../db/outbox';
import { logEvent, reason } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}

/** Settings this area reads beyond the shared Bindings. */
export interface MailEnv {
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
}

export function outboxSender(db: D1Database, orgId: number | null): MailSender {
  return { send: async (mail) => void (await insertOutbox(db, orgId, mail).run()) };
}

/** A mail that did not go out: the mail API refused it or did not answer in time. */
// No parameter properties: `npm run admin` loads this file through Node's type stripping, which refuses them.
export class MailError extends Error {
  readonly kind: 'failed' | 'timeout';
  constructor(kind: 'failed' | 'timeout', message: string) {
    super(message);
    this.kind = kind;
    this.name = 'MailError';
  }
}

export const MAIL_TIMEOUT_MS = 5000;

/** A JSON mail API (`POST { from, to, subject, text, html }` with a bearer key), as most transactional providers take. */
export function httpSender(url: string, key: string, from: string): MailSender {
  return {
    async send(mail) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ from, ...mail }),
          signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new MailError(timedOut ? 'timeout' : 'failed', timedOut ? `mail API did not answer in ${MAIL_TIMEOUT_MS} ms` : reason(err));
      }
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new MailError('failed', `mail API answered ${res.status}`);
    },
  };
}

export function mailSender(env: Bindings & MailEnv, orgId: number | null): MailSender {
  if (!isDevelopment(env) && env.MAIL_API_URL) return httpSender(env.MAIL_API_URL, env.MAIL_API_KEY ?? '', env.MAIL_FROM ?? 'no-reply@example.com');
  return outboxSender(env.DB, orgId);
}

/**
 * Sends one mail for the request and never throws: a failure is logged once (event `mail.send_failed`, with the
 * request id) and returned, so the route answers its documented status and decides what (not) to write. Never
 * retried here: a mail API that timed out may still have sent it.
 */
export async function sendMail(c: Context<AppEnv>, mail: Mail, purpose: string): Promise<MailError | null> {
  try {
    await mailSender(c.env as Bindings & MailEnv, c.get('org')?.id ?? null).send(mail);
    return null;
  } catch (err) {
    const failure = err instanceof MailError ? err : new MailError('failed', reason(err));
    logEvent(c, 'error', 'mail.send_failed', { purpose, kind: failure.kind, reason: failure.message });
    return failure;
  }
}

/** The contract's 502 (the mail API refused) or 503 (it timed out) for a mail the route could not do without. */
export const mailUpstreamStatus = (failure: MailError) => (failure.kind === 'timeout' ? 503 : 502) as 502 | 503;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function linkMail(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${action}: ${link}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}

export function verificationMail(orgName: string, to: string, firstName: string, link: string): Mail {
  return linkMail(
    to,
    `${orgName}: please confirm your email address`,
    `Hello ${firstName || 'traveller'},`,
    [`Thank you for signing up to ${orgName}.`, 'Please confirm your email address to finish your registration. The link works once and expires in 48 hours.'],
    'Confirm my email address',
    link,
  );
}

export function resetMail(orgName: string, to: string, firstName: string, link: string): Mail {
  return linkMail(
    to,
    `${orgName}: reset your password`,
    `Hello ${firstName || 'traveller'},`,
    ['Someone (hopefully you) asked to reset the password of your account.', 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    'Choose a new password',
    link,
  );
}

/** An enquiry from the cruise, flight or help form, to the org's support address. */
export function enquiryMail(orgName: string, to: string, e: { kind: string; name: string; email: string; check_in?: string; check_out?: string; travellers?: number; message: string }): Mail {
  const lines = [
    `From: ${e.name} <${e.email}>`,
    ...(e.check_in || e.check_out ? [`Dates: ${e.check_in ?? '—'} to ${e.check_out ?? '—'}`] : []),
    ...(e.travellers ? [`Travellers: ${e.travellers}`] : []),
    '',
    e.message,
  ];
  return {
    to,
    subject: `${orgName}: ${e.kind} enquiry from ${e.name}`,
    text: `${lines.join('\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  };
}
