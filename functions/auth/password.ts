// Password hashing: PBKDF2-HMAC-SHA256 over an HMAC of the password keyed with the pepper, per-user salt,
// stored as "pbkdf2-sha256$<iterations>$<salt>$<hash>" so the scheme can change later.
import { base64url, constantTimeEqual, fromBase64url, hmacSha256, randomBytes } from './crypto';

export const PASSWORD_SCHEME = 'pbkdf2-sha256';
/** Production Workers refuse PBKDF2 above 100,000 iterations (local workerd does not): never raise this. */
export const WORKERS_PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface ParsedHash {
  scheme: string;
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const [scheme, iter, salt, hash, ...rest] = stored.split('$');
  if (rest.length || scheme !== PASSWORD_SCHEME || !iter || !/^\d{1,7}$/.test(iter)) return null;
  const s = fromBase64url(salt ?? '');
  const h = fromBase64url(hash ?? '');
  if (!s || !h || s.length < 8 || h.length !== HASH_BITS / 8) return null;
  return { scheme, iterations: Number(iter), salt: s, hash: h };
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > WORKERS_PBKDF2_MAX_ITERATIONS) {
    // What production does: refuse, rather than pass locally and fail after deploy.
    throw new RangeError(`PBKDF2 iterations must be 1..${WORKERS_PBKDF2_MAX_ITERATIONS}, got ${iterations}`);
  }
  // The pepper keys an HMAC of the password: a stolen database alone cannot be brute-forced.
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, pepper, salt, iterations);
  return `${PASSWORD_SCHEME}$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

export interface Verification {
  ok: boolean;
  /** The stored hash uses other parameters than today's: store a fresh one after a successful sign-in. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<Verification> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) {
    await dummyVerify(password, pepper);
    return { ok: false, needsRehash: false };
  }
  const candidate = await derive(password, pepper, parsed.salt, parsed.iterations);
  return { ok: constantTimeEqual(candidate, parsed.hash), needsRehash: parsed.iterations !== PBKDF2_ITERATIONS };
}

let dummySalt: Uint8Array<ArrayBuffer> | null = null;
/** The same work as a real check, for unknown emails: the answer's timing must not reveal whether an account exists. */
export async function dummyVerify(password: string, pepper: string): Promise<false> {
  dummySalt ??= randomBytes(SALT_BYTES);
  await derive(password, pepper, dummySalt, PBKDF2_ITERATIONS);
  return false;
}
