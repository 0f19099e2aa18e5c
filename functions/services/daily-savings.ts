// The daily-savings flow (docs/product.md#states, docs/contract.md#savings): saved member -> director; otherwise enrol once with the provider, save, director.
import type { Bindings } from '../env';
import type { SessionUser } from '../auth/session';
import { activateClaimed, claimEnrolment, findSavingsMember, releaseClaim } from '../db/savings';
import { directorUrl, enrolmentRecord, httpSavingsProvider, SavingsProviderError, type SavingsFailureKind, type SavingsProvider } from '../outside/savings';

export type DailySavingsOutcome =
  | { ok: true; isNew: boolean; redirect: string }
  | { ok: false; isNew: true; redirect: ''; reason: SavingsFailureKind | 'config' | 'busy' | 'refused'; detail?: string };

/** How long a request waits for another request of the same user that is enrolling right now. */
const WAIT_FOR_OTHER_MS = 4_000;
const POLL_MS = 200;

const failed = (reason: Extract<DailySavingsOutcome, { ok: false }>['reason'], detail?: string): DailySavingsOutcome => ({ ok: false, isNew: true, redirect: '', reason, ...(detail ? { detail } : {}) });

export async function runDailySavings(
  env: Bindings,
  user: Pick<SessionUser, 'id' | 'orgId' | 'email' | 'firstName' | 'lastName'>,
  provider: SavingsProvider = httpSavingsProvider(env),
): Promise<DailySavingsOutcome> {
  const record = enrolmentRecord(env, user);
  const memberId = record.member_customer_identifier;
  const target = await directorUrl(env, memberId);
  if (!target) return failed('config');
  const db = env.DB;
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const row = await findSavingsMember(db, user.id, user.orgId);
    if (row?.status === 'active') return { ok: true, isNew: false, redirect: target };
    const token = crypto.randomUUID();
    if (await claimEnrolment(db, { userId: user.id, orgId: user.orgId, memberId, email: user.email, token })) {
      try {
        // A retry after a timeout may find the provider already holds the member: never import it twice.
        const known = row?.status === 'enrolled' || (await provider.getMember(memberId)) !== null;
        if (!known) {
          const result = await provider.importMembers([record]);
          if (result[0]?.valid_members_count !== 1) {
            await releaseClaim(db, user.id, token);
            return failed('refused');
          }
        }
      } catch (err) {
        await releaseClaim(db, user.id, token);
        // The caller logs the outcome (with the request id): not here, so a failure is logged once.
        if (err instanceof SavingsProviderError) return failed(err.kind, err.message);
        throw err;
      }
      if (await activateClaimed(db, user.id, token)) return { ok: true, isNew: true, redirect: target };
      const now = await findSavingsMember(db, user.id, user.orgId);
      return now?.status === 'active' ? { ok: true, isNew: true, redirect: target } : failed('busy');
    }
    // Another request of this user holds the claim: wait for its outcome rather than enrolling a second time.
    if (Date.now() > deadline) return failed('busy');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
