// The savings member id and cvt hash against the contract's vector and independent digests.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memberHash, savingsMemberId } from '../../src/shared/rules/savings-hash';

const nodeSha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('savings member hash', () => {
  it('matches the contract test vector', async () => {
    expect(await memberHash('SAVPROG-1', 'TRV-42')).toBe('35ed5d278340d8a1a6cabe1ae9c62366eecbdf5d8060959805787bb339d93474');
  });

  it('memberid is the configured prefix followed by the user id', () => {
    expect(savingsMemberId('TRV-', 42)).toBe('TRV-42');
    expect(savingsMemberId('', '7')).toBe('7');
  });

  it('hashes the program id twice then the member id, as UTF-8', async () => {
    expect(await memberHash('P', 'M')).toBe(nodeSha('PPM'));
    expect(await memberHash('prog-é', 'TRV-1')).toBe(nodeSha('prog-éprog-éTRV-1'));
    expect(await memberHash('', '')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('is lowercase hex of 64 characters and differs by program and member', async () => {
    const a = await memberHash('SAVPROG-1', 'TRV-42');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await memberHash('SAVPROG-2', 'TRV-42')).not.toBe(a);
    expect(await memberHash('SAVPROG-1', 'TRV-43')).not.toBe(a);
  });

  it('agrees with Node crypto for any program and member id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (p, m) => {
        expect(await memberHash(p, m)).toBe(nodeSha(p + p + m));
      }),
      { numRuns: 200 },
    );
  });
});
