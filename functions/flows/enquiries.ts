// Enquiries (docs/decisions/0028-real-content-and-steerable-search.md): stored for the org's console first, then mailed to
// the org's support address; a mail that fails leaves the enquiry stored and listed, so nothing is lost.
import { insertEnquiry, listEnquiries } from '../db/enquiries';
import { enquiryMail, type MailSender } from '../outside/mail';
import type { Enquiry, EnquiryKind } from '../../src/shared/contract/enquiry';
import { PER_PAGE } from '../../src/shared/contract/console';

export async function submitEnquiry(
  db: D1Database,
  org: { id: number; name: string; support_email: string },
  enquiry: Enquiry,
  mailer: MailSender,
): Promise<{ enquiryId: number; mailError: unknown }> {
  const row = await insertEnquiry(db, org.id, enquiry).first<{ id: number }>();
  let mailError: unknown = null;
  if (org.support_email) {
    try {
      await mailer.send(enquiryMail(org.name, org.support_email, enquiry));
    } catch (err) {
      mailError = err;
    }
  }
  return { enquiryId: row!.id, mailError };
}

export const enquiriesOf = (db: D1Database, orgId: number, kind: EnquiryKind | undefined, page: number) =>
  listEnquiries(db, orgId, kind, PER_PAGE, (page - 1) * PER_PAGE);
