// Sending email behind one small interface: an HTTP mail API when configured, else the outbox table
// (development always uses the outbox, listed at GET /api/dev/outbox).
import { isDevelopment, type Bindings } from '../env';
import { insertOutbox, type OutboxAttachment } from '../db/outbox';
import { createEvent } from 'ics';
import { reason } from '../log';
import { formatMoney, fromMinor, minorDigits } from '../../src/shared/rules/money';
import { formatDayRange, formatInstant, LONG_DAY } from '../../src/shared/rules/format-day';
import { mailText } from '../../src/shared/i18n/mail';
import { escapeHtml } from '../../src/shared/rules/html-text';
import type { LabelVars } from '../../src/shared/i18n/translate';
import { deadlineInHotelTime, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import { bookedRateOf } from '../db/bookings';
import type { StayFacts } from '../../src/shared/contract/booking';

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

/** A request's senders by org and its failure log line (built by functions/http/mailer.ts), for flows that mail. */
export interface Mailer {
  mailer: (orgId: number | null) => MailSender;
  failed: (purpose: string, err: unknown) => void;
}

/**
 * Sends one mail and never throws: a failure is logged once (event `mail.send_failed`, with the request id) and
 * returned, so the route answers its documented status and decides what (not) to write. Never retried here: a mail API
 * that timed out may still have sent it.
 */
export async function sendMail(m: Mailer, orgId: number | null, mail: Mail, purpose: string): Promise<MailError | null> {
  try {
    await m.mailer(orgId).send(mail);
    return null;
  } catch (err) {
    const failure = err instanceof MailError ? err : new MailError('failed', reason(err));
    m.failed(purpose, failure);
    return failure;
  }
}

function linkMail(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${action}: ${link}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}

const greeting = (language: string, firstName: string) => (firstName ? mailText(language, 'hello', { name: firstName }) : mailText(language, 'hello_anonymous'));
const moneyIn = (language: string, currency: string) => (minor: number) => formatMoney(minor, currency, language);
const stayDates = (language: string, checkIn: string, checkOut: string | null) => formatDayRange(language, checkIn, checkOut, LONG_DAY);

export function verificationMail(orgName: string, to: string, firstName: string, link: string, language: string): Mail {
  const t = (key: string) => mailText(language, key, { org: orgName });
  return linkMail(to, t('verify_subject'), greeting(language, firstName), [t('verify_thanks'), t('verify_body')], t('verify_action'), link);
}

/** An invitation to join the org with a role (docs/contract.md#invitations): its link works once, for 7 days. */
export function invitationMail(orgName: string, to: string, inviter: string, role: string, link: string, language: string): Mail {
  const vars = { org: orgName, inviter, role: mailText(language, `invite_role_${role}`) };
  const t = (key: string) => mailText(language, key, vars);
  return linkMail(to, t('invite_subject'), mailText(language, 'hello_plain'), [t('invite_body'), t('invite_expiry')], t('invite_action'), link);
}

export function resetMail(orgName: string, to: string, firstName: string, link: string, language: string): Mail {
  const t = (key: string) => mailText(language, key, { org: orgName });
  return linkMail(to, t('reset_subject'), greeting(language, firstName), [t('reset_asked'), t('reset_body')], t('reset_action'), link);
}

/** The mail sent when a booking is cancelled: what was cancelled, the refund to the card and the wallet parts given back. */
export function cancellationMail(
  orgName: string,
  to: string,
  firstName: string,
  b: { booking_ref: string; product_name: string; city: string; check_in: string; check_out: string | null; currency: string; certificate_minor: number; discount_minor: number; cash_minor: number },
  refundedMinor: number,
  language: string,
): Mail {
  const money = moneyIn(language, b.currency);
  const wallet = b.certificate_minor + b.discount_minor + b.cash_minor;
  const lines = [
    mailText(language, 'cancelled_what', { ref: b.booking_ref, product: b.product_name, city: b.city, dates: stayDates(language, b.check_in, b.check_out) }),
    refundedMinor > 0 ? mailText(language, 'cancelled_refund', { amount: money(refundedMinor) }) : mailText(language, 'cancelled_no_card'),
    ...(wallet > 0 ? [mailText(language, 'cancelled_wallet', { amount: money(wallet) })] : []),
  ];
  const hello = greeting(language, firstName);
  const text = `${hello}\n\n${lines.join('\n')}\n`;
  const html = `<p>${escapeHtml(hello)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`;
  return { to, subject: mailText(language, 'cancelled_subject', { org: orgName, ref: b.booking_ref }), text, html };
}

export interface ConfirmedStay extends StayFacts {
  booking_ref: string;
  price_minor: number;
  certificate_minor: number;
  discount_minor: number;
  cash_minor: number;
  paid_minor: number;
}

const dateParts = (d: string): [number, number, number] => d.split('-').map(Number) as [number, number, number];

/** The stay as a calendar entry (all-day, from check-in to check-out; an activity is its day). */
export function stayCalendar(b: ConfirmedStay, manageUrl: string, language = 'en-US'): string {
  const end = b.check_out ?? new Date(Date.parse(`${b.check_in}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const { error, value } = createEvent({
    uid: `${b.booking_ref}@travel-club`,
    productId: 'travel-club/booking',
    title: `${b.product_name}, ${b.city}`,
    description: mailText(language, 'confirmed_calendar', { ref: b.booking_ref, link: manageUrl }),
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
  /** The rate plan booked, as the booking row keeps it (its cancellation terms). */
  rate?: string | null;
}

/**
 * The confirmation, the traveller's record of the booking: the org's name and logo on top, the itinerary, the price
 * and what each means paid (wallet parts, card), the reference, the cancellation terms (the cancel flow's own rule),
 * a link to manage the booking and an .ics entry. Null when the booking has no address to send it to.
 */
export function confirmationMail(brand: MailBrand, b: ConfirmedBooking, manageUrl: string, language: string, fallbackTo?: string): Mail | null {
  const traveler = JSON.parse(b.traveler) as { email?: string; first_name?: string; last_name?: string };
  const to = traveler.email || fallbackTo;
  if (!to) return null;
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const money = moneyIn(language, b.currency);
  // The rate plan's own terms when it has any (docs/contract.md#rooms-rates-and-availability), else the product type's.
  const deadline = rateCancellationDeadline(b.product_type, bookedRateOf({ rate: b.rate ?? null }), b.check_in, b.time_zone);
  const lines = [
    t('confirmed_ref', { ref: b.booking_ref }),
    t('confirmed_stay', { product: b.product_name, city: b.city, dates: stayDates(language, b.check_in, b.check_out), n: b.guests }),
    t('confirmed_traveller', { name: [traveler.first_name, traveler.last_name].filter(Boolean).join(' ') }),
    t('confirmed_price', { amount: money(b.price_minor) }),
    ...(b.certificate_minor ? [t('confirmed_certificate', { amount: money(b.certificate_minor) })] : []),
    ...(b.discount_minor ? [t('confirmed_discount', { amount: money(b.discount_minor) })] : []),
    ...(b.cash_minor ? [t('confirmed_cash', { amount: money(b.cash_minor) })] : []),
    t('confirmed_card', { amount: money(b.paid_minor) }),
    t('confirmed_total', { amount: money(b.total_minor) }),
    deadline ? t('confirmed_cancel_free', { deadline: deadlineInHotelTime(language, deadline, b.time_zone) }) : t('confirmed_cancel_none'),
  ];
  const mail = linkMail(to, t('confirmed_subject', { org: brand.name, ref: b.booking_ref }), greeting(language, traveler.first_name ?? ''), lines, t('confirmed_manage'), manageUrl);
  const logo = brand.logo_url && /^https?:\/\//.test(brand.logo_url) ? `<img src="${escapeHtml(brand.logo_url)}" alt="" height="40"> ` : '';
  return {
    ...mail,
    text: `${brand.name}\n\n${mail.text}\n${brand.name}\n`,
    html: `<h1>${logo}${escapeHtml(brand.name)}</h1>${mail.html}<p>${escapeHtml(brand.name)}</p>`,
    attachments: [{ filename: `booking-${b.booking_ref}.ics`, contentType: 'text/calendar; charset=utf-8', content: stayCalendar(b, manageUrl, language) }],
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
