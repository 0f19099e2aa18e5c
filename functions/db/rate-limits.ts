// Rate limits kept in D1 (they must hold across isolates): one row per counted event, a sliding window per key.
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface LimitState {
  limited: boolean;
  /** Seconds until the oldest counted event leaves the window (when limited). */
  retryAfter: number;
}

/** Whether `key` already has `max` events inside the window (the next one would go over). */
export async function checkLimit(db: D1Database, limit: Limit, key: string, now: number): Promise<LimitState> {
  const row = await db
    .prepare(
      `SELECT count(*) AS n, min(at) AS oldest FROM (
         SELECT at FROM rate_limits WHERE bucket = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT ?)`,
    )
    .bind(limit.bucket, key, now - limit.windowMs, limit.max)
    .first<{ n: number; oldest: number | null }>();
  const n = row?.n ?? 0;
  if (n < limit.max) return { limited: false, retryAfter: 0 };
  return { limited: true, retryAfter: Math.max(1, Math.ceil(((row?.oldest ?? now) + limit.windowMs - now) / 1000)) };
}

export function recordEvent(db: D1Database, limit: Limit, key: string, now: number) {
  return db.prepare('INSERT INTO rate_limits (bucket, key, at) VALUES (?, ?, ?)').bind(limit.bucket, key, now);
}

export function clearEvents(db: D1Database, limit: Limit, key: string) {
  return db.prepare('DELETE FROM rate_limits WHERE bucket = ? AND key = ?').bind(limit.bucket, key);
}

/** Old rows are useless after the longest window; purged now and then by the sign-in path. */
export function purgeOldEvents(db: D1Database, now: number, olderThanMs = 24 * 3600_000) {
  return db.prepare('DELETE FROM rate_limits WHERE at < ?').bind(now - olderThanMs).run();
}
