// Enquiries from the cruise, flight and help pages (docs/contract.md#enquiries): validate, store and mail, reply.
import { LIMITS, rateLimit } from '../http/rate-limit';
import { clientIp } from '../http/request';
import { logEvent, reason } from '../log';
import { requestMailer } from '../http/mailer';
import { submitEnquiry } from '../flows/enquiries';
import { EnquiryCreatedSchema, EnquirySchema } from '../../src/shared/contract/enquiry';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';

const enquiryLimit = rateLimit({ limit: LIMITS.enquiryIp, shape: 'error', key: (c) => clientIp(c) });

const routes = {
  send: createRoute({
    method: 'post', path: '/enquiries', summary: 'Sends an enquiry (cruise, flight or help): stored, and mailed to the org', ...access('none'),
    middleware: [enquiryLimit] as const,
    request: { body: body(EnquirySchema) },
    responses: { 201: json(dataOf(EnquiryCreatedSchema), 'Received'), ...refusals },
  }),
};

export const enquiries = router().openapi(routes.send, async (c) => {
  const enquiry = c.req.valid('json');
  const org = c.get('org');
  const { enquiryId, mailError } = await submitEnquiry(c.env.DB, org, enquiry, requestMailer(c).mailer(org.id));
  if (mailError) logEvent(c, 'error', 'mail.send_failed', { purpose: 'enquiry', reason: reason(mailError) });
  return c.json({ data: { enquiry_id: enquiryId } }, 201);
});
