// Invitations (docs/contract.md#invitations): the console's routes (/api/admin/invitations, admins of the host's org)
// and the invited person's (/api/invitations/{token}, anyone holding the link). Thin: validate, flow, reply.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { deps } from '../http/deps';
import { setSignInCookies } from '../http/cookies';
import { clientIp } from '../http/request';
import { counting, LIMITS, rateLimit, validBody } from '../http/rate-limit';
import { acceptInvitation, invitationInfo, invitations, invite, revokeInvitation } from '../flows/invitations';
import { MSG, SignInSuccessSchema } from '../../src/shared/contract/auth';
import { CONSOLE_MSG } from '../../src/shared/contract/console-messages';
import {
  InvitationAcceptSchema, InvitationCreatedSchema, InvitationCreateSchema, InvitationEntrySchema, InvitationIdSchema, InvitationInfoSchema,
  InvitationRevokedSchema, InvitationTokenSchema,
} from '../../src/shared/contract/invitations';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });

const IdParams = z.object({ id: InvitationIdSchema });
const TokenParams = z.object({ token: InvitationTokenSchema });

const routes = {
  list: createRoute({
    method: 'get', path: '/invitations', summary: 'The org’s invitations, newest first, each pending, accepted or lapsed', ...access('admin'),
    responses: { 200: json(dataOf(z.array(InvitationEntrySchema))), ...refusals },
  }),
  create: createRoute({
    method: 'post', path: '/invitations', summary: 'Invites someone by e-mail with a role (an agent with a credit limit): a link for 7 days (audited)',
    ...access('admin'),
    request: { body: body(InvitationCreateSchema) },
    responses: { 201: json(dataOf(InvitationCreatedSchema), 'Invited (the mail is sent)'), ...refusals },
  }),
  revoke: createRoute({
    method: 'delete', path: '/invitations/{id}', summary: 'Revokes an invitation not accepted: its link stops working (audited)', ...access('admin'),
    request: { params: IdParams },
    responses: { 200: json(dataOf(InvitationRevokedSchema)), ...refusals },
  }),
  info: createRoute({
    method: 'get', path: '/invitations/{token}', summary: 'The invitation a link names: the org, the address and the role (404 once used, revoked or lapsed)',
    ...access('none'),
    request: { params: TokenParams },
    responses: { 200: json(dataOf(InvitationInfoSchema)), ...refusals },
  }),
  accept: createRoute({
    method: 'post', path: '/invitations/{token}/accept',
    summary: 'Accepts an invitation (names and a password, or an existing account’s password): the role given and signed in, once',
    ...access('none'),
    // A wrong password of an existing account counts against the address, as a sign-in's does.
    middleware: [
      rateLimit({ limit: LIMITS.signInIp, settle: counting([401]), key: async (c) => ((await validBody(c, InvitationAcceptSchema)) ? clientIp(c) : null) }),
    ] as const,
    request: { params: TokenParams, body: body(InvitationAcceptSchema) },
    responses: { 200: json(SignInSuccessSchema, 'Accepted and signed in (the session cookies are set)'), ...refusals },
  }),
};

const guarded = router();
guarded.use('*', requireRole('admin'));

/** The console's invitations, mounted under /api/admin. */
export const adminInvitations = guarded
  .openapi(routes.list, async (c) => c.json({ data: await invitations(deps(c)) }, 200))
  .openapi(routes.create, async (c) => c.json({ data: await invite(deps(c), actorOf(c), c.req.valid('json')) }, 201))
  .openapi(
    routes.revoke,
    async (c) => c.json({ data: await revokeInvitation(deps(c), actorOf(c), c.req.valid('param').id) }, 200),
    unknownInPath(CONSOLE_MSG.noSuchInvitation),
  );

/** The invited person's routes, mounted under /api. */
export const invitationLinks = router()
  .openapi(routes.info, async (c) => c.json({ data: await invitationInfo(deps(c), c.req.valid('param').token) }, 200), unknownInPath(MSG.linkInvalid))
  .openapi(
    routes.accept,
    async (c) => {
      const outcome = await acceptInvitation(deps(c), c.req.valid('param').token, c.req.valid('json'));
      setSignInCookies(c, outcome.session, outcome);
      return c.json({ status: 'success' as const, message: '', result: outcome.session.result }, 200);
    },
    unknownInPath(MSG.linkInvalid),
  );
