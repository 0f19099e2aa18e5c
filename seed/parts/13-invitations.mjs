// A development invitation (docs/contract.md#invitations): Travel Club invites invited@example.com as a member, its link
// /invitation?token=<DEV_INVITATION_TOKEN> waiting for 7 days from the seed's day, so the page can be opened at once and
// the gates' route table reads a real invitation. Only the token's SHA-256 is stored, as the Worker stores it.
import { createHash } from 'node:crypto';
import { q } from '../index.mjs';

export const DEV_INVITATION_TOKEN = 'dev-invitation-travel-club-2026';

export default function () {
  const now = Date.now();
  const hash = createHash('sha256').update(DEV_INVITATION_TOKEN, 'utf8').digest('hex');
  return `INSERT INTO org_invitations (org_id, email, role, credit_limit_minor, token_hash, invited_by_email, created_at, expires_at)
VALUES (1, 'invited@example.com', 'user', NULL, ${q(hash)}, 'admin@example.com', ${now}, ${now + 7 * 86_400_000})
ON CONFLICT (token_hash) DO UPDATE SET accepted_at = NULL, accepted_by = NULL, accept_key = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at;`;
}
