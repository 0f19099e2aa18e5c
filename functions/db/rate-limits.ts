// Attempt limits kept in D1 (they must hold across isolates): one row per attempt, a sliding window per (bucket, key).
// A row is written only while its key is under the limit, in the same statement that counts: deciding and counting
// are one atomic step, so concurrent requests cannot all pass a count taken before any of them was recorded
// (docs/decisions/0012-attempt-limits.md).
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** One key of one limit that a request wants an attempt under. */
export interface Claim {
  limit: Limit;
  key: string;
}

export interface ReservedRow {
  id: number;
  bucket: string;
}

/**
 * Records one attempt under every claim if, and only if, every claim's key has fewer than its `max` attempts in its
 * window; otherwise records nothing. Answers (RETURNING) the rows written: none means refused. SQLite runs an
 * INSERT … SELECT that reads its own table from a snapshot taken before the insert, and D1 runs statements one at a time.
 */
export function reserveStatement(db: D1Database, claims: Claim[], now: number): D1PreparedStatement {
  const values = claims.map(() => '(?, ?, ?, ?)').join(', ');
  return db
    .prepare(
      `WITH wanted (bucket, k, since, lim) AS (VALUES ${values})
       INSERT INTO rate_limits (bucket, key, at)
       SELECT bucket, k, ? FROM wanted
       WHERE NOT EXISTS (
         SELECT 1 FROM wanted w
         WHERE (SELECT count(*) FROM rate_limits r WHERE r.bucket = w.bucket AND r.key = w.k AND r.at > w.since) >= w.lim)
       RETURNING id, bucket`,
    )
    .bind(...claims.flatMap((c) => [c.limit.bucket, c.key, now - c.limit.windowMs, c.limit.max]), now);
}

/**
 * For refused claims: which ones are at their limit and the seconds until each frees a place (the attempt that
 * filled it leaves the window). A claim no longer full (an attempt was given back meanwhile) is left out. One
 * statement: a batch of reads here dropped connections under wrangler dev when many requests were refused at once.
 */
export async function fullClaims(db: D1Database, claims: Claim[], now: number): Promise<{ claim: Claim; retryAfter: number }[]> {
  const one = 'SELECT ? AS i, (SELECT at FROM rate_limits WHERE bucket = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?) AS at';
  const { results } = await db
    .prepare(claims.map(() => one).join(' UNION ALL '))
    .bind(...claims.flatMap((c, i) => [i, c.limit.bucket, c.key, now - c.limit.windowMs, c.limit.max - 1]))
    .all<{ i: number; at: number | null }>();
  return results.flatMap(({ i, at }) => {
    const claim = claims[i];
    return claim && at !== null ? [{ claim, retryAfter: Math.max(1, Math.ceil((at + claim.limit.windowMs - now) / 1000)) }] : [];
  });
}

/** What the answer did to the attempts a request reserved: given back (`refund`), or clearing its key up to it (`clear`). */
export interface Settlement {
  refund: number[];
  clear: { limit: Limit; key: string; upToId: number }[];
}

/**
 * One statement that gives back the refunded attempts and forgets, for each cleared key, its attempts up to and
 * including the reserved one (a success clears the failures before it; attempts reserved after it by requests still
 * in flight stay counted).
 */
export function settleStatement(db: D1Database, s: Settlement): D1PreparedStatement {
  const terms = [
    ...(s.refund.length ? [`id IN (${s.refund.map(() => '?').join(', ')})`] : []),
    ...s.clear.map(() => '(bucket = ? AND key = ? AND id <= ?)'),
  ];
  return db
    .prepare(`DELETE FROM rate_limits WHERE ${terms.join(' OR ')}`)
    .bind(...s.refund, ...s.clear.flatMap((c) => [c.limit.bucket, c.key, c.upToId]));
}

/** Old rows are useless after the longest window; purged now and then, at most `batch` rows at a time. */
export function purgeOldEvents(db: D1Database, now: number, olderThanMs = 24 * 3600_000, batch = 500) {
  return db
    .prepare('DELETE FROM rate_limits WHERE id IN (SELECT id FROM rate_limits WHERE at < ? ORDER BY at LIMIT ?)')
    .bind(now - olderThanMs, batch)
    .run();
}
