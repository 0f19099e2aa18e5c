// Sign-in sessions (table sessions): only the SHA-256 of each token is stored; one row per sign-in.
import type { UserRow } from './users';

export type SessionWithUser = UserRow & {
  session_id: number;
  session_remember: number;
  session_is_sso: number;
  session_created_at: number;
  session_last_seen_at: number;
  session_expires_at: number;
};

export function insertSession(
  db: D1Database,
  s: { tokenHash: string; userId: number; orgId: number; remember: boolean; isSso: boolean; ip: string; userAgent: string; now: number; expiresAt: number },
) {
  return db
    .prepare(
      `INSERT INTO sessions (token_hash, user_id, org_id, remember, is_sso, ip, user_agent, created_at, last_seen_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(s.tokenHash, s.userId, s.orgId, s.remember ? 1 : 0, s.isSso ? 1 : 0, s.ip, s.userAgent.slice(0, 512), s.now, s.now, s.expiresAt);
}

/** The session of `tokenHash` with its user, whatever its age (the caller decides about expiry). */
export function sessionWithUser(db: D1Database, tokenHash: string, orgId: number) {
  return db
    .prepare(
      `SELECT u.*, s.id AS session_id, s.remember AS session_remember, s.is_sso AS session_is_sso, s.created_at AS session_created_at,
              s.last_seen_at AS session_last_seen_at, s.expires_at AS session_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.org_id = ? AND u.org_id = s.org_id`,
    )
    .bind(tokenHash, orgId)
    .first<SessionWithUser>();
}

export function touchSession(db: D1Database, sessionId: number, now: number) {
  return db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').bind(now, sessionId).run();
}

export function deleteSessionByHash(db: D1Database, tokenHash: string) {
  return db.prepare('DELETE FROM sessions WHERE token_hash = ?').bind(tokenHash);
}

export function deleteUserSessions(db: D1Database, userId: number) {
  return db.prepare('DELETE FROM sessions WHERE user_id = ?').bind(userId);
}

/** Ends every session of the account but `keepSessionId` (a password change keeps the session that made it). */
export function deleteOtherSessions(db: D1Database, userId: number, keepSessionId: number) {
  return db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?').bind(userId, keepSessionId);
}

/**
 * Drops rows long past any use: sessions a day after expiry (checkLogin can still tell an SSO session ended), spent
 * SSO keys once they could not verify any more, email tokens a week after expiry.
 */
export function purgeOldSessions(db: D1Database, now: number) {
  return db.batch([
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now - 24 * 3600_000),
    db.prepare('DELETE FROM sso_keys_used WHERE expires_at < ?').bind(now - 3600_000),
    db.prepare('DELETE FROM email_tokens WHERE expires_at < ?').bind(now - 7 * 24 * 3600_000),
  ]);
}

/** The org of the session of `tokenHash` in any org, with what decides whether it is alive (the console tells a wrong org from no session). */
export function sessionOrgOf(db: D1Database, tokenHash: string) {
  return db
    .prepare('SELECT org_id, remember AS session_remember, last_seen_at AS session_last_seen_at, expires_at AS session_expires_at FROM sessions WHERE token_hash = ?')
    .bind(tokenHash)
    .first<{ org_id: number; session_remember: number; session_last_seen_at: number; session_expires_at: number }>();
}
