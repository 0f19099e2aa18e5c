// Sending email behind one small interface: an HTTP mail API when configured, else the outbox table
// (development always uses the outbox, listed at GET /api/dev/outbox).
import { isDevelopment, type Bindings } from '../env';
import { insertOutbox, type OutboxAttachment } from '../db/outbox';
import { createEvent } from 'ics';
import { reason } from '../log';
import { formatMoney } from '../../src/shared/rules/money';
import { formatDay, formatDayRange, LONG_DAY } from '../../src/shared/rules/format-day';
import { mailText } from '../../src/shared/i18n/mail';
import type { LabelVars } from '../../src/shared/i18n/translate';
import { feePercentAfterDeadline, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import { bookingTranslator, cancellationLine } from '../../src/shared/i18n/cancellation-line';
import { bookedRateOf, bookedRoomOf } from '../db/bookings';
import { nameIn } from '../../src/shared/rules/stay-rates';
import type { StayFacts } from '../../src/shared/contract/booking';
import { brandedParts, type MailBlock, type MailBrand } from './mail-layout';

export type { MailBrand } from './mail-layout';

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

/** A mail in the org's brand (mail-layout.ts): every mail the product sends is put together here. */
export function brandedMail(brand: MailBrand, to: string, language: string, subject: string, blocks: MailBlock[], more: { preheader?: string; footer?: string; attachments?: OutboxAttachment[] } = {}): Mail {
  const { html, text } = brandedParts(brand, { language, subject, blocks, preheader: more.preheader, footer: more.footer });
  return { to, subject, text, html, ...(more.attachments ? { attachments: more.attachments } : {}) };
}

/** A mail whose point is one link (confirm an address, choose a password, accept an invitation). */
function linkMail(brand: MailBrand, language: string, to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const blocks: MailBlock[] = [{ kind: 'text', text: greeting }, ...lines.map((text): MailBlock => ({ kind: 'text', text })), { kind: 'action', label: action, href: link }];
  return brandedMail(brand, to, language, subject, blocks, { footer: mailText(language, 'mail_footer_account') });
}

const greeting = (language: string, firstName: string) => (firstName ? mailText(language, 'hello', { name: firstName }) : mailText(language, 'hello_anonymous'));
const moneyIn = (language: string, currency: string) => (minor: number) => formatMoney(minor, currency, language);
const stayDates = (language: string, checkIn: string, checkOut: string | null) => formatDayRange(language, checkIn, checkOut, LONG_DAY);
const brandOf = (brand: MailBrand | string): MailBrand => (typeof brand === 'string' ? { name: brand } : brand);

export function verificationMail(org: MailBrand | string, to: string, firstName: string, link: string, language: string): Mail {
  const brand = brandOf(org);
  const t = (key: string) => mailText(language, key, { org: brand.name });
  return linkMail(brand, language, to, t('verify_subject'), greeting(language, firstName), [t('verify_thanks'), t('verify_body')], t('verify_action'), link);
}

/** An invitation to join the org with a role (docs/contract.md#invitations): its link works once, for 7 days. */
export function invitationMail(org: MailBrand | string, to: string, inviter: string, role: string, link: string, language: string): Mail {
  const brand = brandOf(org);
  const vars = { org: brand.name, inviter, role: mailText(language, `invite_role_${role}`) };
  const t = (key: string) => mailText(language, key, vars);
  return linkMail(brand, language, to, t('invite_subject'), mailText(language, 'hello_plain'), [t('invite_body'), t('invite_expiry')], t('invite_action'), link);
}

export function resetMail(org: MailBrand | string, to: string, firstName: string, link: string, language: string): Mail {
  const brand = brandOf(org);
  const t = (key: string) => mailText(language, key, { org: brand.name });
  return linkMail(brand, language, to, t('reset_subject'), greeting(language, firstName), [t('reset_asked'), t('reset_body')], t('reset_action'), link);
}

export interface ConfirmedStay extends StayFacts {
  booking_ref: string;
  price_minor: number;
  certificate_minor: number;
  discount_minor: number;
  cash_minor: number;
  paid_minor: number;
}

/** Where the stay is and when its day starts and ends on the hotel's clock (functions/db/mail-facts.ts). */
export interface StayPlace {
  address: string;
  city: string;
  country: string;
  check_in_time: string;
  check_out_time: string;
}

const dateParts = (d: string): [number, number, number] => d.split('-').map(Number) as [number, number, number];

/** The country's name in `language` ("FR" → "France"), the code itself when Intl does not know it. */
function countryName(language: string, code: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The full postal address ("212 W 44th St, New York, United States"); the city alone when the product has no address. */
export function fullAddress(place: StayPlace | null | undefined, city: string, language: string): string {
  if (!place) return city;
  const parts = [place.address, place.city || city, countryName(language, place.country)].map((p) => p.trim()).filter(Boolean);
  return [...new Set(parts)].join(', ');
}

/** The calendar entry's UID: the same for a booking's confirmation and its cancellation, so the cancel removes it. */
export const calendarUid = (ref: string) => `${ref}@travel-club`;

/**
 * The stay as a calendar entry (all-day, from check-in to check-out; an activity is its day), at its full address. A
 * cancellation is the same entry (its UID) with METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE.
 */
export function stayCalendar(b: ConfirmedStay, manageUrl: string, language = 'en-US', location: string = b.city, cancelled = false): string {
  const end = b.check_out ?? new Date(Date.parse(`${b.check_in}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const { error, value } = createEvent({
    uid: calendarUid(b.booking_ref),
    productId: 'travel-club/booking',
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    sequence: cancelled ? 1 : 0,
    title: `${b.product_name}, ${b.city}`,
    description: mailText(language, 'confirmed_calendar', { ref: b.booking_ref, link: manageUrl }),
    location,
    // A cancellation with no site to link to still removes the entry (the confirmation's own link stays checked).
    ...(cancelled && !/^https?:\/\//.test(manageUrl) ? {} : { url: manageUrl }),
    start: dateParts(b.check_in),
    end: dateParts(end),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) throw new Error(`calendar entry: ${String(error)}`);
  return value;
}

/** The .ics file (its METHOD line says whether it adds or cancels the entry). */
const calendarFile = (ref: string, content: string) => ({ filename: `booking-${ref}.ics`, contentType: 'text/calendar; charset=utf-8', content });

export interface ConfirmedBooking extends ConfirmedStay {
  product_type: string;
  total_minor: number;
  traveler: string;
  time_zone: string;
  /** The rate plan booked, as the booking row keeps it (its cancellation terms). */
  rate?: string | null;
  /** The room type booked, as the booking row keeps it ({ room_id, name }). */
  room?: string | null;
}


/** The stay's facts as the confirmation and the cancellation show them. */
function stayFacts(b: ConfirmedBooking, place: StayPlace | null | undefined, language: string, t: (key: string, vars?: LabelVars) => string, travellerName: string) {
  const stay = b.product_type !== 'ACT';
  const rows = [
    { label: t('mail_label_reference'), value: b.booking_ref },
    { label: t(stay ? 'mail_label_stay' : 'mail_label_activity'), value: b.product_name },
    { label: t('mail_label_address'), value: fullAddress(place, b.city, language) },
  ];
  if (stay && b.check_out) {
    const day = (d: string) => formatDay(language, d, LONG_DAY);
    rows.push({ label: t('mail_label_check_in'), value: t('mail_check_in_from', { date: day(b.check_in), time: place?.check_in_time ?? '15:00' }) });
    rows.push({ label: t('mail_label_check_out'), value: t('mail_check_out_until', { date: day(b.check_out), time: place?.check_out_time ?? '11:00' }) });
  } else {
    rows.push({ label: t('mail_label_dates'), value: stayDates(language, b.check_in, b.check_out) });
  }
  // The room and rate as booked, named in the mail's language (the row keeps every language's name).
  const bookedRoom = bookedRoomOf({ room: b.room ?? null });
  const bookedRate = bookedRateOf({ rate: b.rate ?? null });
  const room = bookedRoom ? nameIn(bookedRoom.name, language) : '';
  const rate = bookedRate ? nameIn(bookedRate.name, language) : '';
  if (room) rows.push({ label: t('mail_label_room'), value: room });
  if (rate) rows.push({ label: t('mail_label_rate'), value: rate });
  rows.push({ label: t('mail_label_guests'), value: String(b.guests) });
  if (travellerName) rows.push({ label: t('mail_label_traveller'), value: travellerName });
  return rows;
}

/**
 * The confirmation, the traveller's record of the booking, in the org's brand and the booker's language: the stay
 * (full address, check-in and check-out times, room and rate), the receipt (the total, each wallet part, what the card
 * paid), the cancellation terms as they stand at `nowMs` (never a deadline already past), the manage link and an .ics
 * entry at the full address. Null when the booking has no address to send it to.
 */
export function confirmationMail(
  brand: MailBrand,
  b: ConfirmedBooking,
  manageUrl: string,
  language: string,
  fallbackTo?: string,
  place?: StayPlace | null,
  nowMs: number = Date.now(),
): Mail | null {
  const traveler = JSON.parse(b.traveler) as { email?: string; first_name?: string; last_name?: string };
  const to = traveler.email || fallbackTo;
  if (!to) return null;
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const money = moneyIn(language, b.currency);
  // The rate plan's own terms when it has any (docs/contract.md#rooms-rates-and-availability), else the product type's.
  const plan = bookedRateOf({ rate: b.rate ?? null });
  const terms = {
    deadline: rateCancellationDeadline(b.product_type, plan, b.check_in, b.time_zone),
    percentAfter: feePercentAfterDeadline(plan),
    timeZone: b.time_zone,
    productType: b.product_type,
    priceMinor: b.price_minor,
    currency: b.currency,
  };
  const name = [traveler.first_name, traveler.last_name].filter(Boolean).join(' ');
  const receipt = [
    { label: t('mail_receipt_total'), value: money(b.price_minor) },
    ...(b.certificate_minor ? [{ label: t('mail_receipt_certificate'), value: `−${money(b.certificate_minor)}` }] : []),
    ...(b.discount_minor ? [{ label: t('mail_receipt_discount'), value: `−${money(b.discount_minor)}` }] : []),
    ...(b.cash_minor ? [{ label: t('mail_receipt_cash'), value: `−${money(b.cash_minor)}` }] : []),
    { label: t('mail_receipt_card'), value: money(b.paid_minor) },
  ];
  const subject = t('confirmed_subject', { org: brand.name, ref: b.booking_ref });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: t('confirmed_heading') },
    { kind: 'text', text: greeting(language, traveler.first_name ?? '') },
    { kind: 'text', text: t('confirmed_ref', { ref: b.booking_ref }) },
    { kind: 'facts', rows: stayFacts(b, place, language, t, name) },
    { kind: 'heading', text: t('mail_receipt') },
    { kind: 'facts', rows: receipt, receipt: true },
    { kind: 'facts', rows: [{ label: t('mail_label_cancellation'), value: cancellationLine(bookingTranslator(language), language, terms, nowMs) }] },
    { kind: 'action', label: t('confirmed_manage'), href: manageUrl },
  ];
  const calendar = stayCalendar(b, manageUrl, language, fullAddress(place, b.city, language));
  return brandedMail(brand, to, language, subject, blocks, {
    preheader: t('confirmed_preheader', { product: b.product_name, dates: stayDates(language, b.check_in, b.check_out), ref: b.booking_ref }),
    footer: t('mail_footer_booking'),
    attachments: [calendarFile(b.booking_ref, calendar)],
  });
}

/**
 * What a booking that ends with money given back says (a cancel's, a supplier's refusal's): heading, greeting, what
 * happened, the stay's facts, the receipt of what came back to the card and to the wallet, and how it comes back.
 */
function givenBackBlocks(b: ConfirmedBooking, firstName: string, refundedMinor: number, language: string, place: StayPlace | null | undefined, why: 'cancelled' | 'failed'): MailBlock[] {
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const money = moneyIn(language, b.currency);
  const wallet = b.certificate_minor + b.discount_minor + b.cash_minor;
  const traveler = JSON.parse(b.traveler) as { first_name?: string; last_name?: string };
  const name = [traveler.first_name, traveler.last_name].filter(Boolean).join(' ');
  return [
    { kind: 'heading', text: t(`${why}_heading`) },
    { kind: 'text', text: greeting(language, firstName) },
    { kind: 'text', text: t(`${why}_what`, { ref: b.booking_ref, product: b.product_name, city: b.city, dates: stayDates(language, b.check_in, b.check_out) }) },
    { kind: 'facts', rows: stayFacts(b, place, language, t, name) },
    {
      kind: 'facts',
      receipt: true,
      rows: [
        ...(wallet > 0 ? [{ label: t('mail_receipt_wallet_back'), value: money(wallet) }] : []),
        { label: t('mail_receipt_refund_card'), value: money(refundedMinor) },
      ],
    },
    { kind: 'text', text: refundedMinor > 0 ? t('cancelled_refund', { amount: money(refundedMinor) }) : t('cancelled_no_card') },
    ...(wallet > 0 ? [{ kind: 'text', text: t('cancelled_wallet', { amount: money(wallet) }) } as MailBlock] : []),
  ];
}

/**
 * The mail sent when a booking is cancelled, in the org's brand: what was cancelled, the refund to the card and the
 * wallet parts given back, and the calendar update that removes the stay (the confirmation's UID, METHOD:CANCEL).
 */
export function cancellationMail(
  brand: MailBrand,
  to: string,
  firstName: string,
  b: ConfirmedBooking,
  refundedMinor: number,
  language: string,
  manageUrl: string,
  place?: StayPlace | null,
): Mail {
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const blocks: MailBlock[] = [
    ...givenBackBlocks(b, firstName, refundedMinor, language, place, 'cancelled'),
    { kind: 'text', text: t('cancelled_calendar_note'), muted: true },
  ];
  const calendar = stayCalendar(b, manageUrl, language, fullAddress(place, b.city, language), true);
  return brandedMail(brand, to, language, t('cancelled_subject', { org: brand.name, ref: b.booking_ref }), blocks, {
    footer: t('mail_footer_booking'),
    attachments: [calendarFile(b.booking_ref, calendar)],
  });
}

/**
 * A bed bank refused a paid booking (docs/decisions/0070): it is not booked, the card part is refunded and the wallet
 * parts given back. No calendar file: the stay never was.
 */
export function failedBookingMail(brand: MailBrand, to: string, firstName: string, b: ConfirmedBooking, refundedMinor: number, language: string, place?: StayPlace | null): Mail {
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const blocks: MailBlock[] = [...givenBackBlocks(b, firstName, refundedMinor, language, place, 'failed'), { kind: 'text', text: t('failed_again') }];
  return brandedMail(brand, to, language, t('failed_subject', { org: brand.name, ref: b.booking_ref }), blocks, { footer: t('mail_footer_booking') });
}

/** The first admin of a new org (npm run admin -- create-org): a link to choose a password on the org's own address. */
export function adminInviteMail(orgName: string, to: string, link: string, validHours: number): Mail {
  return linkMail(
    { name: orgName },
    'en-US',
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
  const facts = [
    { label: 'From', value: `${e.name} <${e.email}>` },
    ...(e.check_in || e.check_out ? [{ label: 'Dates', value: `${e.check_in ?? '—'} to ${e.check_out ?? '—'}` }] : []),
    ...(e.travellers ? [{ label: 'Travellers', value: String(e.travellers) }] : []),
  ];
  return brandedMail({ name: orgName }, to, 'en-US', `${orgName}: ${e.kind} enquiry from ${e.name}`, [
    { kind: 'facts', rows: facts },
    { kind: 'text', text: e.message },
  ]);
}
