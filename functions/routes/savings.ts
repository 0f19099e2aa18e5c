// Daily savings enrolment (docs/contract.md#savings): every route acts on the caller's own member, whatever ids are sent.
import { requireUser } from '../http/session';
import { deps } from '../http/deps';
import { activeSavingsMember, enrolInSavings, saveSavingsMember } from '../flows/savings';
import {
  GetMemberResponse, SavingsCodeRequest, SavingsCodeResponse, SavingsMemberRequest, SetMemberResponse,
} from '../../src/shared/contract/loyalty';
import { access, body, createRoute, json, refusals, router } from '../http/route';

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
    const user = c.get('user');
    const memberId = await activeSavingsMember(deps(c), user);
    if (memberId === null) return c.json({ code: 404 as const }, 200);
    return c.json({ code: 200 as const, data: { email: user.email, userId: user.id, memberid: memberId } }, 200);
  })
  .openapi(routes.setMember, async (c) => {
    await saveSavingsMember(deps(c), c.get('user'));
    return c.json({ status: 'OK' as const }, 200);
  })
  .openapi(routes.savingsCode, async (c) => c.json({ data: await enrolInSavings(deps(c), c.get('user')) }, 200));
