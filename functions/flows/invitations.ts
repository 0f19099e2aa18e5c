// Invitations (docs/contract.md#invitations): an org's admin invites someone by e-mail with a role (an agent with a
// credit limit); the link (7 days, once) opens /invitation, where a new person sets names and a password and an
// account of the org gives its password; accepting gives the role and signs in. Plain values in, plain values out.
import { ApiError, badRequest, conflict, notFound, refuse, unauthorized, type Issue } from '../errors';
import type { OrgRow } from '../db/orgs';
import type { Actor } from '../db/console';
import { atomically } from '../db/batch';
import { newReferralCode, userByEmail } from '../db/users';
import {
  acceptAsMemberStatements, acceptAsNewStatements, createInvitationStatements, hasPendingInvitation, invitationByHash, invitationById, listInvitations,
  revokeInvitationStatements, type InvitationRow,
} from '../db/org-invitations';
import { hashPassword, verifyPassword } from '../auth/password';
import { randomToken, sha256Hex } from '../auth/crypto';
import { invitationMail, sendMail, type Mailer } from '../outside/mail';
import { openSessionFor, type SignedIn, type SignInDeps } from './sign-in';
import { MSG, normalizeEmail } from '../../src/shared/contract/auth-text';
import { passwordProblem } from '../../src/shared/rules/password';
import { PERSON_MSG } from '../../src/shared/rules/person';
import { CONSOLE_MSG } from '../../src/shared/contract/console-messages';
import {
  INVITATION_PAGE, INVITATION_VALID_DAYS, type InvitationAccept, type InvitationCreate, type InvitationEntry, type InvitationInfo,
} from '../../src/shared/contract/invitations';

const DAY_MS = 86_400_000;

/** What the invitation flows need of the request (functions/http/deps.ts builds it). */
export interface InvitationDeps {
  db: D1Database;
  org: OrgRow;
  /** The org's configured site origin: the only start of the mailed link. */
  origin: () => Promise<string>;
  clock: () => number;
  mail: Mailer;
}

const iso = (ms: number) => new Date(ms).toISOString();
const pending = (row: InvitationRow, now: number) => row.accepted_at === null && row.expires_at > now;

/** Invites `input.email` with its role: the mail goes first, so a mail that fails leaves no invitation behind. */
export async function invite(d: InvitationDeps, actor: Actor, input: InvitationCreate) {
  const { db, org } = d;
  const now = d.clock();
  const email = normalizeEmail(input.email);
  const account = await userByEmail(db, org.id, email);
  if (account && account.role === input.role) throw conflict(CONSOLE_MSG.inviteSameRole);
  if (await hasPendingInvitation(db, org.id, email, now)) throw conflict(CONSOLE_MSG.invitePending);
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const expiresAt = now + INVITATION_VALID_DAYS * DAY_MS;
  const link = `${await d.origin()}${INVITATION_PAGE}?token=${encodeURIComponent(token)}`;
  const mail = invitationMail(org.name, email, actor.email, input.role, link, account?.language ?? org.default_language);
  const failure = await sendMail(d.mail, org.id, mail, 'invitation-link');
  if (failure) throw new ApiError(failure.kind === 'timeout' ? 503 : 502, 'UPSTREAM_FAILED', CONSOLE_MSG.inviteMailFailed);
  const creditLimitMinor = input.role === 'agent' ? Math.round((input.credit_limit ?? 0) * 100) : null;
  const [insert] = await atomically(
    db,
    createInvitationStatements(db, { orgId: org.id, email, role: input.role, creditLimitMinor, tokenHash, now, expiresAt }, actor),
  );
  // Another admin invited the same person a moment ago: theirs stands, and the link just mailed leads nowhere.
  if ((insert!.meta.changes ?? 0) !== 1) throw conflict(CONSOLE_MSG.invitePending);
  const row = await invitationByHash(db, tokenHash);
  return { invitation_id: row!.id, email, role: input.role, expires_at: iso(expiresAt) };
}

const entryOf = (row: InvitationRow, now: number): InvitationEntry => ({
  invitation_id: row.id,
  email: row.email,
  role: row.role,
  credit_limit: row.credit_limit_minor === null ? null : row.credit_limit_minor / 100,
  status: row.accepted_at !== null ? 'accepted' : row.expires_at > now ? 'pending' : 'lapsed',
  created_at: iso(row.created_at),
  expires_at: iso(row.expires_at),
  accepted_at: row.accepted_at === null ? null : iso(row.accepted_at),
  invited_by: row.invited_by_email,
});

export async function invitations(d: Pick<InvitationDeps, 'db' | 'org' | 'clock'>): Promise<InvitationEntry[]> {
  const now = d.clock();
  return (await listInvitations(d.db, d.org.id)).map((row) => entryOf(row, now));
}

/** Revokes an invitation not accepted yet (a lapsed one too: it leaves the list); an accepted one is the member's now. */
export async function revokeInvitation(d: Pick<InvitationDeps, 'db' | 'org'>, actor: Actor, id: number) {
  const [, removed] = await atomically(d.db, revokeInvitationStatements(d.db, d.org.id, id, actor));
  if ((removed!.meta.changes ?? 0) === 1) return { invitation_id: id };
  if (await invitationById(d.db, d.org.id, id)) throw conflict(CONSOLE_MSG.invitationAccepted);
  throw notFound(CONSOLE_MSG.noSuchInvitation);
}

/** The pending invitation of this org a link's token names, or the 404 an unknown, used, revoked or lapsed one gets. */
async function pendingInvitation(d: Pick<InvitationDeps, 'db' | 'org'>, token: string, now: number): Promise<InvitationRow> {
  const row = await invitationByHash(d.db, await sha256Hex(token));
  if (!row || row.org_id !== d.org.id || !pending(row, now)) throw notFound(MSG.linkInvalid);
  return row;
}

/** What the invited person's page shows: the org, the address invited and the role. */
export async function invitationInfo(d: Pick<InvitationDeps, 'db' | 'org' | 'clock'>, token: string): Promise<InvitationInfo> {
  const row = await pendingInvitation(d, token, d.clock());
  const account = await userByEmail(d.db, d.org.id, row.email);
  return { org: d.org.name, email: row.email, role: row.role, has_account: account !== null, expires_at: iso(row.expires_at) };
}

/** A new person's names, each required (the page asks for both). */
function namesOf(body: InvitationAccept): { firstName: string; lastName: string } {
  const issues: Issue[] = [];
  if (!body.first_name) issues.push({ path: 'first_name', message: PERSON_MSG.firstNameRequired });
  if (!body.last_name) issues.push({ path: 'last_name', message: PERSON_MSG.lastNameRequired });
  if (issues.length) throw badRequest(issues[0]!.message, issues);
  return { firstName: body.first_name!, lastName: body.last_name! };
}

/**
 * Accepts an invitation: a new account with the names and password sent (the sign-up rule), or the org's existing
 * account of the invited address proving its password; either way the role (an agent's limit and details) is given in
 * the one batch that claims the invitation, then a session opens. Of concurrent accepts of one token one succeeds; the
 * others find it used (404).
 */
export async function acceptInvitation(d: InvitationDeps & SignInDeps, token: string, body: InvitationAccept): Promise<SignedIn> {
  const { db, org } = d;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = d.clock();
    const invitation = await pendingInvitation(d, token, now);
    const account = await userByEmail(db, org.id, invitation.email);
    const acceptKey = randomToken();
    if (account) {
      let newHash: string | null = null;
      if (account.password_hash) {
        if (!(await verifyPassword(body.password, account.password_hash, d.pepper)).ok) throw unauthorized(MSG.invalidCredentials);
      } else {
        // An account that signed in only through Google, Facebook or single sign-on: the link proves the address, as a reset's does.
        const problem = passwordProblem(body.password);
        if (problem) throw refuse('password', problem);
        newHash = await hashPassword(body.password, d.pepper);
      }
      const [claim] = await atomically(db, acceptAsMemberStatements(db, invitation, account.id, acceptKey, now, newHash));
      if ((claim!.meta.changes ?? 0) !== 1) {
        const again = await invitationByHash(db, invitation.token_hash);
        if (again && pending(again, d.clock())) throw conflict(CONSOLE_MSG.lastAdmin);
        throw notFound(MSG.linkInvalid);
      }
      const row = await userByEmail(db, org.id, invitation.email);
      return openSessionFor(d, row!, { remember: false, action: 'invitation_accept' });
    }
    const { firstName, lastName } = namesOf(body);
    const problem = passwordProblem(body.password);
    if (problem) throw refuse('password', problem);
    const passwordHash = await hashPassword(body.password, d.pepper);
    const invitee = {
      orgId: org.id, email: invitation.email, passwordHash, firstName, lastName, language: org.default_language, currency: org.default_currency,
      referralCode: newReferralCode(),
    };
    const [insert] = await atomically(db, acceptAsNewStatements(db, invitation, invitee, acceptKey, now));
    if ((insert!.meta.changes ?? 0) === 1) {
      const row = await userByEmail(db, org.id, invitation.email);
      return openSessionFor(d, row!, { remember: false, action: 'invitation_accept' });
    }
    // Lost to a concurrent accept (the next round's lookup answers 404), or the address signed up meanwhile, or the
    // referral code drawn was taken: look again.
  }
  throw notFound(MSG.linkInvalid);
}
