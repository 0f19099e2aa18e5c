// Single sign-on keys already used: a key signs in once (purged with the old sessions, db/sessions.ts).

/** Records the key as used; false when it was used before. */
export async function spendSsoKey(db: D1Database, keyHash: string, expiresAt: number): Promise<boolean> {
  const spent = await db.prepare('INSERT INTO sso_keys_used (key_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(keyHash, expiresAt).run();
  return spent.meta.changes === 1;
}
