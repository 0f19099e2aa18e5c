// The org console's API (/api/admin/*): the org's settings, access codes, members and the audit log, for the org's
// admins only, on the org's own host (docs/decisions/0020-org-console.md). Thin: validate, call the flow, reply.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { pepper } from '../http/request';
import {
  accessCodes, auditLog, changeMemberSettings, changeSettings, changeTheme, createAccessCode, launchState, markLive, memberDetail, members,
  readSettings, readTheme, recordPayment, revokeAccessCode,
} from '../flows/console';
import { enquiriesOf } from '../flows/enquiries';
import { EnquiriesQuerySchema } from '../../src/shared/contract/enquiry';
import {
  AccessCodeCreateSchema, AccessCodeParamSchema, AuditQuerySchema, CONSOLE_MSG, MemberIdSchema, MemberPatchSchema, MembersQuerySchema,
  OrgSettingsPatchSchema, PaymentSchema, ThemeSchema,
} from '../../src/shared/contract/console';
import {
  AccessCodeEntrySchema, AccessCodeRevokedSchema, AuditPageSchema, EnquiriesPageSchema, LaunchStateSchema, MemberDetailSchema, MemberEntrySchema,
  MembersPageSchema, OrgSettingsReplySchema, ThemePublishedSchema, ThemeReplySchema,
} from '../../src/shared/contract/console-replies';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;

const MemberParams = z.object({ id: MemberIdSchema });
const CodeParams = z.object({ code: AccessCodeParamSchema });

const routes = {
  settings: createRoute({
    method: 'get', path: '/org', summary: 'The org’s settings', ...access('admin'),
    responses: { 200: json(dataOf(OrgSettingsReplySchema)), ...refusals },
  }),
  changeSettings: createRoute({
    method: 'patch', path: '/org', summary: 'Changes any of the org’s settings (audited)', ...access('admin'),
    request: { body: body(OrgSettingsPatchSchema) },
    responses: { 200: json(dataOf(OrgSettingsReplySchema)), ...refusals },
  }),
  accessCodes: createRoute({
    method: 'get', path: '/access-codes', summary: 'The org’s access codes (hints, never the codes) and who used them', ...access('admin'),
    responses: { 200: json(dataOf(z.array(AccessCodeEntrySchema))), ...refusals },
  }),
  createAccessCode: createRoute({
    method: 'post', path: '/access-codes', summary: 'Makes an access code (audited)', ...access('admin'),
    request: { body: body(AccessCodeCreateSchema) },
    responses: { 201: json(dataOf(AccessCodeEntrySchema), 'Made'), ...refusals },
  }),
  revokeAccessCode: createRoute({
    method: 'delete', path: '/access-codes/{code}', summary: 'Revokes an access code (audited)', ...access('admin'),
    request: { params: CodeParams },
    responses: { 200: json(dataOf(AccessCodeRevokedSchema)), ...refusals },
  }),
  members: createRoute({
    method: 'get', path: '/members', summary: 'The org’s members, a page at a time, searched by name or email', ...access('admin'),
    request: { query: MembersQuerySchema },
    responses: { 200: json(MembersPageSchema), ...refusals },
  }),
  member: createRoute({
    method: 'get', path: '/members/{id}', summary: 'One member, with what an agent owes', ...access('admin'),
    request: { params: MemberParams },
    responses: { 200: json(dataOf(MemberDetailSchema)), ...refusals },
  }),
  changeMember: createRoute({
    method: 'patch', path: '/members/{id}', summary: 'Changes a member’s role, booking right or credit limit (audited)', ...access('admin'),
    request: { params: MemberParams, body: body(MemberPatchSchema) },
    responses: { 200: json(dataOf(MemberEntrySchema)), ...refusals },
  }),
  recordPayment: createRoute({
    method: 'post', path: '/members/{id}/payments', summary: 'Records what an agent paid the org (audited)', ...access('admin'),
    request: { params: MemberParams, body: body(PaymentSchema) },
    responses: { 201: json(dataOf(MemberDetailSchema), 'Recorded'), ...refusals },
  }),
  theme: createRoute({
    method: 'get', path: '/theme', summary: 'The org’s theme: its values and its stylesheet’s address', ...access('admin'),
    responses: { 200: json(dataOf(ThemeReplySchema)), ...refusals },
  }),
  publishTheme: createRoute({
    method: 'put', path: '/theme', summary: 'Publishes a theme whose readable pairs meet WCAG AA (audited)', ...access('admin'),
    request: { body: body(ThemeSchema) },
    responses: { 200: json(dataOf(ThemePublishedSchema)), ...refusals },
  }),
  launch: createRoute({
    method: 'get', path: '/launch', summary: 'The launch checklist', ...access('admin'),
    responses: { 200: json(dataOf(LaunchStateSchema)), ...refusals },
  }),
  goLive: createRoute({
    method: 'post', path: '/go-live',
    summary: 'Opens the site to visitors once its brand, sign-in options and something bookable are done; else 409 naming what is missing (audited)',
    ...access('admin'),
    responses: { 200: json(dataOf(LaunchStateSchema)), ...refusals },
  }),
  audit: createRoute({
    method: 'get', path: '/audit', summary: 'The audit log, newest first', ...access('admin'),
    request: { query: AuditQuerySchema },
    responses: { 200: json(AuditPageSchema), ...refusals },
  }),
  enquiries: createRoute({
    method: 'get', path: '/enquiries', summary: 'The enquiries the org received, newest first', ...access('admin'),
    request: { query: EnquiriesQuerySchema },
    responses: { 200: json(EnquiriesPageSchema), ...refusals },
  }),
};

const guarded = router();
guarded.use('*', requireRole('admin'));

export const admin = guarded
  .openapi(routes.settings, async (c) => c.json({ data: await readSettings(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.changeSettings, async (c) => {
    const patch = c.req.valid('json');
    return c.json({ data: await changeSettings(c.env.DB, orgIdOf(c), actorOf(c), patch) }, 200);
  })
  .openapi(routes.accessCodes, async (c) => c.json({ data: await accessCodes(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.createAccessCode, async (c) => {
    const input = c.req.valid('json');
    return c.json({ data: await createAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), input, Date.now()) }, 201);
  })
  .openapi(
    routes.revokeAccessCode,
    async (c) => c.json({ data: await revokeAccessCode(c.env.DB, orgIdOf(c), actorOf(c), pepper(c), c.req.valid('param').code) }, 200),
    unknownInPath(CONSOLE_MSG.noSuchCode),
  )
  .openapi(routes.members, async (c) => {
    const { q, page } = c.req.valid('query');
    return c.json(await members(c.env.DB, orgIdOf(c), q ?? '', page ?? 1), 200);
  })
  .openapi(
    routes.member,
    async (c) => c.json({ data: await memberDetail(c.env.DB, orgIdOf(c), c.req.valid('param').id) }, 200),
    unknownInPath(CONSOLE_MSG.noSuchMember),
  )
  .openapi(
    routes.changeMember,
    async (c) => {
      const { id } = c.req.valid('param');
      const patch = c.req.valid('json');
      return c.json({ data: await changeMemberSettings(c.env.DB, orgIdOf(c), actorOf(c), id, patch) }, 200);
    },
    unknownInPath(CONSOLE_MSG.noSuchMember),
  )
  .openapi(
    routes.recordPayment,
    async (c) => {
      const { id } = c.req.valid('param');
      const payment = c.req.valid('json');
      return c.json({ data: await recordPayment(c.env.DB, orgIdOf(c), actorOf(c), id, payment) }, 201);
    },
    unknownInPath(CONSOLE_MSG.noSuchMember),
  )
  .openapi(routes.theme, async (c) => c.json({ data: await readTheme(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.publishTheme, async (c) => {
    const theme = c.req.valid('json');
    return c.json({ data: await changeTheme(c.env.DB, orgIdOf(c), actorOf(c), theme) }, 200);
  })
  .openapi(routes.launch, async (c) => c.json({ data: await launchState(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.goLive, async (c) => c.json({ data: await markLive(c.env.DB, orgIdOf(c), actorOf(c)) }, 200))
  .openapi(routes.audit, async (c) => {
    const { page } = c.req.valid('query');
    return c.json(await auditLog(c.env.DB, orgIdOf(c), page ?? 1), 200);
  })
  .openapi(routes.enquiries, async (c) => {
    const { page, kind } = c.req.valid('query');
    return c.json(await enquiriesOf(c.env.DB, orgIdOf(c), kind, page ?? 1), 200);
  });
