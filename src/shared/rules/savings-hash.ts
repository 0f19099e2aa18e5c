// The daily-savings member identifier and its hash (docs/contract.md#savings); WebCrypto, so it runs in browsers, Node and Workers.
import { sha256Hex } from './digest';

/** memberid = configured prefix + the user's id. */
export function savingsMemberId(prefix: string, userId: number | string): string {
  return `${prefix}${userId}`;
}

/** Lowercase hex SHA-256 of programId + programId + memberid (UTF-8): the director's `cvt` parameter. */
export async function memberHash(programId: string, memberId: string): Promise<string> {
  return sha256Hex(programId + programId + memberId);
}
