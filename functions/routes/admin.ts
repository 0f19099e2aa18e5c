// The org console's API (/api/admin/*): the org's settings, access codes, members and the audit log, for the org's
// admins only, on the org's own host (docs/decisions/0020-org-console.md). Thin: validate, call the flow, reply.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { notFound } from '../errors';
import { jsonBody, queryOf } from '../validate';
import { pepper } from '../auth/accounts';
import {
  accessCodes, auditLog, changeMemberSettings, changeSettings, changeTheme, createAccessCode, launchState, markLive, memberDetail, members,
  readSettings, readTheme, recordPayment, revokeAccessCode,
} from '../flows/console';
import { enquiriesOf } from '../flows/enquiries';
import { EnquiriesQuerySchema } from '../../src/shared/contract/enquiry';
import {
  AccessCodeCreateSchema, AccessCodeParamSchema, AuditQuerySchema, CONSOLE_MSG, MemberIdSchema, MemberPatchSchema, MembersQuerySchema,
  OrgSettingsPatchSchema, OrgSettingsSchema, PaymentSchema, ThemeSchema,
} from '../../src/shared/contract/console';
import { dataOf, doc } from '../http/openapi';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;
const memberIdOf = (c: C) => {
  const id = MemberIdSchema.safeParse(c.req.param('id'));
  if (!id.success) throw notFound(CONSOLE_MSG.noSuchMember);
  return id.data;
};

export const admin = new Hono<AppEnv>()
  .use('*', requireRole('admin'))
  .get('/org', doc({ reply: dataOf(OrgSettingsSchema) }), async (c) => c.json({ data: await readSettings(c.env.DB, orgIdOf(c)) }))
  .patch('/org', doc({ body: OrgSettingsPatchSchema, reply: dataOf(OrgSettingsSchema) }), async (c) => {
    const patch = await jsonBody(c, OrgSettingsPatchSchema);
    return c.json({ data: await changeSettings(c.env.DB, orgIdOf(c), actorOf(c), patch) });
  })
  .get('/access-codes', doc({ summary: 'The org’s access codes' }), async (c) => c.json({ data: await accessCodes(c.env.DB, orgIdOf(c)) }))
  .post('/access-codes', doc({ body: AccessCodeCreateSchema, status: 201 }), async (c) => {
    const input = await jsonBody(c, AccessCodeCreateSchema);
    return c.json({ data: await createAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), input, Date.now()) }, 201);
  })
  .delete('/access-codes/:code', doc({ summary: 'Revokes an access code' }), async (c) => {
    const code = AccessCodeParamSchema.safeParse(c.req.param('code'));
    if (!code.success) throw notFound(CONSOLE_MSG.noSuchCode);
    return c.json({ data: await revokeAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), code.data) });
  })
  .get('/members', doc({ query: MembersQuerySchema }), async (c) => {
    const { q, page } = queryOf(c, MembersQuerySchema);
    return c.json(await members(c.env.DB, orgIdOf(c), q ?? '', page ?? 1));
  })
  .get('/members/:id', async (c) => c.json({ data: await memberDetail(c.env.DB, orgIdOf(c), memberIdOf(c)) }))
  .patch('/members/:id', doc({ body: MemberPatchSchema }), async (c) => {
    const id = memberIdOf(c);
    const patch = await jsonBody(c, MemberPatchSchema);
    return c.json({ data: await changeMemberSettings(c.env.DB, orgIdOf(c), actorOf(c), id, patch) });
  })
  .post('/members/:id/payments', doc({ body: PaymentSchema, status: 201 }), async (c) => {
    const id = memberIdOf(c);
    const payment = await jsonBody(c, PaymentSchema);
    return c.json({ data: await recordPayment(c.env.DB, orgIdOf(c), actorOf(c), id, payment) }, 201);
  })
  .get('/theme', async (c) => c.json({ data: await readTheme(c.env.DB, orgIdOf(c)) }))
  .put('/theme', doc({ body: ThemeSchema }), async (c) => {
    const theme = await jsonBody(c, ThemeSchema);
    return c.json({ data: await changeTheme(c.env.DB, orgIdOf(c), actorOf(c), theme) });
  })
  .get('/launch', async (c) => c.json({ data: await launchState(c.env.DB, orgIdOf(c)) }))
  .post('/launch', async (c) => c.json({ data: await markLive(c.env.DB, orgIdOf(c), actorOf(c)) }))
  .get('/audit', doc({ query: AuditQuerySchema }), async (c) => {
    const { page } = queryOf(c, AuditQuerySchema);
    return c.json(await auditLog(c.env.DB, orgIdOf(c), page ?? 1));
  })
  .get('/enquiries', async (c) => {
    const { page, kind } = queryOf(c, EnquiriesQuerySchema);
    return c.json(await enquiriesOf(c.env.DB, orgIdOf(c), kind, page ?? 1));
  });

