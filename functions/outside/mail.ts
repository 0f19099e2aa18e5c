// Sending email behind one small interface: an HTTP mail API when configured, else the outbox table
// (development always uses the outbox, listed at GET /api/dev/outbox).
import type { Context } from 'hono';
import { isDevelopment, type AppEnv, type Bindings } from '../env';
import { insertOutbox, type OutboxAttachment } from '../db/outbox';
import { createEvent } from 'ics';
import { logEvent, reason } from '../log';
import { fromMinor, minorDigits } from '../../src/shared/money';
import { deadlineInHotelTime, freeCancellationDeadline } from '../../src/shared/cancellation';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
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

/** The mail sent when a booking is cancelled: what was cancelled, the refund to the card and the wallet parts given back. */
export function cancellationMail(
  orgName: string,
  to: string,
  firstName: string,
  b: { booking_ref: string; product_name: string; city: string; check_in: string; check_out: string | null; currency: string; certificate_minor: number; discount_minor: number; cash_minor: number },
  refundedMinor: number,
): Mail {
  const money = (minor: number) => `${fromMinor(minor, b.currency).toFixed(minorDigits(b.currency))} ${b.currency}`;
  const wallet = b.certificate_minor + b.discount_minor + b.cash_minor;
  const lines = [
    `Your booking ${b.booking_ref} is cancelled: ${b.product_name}, ${b.city}, ${b.check_out ? `${b.check_in} to ${b.check_out}` : b.check_in}.`,
    refundedMinor > 0 ? `We refunded ${money(refundedMinor)} to your card; it usually shows within 5 to 10 days.` : 'Nothing was paid by card for this booking.',
    ...(wallet > 0 ? [`The wallet parts (${money(wallet)}) are back in your wallet.`] : []),
  ];
  const text = `Hello ${firstName || 'traveller'},\n\n${lines.join('\n')}\n`;
  const html = `<p>${escapeHtml(`Hello ${firstName || 'traveller'},`)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`;
  return { to, subject: `${orgName}: booking ${b.booking_ref} cancelled`, text, html };
}

export interface ConfirmedStay {
  booking_ref: string;
  product_name: string;
  city: string;
  check_in: string;
  check_out: string | null;
  guests: number;
  currency: string;
  price_minor: number;
  certificate_minor: number;
  discount_minor: number;
  cash_minor: number;
  paid_minor: number;
}

const dateParts = (d: string): [number, number, number] => d.split('-').map(Number) as [number, number, number];

/** The stay as a calendar entry (all-day, from check-in to check-out; an activity is its day). */
export function stayCalendar(b: ConfirmedStay, manageUrl: string): string {
  const end = b.check_out ?? new Date(Date.parse(`${b.check_in}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const { error, value } = createEvent({
    uid: `${b.booking_ref}@travel-club`,
    productId: 'travel-club/booking',
    title: `${b.product_name}, ${b.city}`,
    description: `Booking ${b.booking_ref}. Manage it: ${manageUrl}`,
    location: b.city,
    url: manageUrl,
    start: dateParts(b.check_in),
    end: dateParts(end),
    status: 'CONFIRMED',
  });
  if (error || !value) throw new Error(`calendar entry: ${String(error)}`);
  return value;
}

/** The org as its mails show it: its name, and its logo when it has one. */
export interface MailBrand {
  name: string;
  logo_url?: string | null;
}

export interface ConfirmedBooking extends ConfirmedStay {
  product_type: string;
  total_minor: number;
  traveler: string;
  time_zone: string;
}

/**
 * The confirmation, the traveller's record of the booking: the org's name and logo on top, the itinerary, the price
 * and what each means paid (wallet parts, card), the reference, the cancellation terms (the cancel flow's own rule),
 * a link to manage the booking and an .ics entry. Null when the booking has no address to send it to.
 */
export function confirmationMail(brand: MailBrand, b: ConfirmedBooking, manageUrl: string, fallbackTo?: string): Mail | null {
  const traveler = JSON.parse(b.traveler) as { email?: string; first_name?: string; last_name?: string };
  const to = traveler.email || fallbackTo;
  if (!to) return null;
  const money = (minor: number) => `${fromMinor(minor, b.currency).toFixed(minorDigits(b.currency))} ${b.currency}`;
  const deadline = freeCancellationDeadline(b.product_type, b.check_in, b.time_zone);
  const lines = [
    `Your booking ${b.booking_ref} is confirmed.`,
    `${b.product_name}, ${b.city}: ${b.check_out ? `${b.check_in} to ${b.check_out}` : b.check_in}, ${b.guests} guest${b.guests === 1 ? '' : 's'}.`,
    `Traveller: ${[traveler.first_name, traveler.last_name].filter(Boolean).join(' ')}.`,
    `Price: ${money(b.price_minor)}.`,
    ...(b.certificate_minor ? [`Certificate: ${money(b.certificate_minor)}.`] : []),
    ...(b.discount_minor ? [`Discount card: ${money(b.discount_minor)}.`] : []),
    ...(b.cash_minor ? [`Cash card: ${money(b.cash_minor)}.`] : []),
    `Paid by card: ${money(b.paid_minor)}.`,
    `Total paid: ${money(b.total_minor)}.`,
    `Cancellation: ${deadline ? `free until ${deadlineInHotelTime('en-US', deadline, b.time_zone)} (hotel time, ${b.time_zone}); after that the booking can no longer be cancelled and is not refunded` : 'non-refundable'}.`,
  ];
  const mail = linkMail(to, `${brand.name}: booking ${b.booking_ref} confirmed`, `Hello ${traveler.first_name || 'traveller'},`, lines, 'Manage your booking', manageUrl);
  const logo = brand.logo_url && /^https?:\/\//.test(brand.logo_url) ? `<img src="${escapeHtml(brand.logo_url)}" alt="" height="40"> ` : '';
  return {
    ...mail,
    text: `${brand.name}\n\n${mail.text}\n${brand.name}\n`,
    html: `<h1>${logo}${escapeHtml(brand.name)}</h1>${mail.html}<p>${escapeHtml(brand.name)}</p>`,
    attachments: [{ filename: `booking-${b.booking_ref}.ics`, contentType: 'text/calendar; charset=utf-8', content: stayCalendar(b, manageUrl) }],
  };
}

/** The first admin of a new org (npm run admin -- create-org): a link to choose a password on the org's own address. */
export function adminInviteMail(orgName: string, to: string, link: string, validHours: number): Mail {
  return linkMail(
    to,
    `${orgName}: your site is ready`,
    'Hello,',
    [`The site ${orgName} is ready and you are its admin.`, `Choose your password to sign in and run the console. The link works once and expires in ${validHours} hours.`],
    'Choose my password',
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
