// Daily savings enrolment (docs/contract.md#savings): every route acts on the caller's own member, whatever ids are sent.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../http/session';
import { ApiError, conflict } from '../errors';
import { logEvent } from '../log';
import { findSavingsMember, markEnrolled, saveMember } from '../db/savings';
import { enrolmentRecord, httpSavingsProvider, SavingsProviderError } from '../outside/savings';
import {
  GetMemberResponse, SavingsCodeRequest, SavingsCodeResponse, SavingsMemberRequest, SetMemberResponse,
} from '../../src/shared/contract/loyalty';
import { access, body, createRoute, json, refusals, router } from '../http/route';

/** Turns a provider failure into the contract's 502/503, logged once with the request id. */
const upstreamFailed = (c: Context<AppEnv>) => (err: unknown): never => {
  if (err instanceof SavingsProviderError) {
    logEvent(c, 'warn', 'savings.provider_failed', { kind: err.kind, status: err.status, error: err.message });
    throw new ApiError(err.kind === 'timeout' ? 503 : 502, 'UPSTREAM_FAILED', 'The savings program is not available right now. Please try again later.');
  }
  throw err;
};

function own(c: Context<AppEnv>) {
  const user = c.get('user');
  const record = enrolmentRecord(c.env, user);
  return { user, record, member: { userId: user.id, orgId: user.orgId, memberId: record.member_customer_identifier, email: user.email } };
}

const routes = {
  getMember: createRoute({
    method: 'post', path: '/savings/getMember', summary: 'The caller’s savings member (code 404 when not enrolled)', ...access('user'),
    request: { body: body(SavingsMemberRequest) },
    responses: { 200: json(GetMemberResponse), ...refusals },
  }),
  setMember: createRoute({
    method: 'post', path: '/savings/setMember', summary: 'Saves the caller’s member once the savings program knows it', ...access('user'),
    request: { body: body(SavingsMemberRequest) },
    responses: { 200: json(SetMemberResponse), ...refusals },
  }),
  savingsCode: createRoute({
    method: 'post', path: '/savings/savingsCode', summary: 'Enrols the caller in the savings program', ...access('user'),
    request: { body: body(SavingsCodeRequest) },
    responses: { 200: json(SavingsCodeResponse), ...refusals },
  }),
};

const guarded = router();
guarded.use('/savings/*', requireUser);

export const savings = guarded
  .openapi(routes.getMember, async (c) => {
    const { user, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status !== 'active') return c.json({ code: 404 as const }, 200);
    return c.json({ code: 200 as const, data: { email: user.email, userId: user.id, memberid: member.memberId } }, 200);
  })
  .openapi(routes.setMember, async (c) => {
    const { user, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status !== 'active' && row?.status !== 'enrolled') {
      // Only a member the provider knows may be saved: otherwise the saved member would point at nothing.
      const known = await httpSavingsProvider(c.env).getMember(member.memberId).catch(upstreamFailed(c));
      if (!known) throw conflict('Enrol in the savings program before saving the member');
    }
    await saveMember(c.env.DB, member);
    return c.json({ status: 'OK' as const }, 200);
  })
  .openapi(routes.savingsCode, async (c) => {
    const { user, record, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status === 'active' || row?.status === 'enrolled') return c.json({ data: [{ valid_members_count: 1 }] }, 200);
    const result = await httpSavingsProvider(c.env).importMembers([record]).catch(upstreamFailed(c));
    if (result[0]?.valid_members_count === 1) await markEnrolled(c.env.DB, member);
    return c.json({ data: result }, 200);
  });
