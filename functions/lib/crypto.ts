// Digests for the server: SHA-256 (src/shared/rules/digest.ts, shared with the islands) and HMAC-SHA-256.
import { toHex } from '../../src/shared/rules/digest';

export { sha256Hex, toHex } from '../../src/shared/rules/digest';

const encoder = new TextEncoder();
/** Imported keys by their secret: the keys are the server's few secrets, so importing each once per isolate is enough. */
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 16;

function hmacKey(key: string): Promise<CryptoKey> {
  let k = keys.get(key);
  if (!k) {
    k = crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    // A failed import is not kept: the next call tries again.
    k.catch(() => keys.delete(key));
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(key, k);
  }
  return k;
}

export async function hmacSha256(key: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(key), encoder.encode(message)));
}

export const hmacSha256Hex = async (key: string, message: string) => toHex(await hmacSha256(key, message));
