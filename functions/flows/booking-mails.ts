// The mails a booking's status change owes (confirmation, cancellation): recorded in the batch of that change and sent
// here by whichever delivery, request or sweep claims them first, so none is lost to a later failure (decision 0029).
import { accountEmailOf, bookingById, claimOwedMail, markMailSent, owedMails, releaseMailClaim, type BookingRow, type OwedMail } from '../db/bookings';
import { holderLanguage, withProductName } from '../db/content';
import { orgBrand } from '../db/orgs';
import { cancellationMail, confirmationMail, type Mail, type MailSender } from '../outside/mail';

export interface BookingMailDeps {
  db: D1Database;
  /** The org's mail sender (the outbox in development, the mail API in production). */
  mailer: (orgId: number) => MailSender;
  /** Told of a mail that did not go out (it stays owed for the next delivery or the sweep). */
  failed?: (purpose: string, err: unknown) => void;
}

/** A booking's mail, in the language of the request that made it (else its holder's, else the org's). */
async function mailOf(db: D1Database, stored: BookingRow, owed: OwedMail): Promise<Mail | null> {
  const brand = await orgBrand(db, stored.org_id);
  const fallback = await accountEmailOf(db, stored.user_id);
  const language = stored.language ?? (await holderLanguage(db, stored.org_id, stored.user_id));
  const booking = await withProductName(db, stored, language);
  if (owed.kind === 'confirmed') return confirmationMail(brand, booking, `${owed.site}/manage-booking?booking=${booking.booking_ref}`, language, fallback);
  const traveler = JSON.parse(booking.traveler) as { email?: string; first_name?: string };
  const to = traveler.email || fallback;
  return to ? cancellationMail(brand.name, to, traveler.first_name ?? '', booking, owed.refunded_minor, language) : null;
}

/**
 * Sends the mails still owed, of one booking or (the sweep) of any: each is claimed first by one conditional UPDATE,
 * so of 30 deliveries at once one sends it; a send that fails gives the claim back and the mail stays owed.
 */
export async function sendOwedMails(deps: BookingMailDeps, bookingId: number | null): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  for (const owed of await owedMails(deps.db, bookingId)) {
    const claim = await claimOwedMail(deps.db, owed.booking_id, owed.kind);
    if (!claim) continue;
    const booking = await bookingById(deps.db, claim.booking_id);
    const mail = booking ? await mailOf(deps.db, booking, claim) : null;
    if (mail && booking) {
      try {
        await deps.mailer(booking.org_id).send(mail);
      } catch (err) {
        counts.failed += 1;
        deps.failed?.(`booking.${claim.kind}`, err);
        await releaseMailClaim(deps.db, claim.booking_id, claim.kind);
        continue;
      }
      counts.sent += 1;
    }
    // A booking with no address to write to owes nothing more either.
    await markMailSent(deps.db, claim.booking_id, claim.kind);
  }
  return counts;
}
