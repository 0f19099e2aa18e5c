// Password hashing of the accounts area: format, pepper, salt, and the 100,000-iteration cap production Workers enforce.
import { describe, expect, it, vi } from 'vitest';
import { createHmac, pbkdf2Sync } from 'node:crypto';
import {
  dummyVerify, hashPassword, parsePasswordHash, PBKDF2_ITERATIONS, verifyPassword, WORKERS_PBKDF2_MAX_ITERATIONS,
} from '../../functions/auth/password';
import { constantTimeEqual } from '../../functions/auth/crypto';
import { hashPassword as seedHash } from '../../seed/parts/03-accounts.mjs';

describe('password hashing', () => {
  it('never uses more PBKDF2 iterations than production Workers accept (100,000)', async () => {
    expect(WORKERS_PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
    const stored = await hashPassword('Demo1!pass', 'pepper');
    expect(parsePasswordHash(stored)!.iterations).toBeLessThanOrEqual(100_000);
    const seeded = seedHash('Demo1!pass', 'pepper') as string;
    expect(parsePasswordHash(seeded)!.iterations).toBeLessThanOrEqual(100_000);
  });

  it('refuses to hash with more iterations than the cap, as production would', async () => {
    await expect(hashPassword('Demo1!pass', 'pepper', 100_001)).rejects.toThrow(RangeError);
  });

  it('refuses to verify a stored hash that asks for more iterations than the cap', async () => {
    const stored = await hashPassword('Demo1!pass', 'pepper', 1000);
    const raised = stored.replace('$1000$', '$200000$');
    await expect(verifyPassword('Demo1!pass', raised, 'pepper')).rejects.toThrow(RangeError);
  });

  it('stores a versioned "pbkdf2-sha256$iterations$salt$hash" with a 16-byte salt and a new salt each time', async () => {
    const a = await hashPassword('Demo1!pass', 'pepper');
    const b = await hashPassword('Demo1!pass', 'pepper');
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(parsePasswordHash(a)!.salt).toHaveLength(16);
  });

  it('verifies the right password only, and only with the same pepper', async () => {
    const stored = await hashPassword('Demo1!pass', 'pepper');
    expect((await verifyPassword('Demo1!pass', stored, 'pepper')).ok).toBe(true);
    expect((await verifyPassword('Demo1!pasS', stored, 'pepper')).ok).toBe(false);
    expect((await verifyPassword('Demo1!pass', stored, 'other-pepper')).ok).toBe(false);
  });

  it('is PBKDF2-HMAC-SHA256 over HMAC-SHA256(pepper, password): the seed (node:crypto) and the Worker agree', async () => {
    const seeded = seedHash('Agent1!pass', 'dev-pepper') as string;
    expect((await verifyPassword('Agent1!pass', seeded, 'dev-pepper')).ok).toBe(true);
    const parsed = parsePasswordHash(await hashPassword('Agent1!pass', 'dev-pepper'))!;
    const peppered = createHmac('sha256', 'dev-pepper').update('Agent1!pass').digest();
    const expected = pbkdf2Sync(peppered, parsed.salt, parsed.iterations, 32, 'sha256');
    expect(Buffer.from(parsed.hash).equals(expected)).toBe(true);
  });

  it('asks for a rehash when the stored iterations differ from today', async () => {
    const old = await hashPassword('Demo1!pass', 'pepper', 1000);
    expect(await verifyPassword('Demo1!pass', old, 'pepper')).toEqual({ ok: true, needsRehash: true });
  });

  it('treats malformed stored hashes as a failed check, not an error', async () => {
    for (const bad of ['', 'plain', 'md5$1$a$b', 'pbkdf2-sha256$abc$x$y', 'pbkdf2-sha256$1000$$']) {
      expect((await verifyPassword('Demo1!pass', bad, 'pepper')).ok).toBe(false);
    }
  });

  it('the dummy check for unknown emails derives the same PBKDF2 work as a real one', async () => {
    // Counted, not timed: the same derivations with the same iteration count mean the same cost.
    const stored = await hashPassword('Demo1!pass', 'pepper');
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const work = () => derive.mock.calls.map(([alg]) => (alg as Pbkdf2Params).iterations);
    await verifyPassword('Wrong1!pass', stored, 'pepper');
    const real = work();
    derive.mockClear();
    await dummyVerify('Wrong1!pass', 'pepper');
    const dummy = work();
    derive.mockRestore();
    expect(real.length).toBeGreaterThan(0);
    expect(dummy).toEqual(real);
  });

  it('compares in constant time over equal lengths', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
