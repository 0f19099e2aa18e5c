// Daily savings enrolment (docs/contract.md#savings): every route acts on the caller's own member, whatever ids are sent.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/session';
import { ApiError, conflict } from '../errors';
import { jsonBody } from '../validate';
import { readBody } from '../lib/body';
import { logEvent } from '../log';
import { findSavingsMember, markEnrolled, saveMember } from '../db/savings';
import { enrolmentRecord, httpSavingsProvider, SavingsProviderError } from '../outside/savings';
import { GetMemberResponse, SavingsCodeRequest, SavingsMemberRequest } from '../../src/shared/contract/loyalty';
import { doc } from '../http/openapi';

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

export const savings = new Hono<AppEnv>()
  // Read the body before a refusal (functions/lib/body.ts says why).
  .use('/savings/*', async (c, next) => {
    await readBody(c);
    await next();
  })
  .use('/savings/*', requireUser)
  .post('/savings/getMember', doc({ body: SavingsMemberRequest, reply: GetMemberResponse }), async (c) => {
    await jsonBody(c, SavingsMemberRequest);
    const { user, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status !== 'active') return c.json({ code: 404 });
    return c.json({ code: 200, data: { email: user.email, userId: user.id, memberid: member.memberId } });
  })
  .post('/savings/setMember', doc({ body: SavingsMemberRequest }), async (c) => {
    await jsonBody(c, SavingsMemberRequest);
    const { user, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status !== 'active' && row?.status !== 'enrolled') {
      // Only a member the provider knows may be saved: otherwise the saved member would point at nothing.
      const known = await httpSavingsProvider(c.env).getMember(member.memberId).catch(upstreamFailed(c));
      if (!known) throw conflict('Enrol in the savings program before saving the member');
    }
    await saveMember(c.env.DB, member);
    return c.json({ status: 'OK' });
  })
  .post('/savings/savingsCode', doc({ body: SavingsCodeRequest }), async (c) => {
    await jsonBody(c, SavingsCodeRequest);
    const { user, record, member } = own(c);
    const row = await findSavingsMember(c.env.DB, user.id, user.orgId);
    if (row?.status === 'active' || row?.status === 'enrolled') return c.json({ data: [{ valid_members_count: 1 }] });
    const result = await httpSavingsProvider(c.env).importMembers([record]).catch(upstreamFailed(c));
    if (result[0]?.valid_members_count === 1) await markEnrolled(c.env.DB, member);
    return c.json({ data: result });
  });
