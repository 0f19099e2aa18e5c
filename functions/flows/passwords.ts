// The links mailed to an account and the password they guard (docs/contract.md#email-verification,
// docs/contract.md#password-reset): verifying the email, mailing a reset link, and setting a new password from the
// link or with the current one. Plain values in; a wrong link or password is the contract's 400.
import { badRequest, unauthorized } from '../errors';
import type { OrgRow } from '../db/orgs';
import { markVerified, setPasswordHash, userByEmail, userById } from '../db/users';
import { deleteOtherSessions, deleteUserSessions } from '../db/sessions';
import { atomically } from '../db/batch';
import { retireTokens, spendEmailToken } from '../db/email-tokens';
import { logActivity } from '../db/activity';
import { dummyVerify, hashPassword, verifyPassword } from '../auth/password';
import { sha256Hex } from '../auth/crypto';
import { sendLinkMail, type LinkMailDeps } from '../auth/accounts';
import type { SessionUser } from '../auth/session-user';
import { MSG, normalizeEmail } from '../../src/shared/contract/auth';

/** What the password flows need of the request (functions/http/deps.ts builds it). */
export interface PasswordDeps {
  db: D1Database;
  org: Pick<OrgRow, 'id'>;
  clock: () => number;
  pepper: string;
  ip: string;
  linkMail: () => Promise<LinkMailDeps>;
  attempts: { over: (limit: 'forgotEmail') => boolean };
}

/** Verifies the account of an email confirmation link (400 for a wrong, spent or expired link). */
export async function verifyAccount(d: Pick<PasswordDeps, 'db' | 'org' | 'clock' | 'ip'>, token: string): Promise<void> {
  const now = d.clock();
  const userId = await spendEmailToken(d.db, 'verify', await sha256Hex(token), d.org.id, now);
  if (userId === null) throw badRequest(MSG.linkInvalid);
  await atomically(d.db, [
    markVerified(d.db, userId, now),
    logActivity(d.db, { orgId: d.org.id, userId, action: 'email_verified', ip: d.ip }),
  ]);
}

/** Mails a password reset link when the account exists; the caller's answer is the same either way. */
export async function forgotPassword(d: Pick<PasswordDeps, 'db' | 'org' | 'clock' | 'linkMail' | 'attempts'>, emailId: string): Promise<void> {
  const now = d.clock();
  const row = await userByEmail(d.db, d.org.id, normalizeEmail(emailId));
  // Past the per-address limit nothing more is sent, and the answer stays the same: it never tells whether the account exists.
  if (row && !d.attempts.over('forgotEmail')) await sendLinkMail(await d.linkMail(), row, 'reset', now);
}

export type PasswordChange = { token: string; password: string } | { current_password: string; password: string };

/**
 * Sets a new password. From a reset link (`reset`): the link proves the address, so the account is verified too and
 * every session and other reset link ends (the caller's cookies go). Signed in with the current password (`changed`):
 * the account's other sessions end, this one stays; `user` is the signed-in account (401 without one).
 */
export async function changePassword(d: Omit<PasswordDeps, 'linkMail' | 'attempts'>, change: PasswordChange, user: SessionUser | null): Promise<'reset' | 'changed'> {
  const { db, org } = d;
  const now = d.clock();
  if ('token' in change) {
    const hash = await hashPassword(change.password, d.pepper);
    const userId = await spendEmailToken(db, 'reset', await sha256Hex(change.token), org.id, now);
    if (userId === null) throw badRequest(MSG.linkInvalid);
    await atomically(db, [
      setPasswordHash(db, userId, hash),
      markVerified(db, userId, now),
      retireTokens(db, 'reset', userId, now),
      deleteUserSessions(db, userId),
      logActivity(db, { orgId: org.id, userId, action: 'password_reset', ip: d.ip }),
    ]);
    return 'reset';
  }
  if (!user) throw unauthorized();
  const row = await userById(db, org.id, user.id);
  const ok = row?.password_hash ? (await verifyPassword(change.current_password, row.password_hash, d.pepper)).ok : await dummyVerify(change.current_password, d.pepper);
  if (!row || !ok) {
    throw badRequest(MSG.currentPasswordWrong, [{ path: 'current_password', message: MSG.currentPasswordWrong }]);
  }
  const hash = await hashPassword(change.password, d.pepper);
  await atomically(db, [
    setPasswordHash(db, row.id, hash),
    deleteOtherSessions(db, row.id, Number(user.sessionId)),
    logActivity(db, { orgId: org.id, userId: row.id, action: 'password_changed', ip: d.ip }),
  ]);
  return 'changed';
}
