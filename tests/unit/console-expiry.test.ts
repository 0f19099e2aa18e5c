// The one expiry rule of the console's forms and API (access codes, wallet cards) and the wallet's expired-card rule.
import { describe, expect, it } from 'vitest';
import { futureExpiry } from '../../src/shared/contract/console';
import { cardProblem, isActive, type WalletCard } from '../../src/shared/rules/wallet';

const Expiry = futureExpiry('bad');

describe('futureExpiry', () => {
  it('a day is valid through its end (UTC); a date and time keeps its instant', () => {
    expect(Expiry.parse('2099-06-30')).toBe('2099-06-30T23:59:59.999Z');
    expect(Expiry.parse('2099-06-30T10:00:00+02:00')).toBe('2099-06-30T08:00:00.000Z');
  });

  it.each(['2020-01-01', '2020-01-01T00:00:00Z', '2099-02-31', '2099-13-01', 'tomorrow', '', '2099-06-30T25:00:00Z'])('%j is refused', (v) => {
    const r = Expiry.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('bad');
  });
});

describe('an expired card', () => {
  const card: WalletCard = {
    id: 1, code: 'CASH-1', kind: 'cash', status: 'ACTIVE', services: [], proCode: '', amountMinor: 5000, redemptionMinor: 0, currency: 'USD', productCode: '', owner: 'user',
  };
  it('is not active and pays for nothing, with the contract message', () => {
    const past = { ...card, expiresAt: '2020-01-01T00:00:00.000Z' };
    expect(isActive(past)).toBe(false);
    expect(cardProblem(past, 'cash', 'HLT')).toEqual({ reason: 'unfit', message: 'Card CASH-1 has expired' });
    expect(cardProblem({ ...card, expiresAt: '2099-01-01T00:00:00.000Z' }, 'cash', 'HLT')).toBeNull();
    expect(cardProblem(card, 'cash', 'HLT')).toBeNull();
  });
});
