// An account an org opens for someone (an agent, an admin…): created without a password, given its role, with a
// set-password link (a reset token that lives INVITE_VALID_HOURS). One list of statements, run as one unit by the
// command line (scripts/admin.mjs) or a D1 batch.
import { insertUserStatement, type NewUser } from './users';
import { insertEmailTokenForNewUser } from './email-tokens';
import { inviteTokenLifetimeStatement, promoteToAgentStatements, upsertAgencyStatement } from './agents';
import type { Role } from '../../src/shared/contract/auth';

export interface Invitation {
  orgId: number;
  email: string;
  role: Exclude<Role, 'user'>;
  title?: string;
  firstName?: string;
  lastName?: string;
  /** A fresh referral code: it names the new row, so an account someone else created meanwhile is never changed. */
  referralCode: string;
  tokenHash: string;
  now: number;
  agent?: { creditLimitMinor: number; agencyName: string | null; markupBps: number };
}

export function invitationStatements(db: D1Database, inv: Invitation): D1PreparedStatement[] {
  const user: NewUser = {
    orgId: inv.orgId, email: inv.email, passwordHash: null, provider: 'email', providerSubject: null, title: inv.title ?? '', firstName: inv.firstName ?? '',
    lastName: inv.lastName ?? '', nationalityId: null, countryCode: '', phoneCountryCode: '', mobileNo: '', language: 'en-US', currency: 'USD', verified: false,
    referralCode: inv.referralCode, referredByCode: null, referralOrg: null, accessCode: '', verifyMailSentAt: null,
  };
  const role =
    inv.role === 'agent'
      ? [
          ...(inv.agent?.agencyName ? [upsertAgencyStatement(db, inv.orgId, { name: inv.agent.agencyName })] : []),
          ...promoteToAgentStatements(db, {
            orgId: inv.orgId, referralCode: inv.referralCode, creditLimitMinor: inv.agent?.creditLimitMinor ?? 0, agencyName: inv.agent?.agencyName ?? null,
            markupBps: inv.agent?.markupBps ?? 1000,
          }),
        ]
      : [db.prepare('UPDATE users SET role = ? WHERE org_id = ? AND referral_code = ?').bind(inv.role, inv.orgId, inv.referralCode)];
  return [
    insertUserStatement(db, user, null, inv.now),
    ...role,
    insertEmailTokenForNewUser(db, 'reset', inv.tokenHash, inv.referralCode, inv.now),
    inviteTokenLifetimeStatement(db, inv.tokenHash, inv.now),
  ];
}
