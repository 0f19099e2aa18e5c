// The mails a booking's status change owes (confirmation, cancellation): recorded in the batch of that change and sent
// here by whichever delivery, request or sweep claims them first, so none is lost to a later failure (decision 0029).
// Every booking mail goes out through sendOwedMails, which builds and sends each inside one guard: a mail that cannot
// be built or sent is logged and stays owed, and never fails the money step before it nor the next booking's mail.
// An agent's booking owes vouchers too (to the agent, and to the client when the client has an email), sent the same way.
import { accountEmailOf, bookingById, claimOwedMail, markMailSent, owedMails, releaseMailClaim, type BookingRow, type OwedMail } from '../db/bookings';
import { holderLanguage, withProductName } from '../db/content';
import { cancellationMail, confirmationMail, failedBookingMail, type Mail, type MailSender } from '../outside/mail';
import { confirmedSiteOf, stayPlaceOf } from '../db/mail-facts';
import { mailBrandOf } from './mail-brand';
import { claimVoucher, markVoucherSent, owedVouchers, releaseVoucherClaim, type OwedVoucher, type VoucherRow } from '../db/agent-vouchers';
import { voucherMail } from '../services/agent-mail';

export interface BookingMailDeps {
  db: D1Database;
  /** The org's mail sender (the outbox in development, the mail API in production). */
  mailer: (orgId: number) => MailSender;
  /** Told of a mail that did not go out, with why (it stays owed for the next delivery or the sweep). */
  failed?: (purpose: string, err: unknown) => void;
}


/** A booking's mail, in the language of the request that made it (else its holder's, else the org's). */
async function mailOf(db: D1Database, stored: BookingRow, owed: OwedMail): Promise<Mail | null> {
  // A cancel records no site of its own: its mail links to where the confirmation did.
  const site = owed.site || (await confirmedSiteOf(db, stored.id));
  const [brand, fallback, place] = await Promise.all([mailBrandOf(db, stored.org_id, site), accountEmailOf(db, stored.user_id), stayPlaceOf(db, stored.product_id)]);
  const language = stored.language ?? (await holderLanguage(db, stored.org_id, stored.user_id));
  const booking = await withProductName(db, stored, language);
  const manageUrl = `${site}/manage-booking?booking=${booking.booking_ref}`;
  // A bed bank's booking that failed before its confirmation went out owes only the failure's mail (decision 0070).
  if (owed.kind === 'confirmed') return booking.status === 'FAILED' ? null : confirmationMail(brand, booking, manageUrl, language, fallback, place);
  const traveler = JSON.parse(booking.traveler) as { email?: string; first_name?: string };
  const to = traveler.email || fallback;
  if (!to) return null;
  if (owed.kind === 'failed') return failedBookingMail(brand, to, traveler.first_name ?? '', booking, owed.refunded_minor, language, place);
  return cancellationMail(brand, to, traveler.first_name ?? '', booking, owed.refunded_minor, language, manageUrl, place);
}

type Delivery = 'sent' | 'none' | 'failed' | 'taken';

/**
 * One owed mail: claimed first by one conditional UPDATE, so of 30 deliveries at once one sends it; then built and
 * sent inside the guard. A mail that cannot be built (the mail's code throws on the booking's data) or sent gives the
 * claim back and stays owed, logged through `failed`. A booking with no address to write to owes nothing more. D1
 * failing at the claim or the mark is not the mail's failure: it is thrown, as any other failed write is.
 */
async function deliver(deps: BookingMailDeps, owed: { booking_id: number; kind: OwedMail['kind'] }): Promise<Delivery> {
  const claim = await claimOwedMail(deps.db, owed.booking_id, owed.kind);
  if (!claim) return 'taken';
  const booking = await bookingById(deps.db, claim.booking_id);
  let mail: Mail | null = null;
  try {
    mail = booking ? await mailOf(deps.db, booking, claim) : null;
    if (mail && booking) await deps.mailer(booking.org_id).send(mail);
  } catch (err) {
    deps.failed?.(`booking.${claim.kind}`, err);
    await releaseMailClaim(deps.db, claim.booking_id, claim.kind).catch((again) => deps.failed?.(`booking.${claim.kind}.release`, again));
    return 'failed';
  }
  await markMailSent(deps.db, claim.booking_id, claim.kind);
  return mail ? 'sent' : 'none';
}

/** A voucher of an agent's booking, in the language it was booked in (else the agent's); null when it has no address. */
async function voucherOf(db: D1Database, v: VoucherRow): Promise<Mail | null> {
  const [brand, place] = await Promise.all([mailBrandOf(db, v.org_id, v.site), stayPlaceOf(db, v.product_id)]);
  return voucherMail({ ...v, org_name: brand.name }, v.language || v.agent_language || 'en-US', brand, place);
}

/** One owed voucher, as deliver does a booking mail: claimed once, then built and sent inside the guard. */
async function deliverVoucher(deps: BookingMailDeps, owed: OwedVoucher): Promise<Delivery> {
  const claim = await claimVoucher(deps.db, owed);
  if (!claim) return 'taken';
  let mail: Mail | null = null;
  try {
    mail = await voucherOf(deps.db, claim);
    if (mail) await deps.mailer(claim.org_id).send(mail);
  } catch (err) {
    deps.failed?.(`agent.voucher.${owed.recipient}`, err);
    await releaseVoucherClaim(deps.db, owed).catch((again) => deps.failed?.(`agent.voucher.${owed.recipient}.release`, again));
    return 'failed';
  }
  await markVoucherSent(deps.db, owed);
  return mail ? 'sent' : 'none';
}

/** Which owed mails to send: one booking's (a bookings row, with the vouchers of the agent's booking it pays), one agent booking's vouchers, or all. */
export type OwedOf = number | { agentBooking: string } | null;

/**
 * Sends the mails still owed, of one booking (after the request's own status change) or of any (the hourly sweep),
 * each through the guard (deliver): a mail that cannot be built or sent never fails the checkout, webhook or cancel
 * that owes it, nor stops the next booking's mail, of this org or another. D1 failing at a claim is the request's
 * failure (its 503, and the retry or the provider's redelivery sends the mail); the sweep logs it and goes on.
 */
export async function sendOwedMails(deps: BookingMailDeps, of: OwedOf): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  const one = of !== null;
  const count = (outcome: Delivery) => {
    if (outcome === 'sent') counts.sent += 1;
    if (outcome === 'failed') counts.failed += 1;
  };
  // A D1 failure is the request's own (thrown), or the sweep's to log and go on.
  const guarded = async (kind: string, send: () => Promise<Delivery>): Promise<Delivery> => {
    try {
      return await send();
    } catch (err) {
      if (one) throw err;
      deps.failed?.(kind, err);
      return 'failed';
    }
  };
  if (typeof of === 'number' || of === null) {
    for (const owed of await owedMails(deps.db, of)) count(await guarded(`booking.${owed.kind}`, () => deliver(deps, owed)));
  }
  const vouchers = await owedVouchers(deps.db, of === null ? {} : typeof of === 'number' ? { cardBookingId: of } : { ref: of.agentBooking });
  for (const owed of vouchers) count(await guarded(`agent.voucher.${owed.recipient}`, () => deliverVoucher(deps, owed)));
  return counts;
}
