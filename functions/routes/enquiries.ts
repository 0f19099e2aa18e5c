// Enquiries from the cruise, flight and help pages (docs/contract.md#enquiries): validate, store and mail, reply.
import { Hono } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { jsonBody } from '../validate';
import { LIMITS, rateLimit } from '../http/rate-limit';
import { clientIp } from '../auth/accounts';
import { logEvent, reason } from '../log';
import { mailSender, type MailEnv } from '../outside/mail';
import { submitEnquiry } from '../flows/enquiries';
import { EnquirySchema } from '../../src/shared/contract/enquiry';

export const enquiries = new Hono<AppEnv>().post('/enquiries', rateLimit({ limit: LIMITS.enquiryIp, shape: 'error', key: (c) => clientIp(c) }), async (c) => {
  const enquiry = await jsonBody(c, EnquirySchema);
  const org = c.get('org');
  const { enquiryId, mailError } = await submitEnquiry(c.env.DB, org, enquiry, mailSender(c.env as Bindings & MailEnv, org.id));
  if (mailError) logEvent(c, 'error', 'mail.send_failed', { purpose: 'enquiry', reason: reason(mailError) });
  return c.json({ data: { enquiry_id: enquiryId } }, 201);
});
