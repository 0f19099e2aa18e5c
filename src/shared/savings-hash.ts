// The daily-savings member identifier and its hash (CONTRACT.md 7); WebCrypto, so it runs in browsers, Node and Workers.

/** memberid = configured prefix + the user's id. */
export function savingsMemberId(prefix: string, userId: number | string): string {
  return `${prefix}${userId}`;
}

/** Lowercase hex SHA-256 of programId + programId + memberid (UTF-8): the director's `cvt` parameter. */
export async function memberHash(programId: string, memberId: string): Promise<string> {
  const bytes = new TextEncoder().encode(programId + programId + memberId);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
