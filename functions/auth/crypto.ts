// Small WebCrypto helpers for the accounts area: random tokens, SHA-256/HMAC digests, base64url, constant-time compare.
export { hmacSha256, hmacSha256Hex, sha256Hex, toHex } from '../lib/crypto';

export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

export const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** A bearer secret of 256 bits, URL-safe. */
export const randomToken = () => base64url(randomBytes(32));

/** Compares without an early exit, so the time does not tell how many leading bytes matched (lengths are public). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
