// Daily savings enrolment (docs/contract.md#savings): every use-case acts on the caller's own member, whatever ids are
// sent. A provider failure is the contract's 502/503, logged once with the request id.
import type { Bindings } from '../env';
import { ApiError, conflict } from '../errors';
import type { Log } from '../log';
import { findSavingsMember, markEnrolled, saveMember } from '../db/savings';
import type { SessionUser } from '../auth/session-user';
import { enrolmentRecord, SavingsProviderError, type SavingsProvider } from '../outside/savings';

/** What the savings use-cases need of the request (functions/http/deps.ts builds it). */
export interface SavingsDeps {
  db: D1Database;
  env: Pick<Bindings, 'SAVINGS_PROGRAM_ID' | 'SAVINGS_MEMBER_PREFIX'>;
  savings: () => SavingsProvider;
  log: Log;
}

type Member = Pick<SessionUser, 'id' | 'orgId' | 'email' | 'firstName' | 'lastName'>;

/** Turns a provider failure into the contract's 502/503, logged once with the request id. */
const upstreamFailed = (log: Log) => (err: unknown): never => {
  if (err instanceof SavingsProviderError) {
    log('warn', 'savings.provider_failed', { kind: err.kind, status: err.status, error: err.message });
    throw new ApiError(err.kind === 'timeout' ? 503 : 502, 'UPSTREAM_FAILED', 'The savings program is not available right now. Please try again later.');
  }
  throw err;
};

function own(d: SavingsDeps, user: Member) {
  const record = enrolmentRecord(d.env, user);
  return { record, member: { userId: user.id, orgId: user.orgId, memberId: record.member_customer_identifier, email: user.email } };
}

/** The caller's member identifier when their enrolment is active; null otherwise. */
export async function activeSavingsMember(d: SavingsDeps, user: Member): Promise<string | null> {
  const { member } = own(d, user);
  const row = await findSavingsMember(d.db, user.id, user.orgId);
  return row?.status === 'active' ? member.memberId : null;
}

/** Saves the caller's member, once the savings program knows it (409 before they enrol). */
export async function saveSavingsMember(d: SavingsDeps, user: Member): Promise<void> {
  const { member } = own(d, user);
  const row = await findSavingsMember(d.db, user.id, user.orgId);
  if (row?.status !== 'active' && row?.status !== 'enrolled') {
    // Only a member the provider knows may be saved: otherwise the saved member would point at nothing.
    const known = await d.savings().getMember(member.memberId).catch(upstreamFailed(d.log));
    if (!known) throw conflict('Enrol in the savings program before saving the member');
  }
  await saveMember(d.db, member);
}

/** Enrols the caller with the provider (once: an enrolled member is answered as one valid member). */
export async function enrolInSavings(d: SavingsDeps, user: Member): Promise<{ valid_members_count: number }[]> {
  const { record, member } = own(d, user);
  const row = await findSavingsMember(d.db, user.id, user.orgId);
  if (row?.status === 'active' || row?.status === 'enrolled') return [{ valid_members_count: 1 }];
  const result = await d.savings().importMembers([record]).catch(upstreamFailed(d.log));
  if (result[0]?.valid_members_count === 1) await markEnrolled(d.db, member);
  return result;
}
