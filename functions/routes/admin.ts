// The org console's API (/api/admin/*): the org's settings, access codes, members and the audit log, for the org's
// admins only, on the org's own host (docs/decisions/0020-org-console.md). Thin: validate, call the flow, reply.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { notFound } from '../errors';
import { jsonBody, queryOf } from '../validate';
import { pepper } from '../auth/accounts';
import {
  accessCodes, auditLog, changeMemberSettings, changeSettings, createAccessCode, members, readSettings, revokeAccessCode,
} from '../flows/console';
import { enquiriesOf } from '../flows/enquiries';
import { EnquiriesQuerySchema } from '../../src/shared/schemas/enquiry';
import {
  AccessCodeCreateSchema, AccessCodeParamSchema, AuditQuerySchema, CONSOLE_MSG, MemberIdSchema, MemberPatchSchema, MembersQuerySchema,
  OrgSettingsPatchSchema,
} from '../../src/shared/schemas/console';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;

export const admin = new Hono<AppEnv>()
  .use('*', requireRole('admin'))
  .get('/org', async (c) => c.json({ data: await readSettings(c.env.DB, orgIdOf(c)) }))
  .patch('/org', async (c) => {
    const patch = await jsonBody(c, OrgSettingsPatchSchema);
    return c.json({ data: await changeSettings(c.env.DB, orgIdOf(c), actorOf(c), patch) });
  })
  .get('/access-codes', async (c) => c.json({ data: await accessCodes(c.env.DB, orgIdOf(c)) }))
  .post('/access-codes', async (c) => {
    const input = await jsonBody(c, AccessCodeCreateSchema);
    return c.json({ data: await createAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), input, Date.now()) }, 201);
  })
  .delete('/access-codes/:code', async (c) => {
    const code = AccessCodeParamSchema.safeParse(c.req.param('code'));
    if (!code.success) throw notFound(CONSOLE_MSG.noSuchCode);
    return c.json({ data: await revokeAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), code.data) });
  })
  .get('/members', async (c) => {
    const { q, page } = queryOf(c, MembersQuerySchema);
    return c.json(await members(c.env.DB, orgIdOf(c), q ?? '', page ?? 1));
  })
  .patch('/members/:id', async (c) => {
    const id = MemberIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound(CONSOLE_MSG.noSuchMember);
    const patch = await jsonBody(c, MemberPatchSchema);
    return c.json({ data: await changeMemberSettings(c.env.DB, orgIdOf(c), actorOf(c), id.data, patch) });
  })
  .get('/audit', async (c) => {
    const { page } = queryOf(c, AuditQuerySchema);
    return c.json(await auditLog(c.env.DB, orgIdOf(c), page ?? 1));
  })
  .get('/enquiries', async (c) => {
    const { page, kind } = queryOf(c, EnquiriesQuerySchema);
    return c.json(await enquiriesOf(c.env.DB, orgIdOf(c), kind, page ?? 1));
  });

