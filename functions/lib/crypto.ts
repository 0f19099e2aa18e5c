// Digests for the server: SHA-256 (src/shared/rules/digest.ts, shared with the islands) and HMAC-SHA-256.
import { toHex } from '../../src/shared/rules/digest';

export { sha256Hex, toHex } from '../../src/shared/rules/digest';

export async function hmacSha256(key: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

export const hmacSha256Hex = async (key: string, message: string) => toHex(await hmacSha256(key, message));
