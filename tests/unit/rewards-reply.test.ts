// The hand-written rewards check agrees with the contract's schema (src/shared/rules/rewards-reply.ts).
import { describe, expect, it } from 'vitest';
import { RewardsResponse } from '../../src/shared/contract/loyalty';
import { readRewardsReply } from '../../src/shared/rules/rewards-reply';

const GOOD = {
  data: {
    loyaltyEnabled: true,
    startDate: '2026-01-01',
    endDate: null,
    landingUrl: 'https://example.com/join',
    referralCode: 'ABC123',
    referralName: 'Travel Club',
    orgId: 1,
    referralCount: 3,
    totalCredits: 12.5,
    rewards: [{ action: 'signup', count: 2, credits: 10, extra: 'x' }],
    rules: [{ action: 'signup', credits: 5 }],
    unknown: 'dropped',
  },
};

describe('readRewardsReply', () => {
  it('reads a good answer as the schema does, unknown fields dropped', () => {
    expect(readRewardsReply(GOOD)).toEqual(RewardsResponse.parse(GOOD));
  });

  const broken: [string, unknown][] = [
    ['no data', {}],
    ['data null', { data: null }],
    ['orgId a string', { data: { ...GOOD.data, orgId: '1' } }],
    ['referralCount not whole', { data: { ...GOOD.data, referralCount: 1.5 } }],
    ['loyaltyEnabled a number', { data: { ...GOOD.data, loyaltyEnabled: 1 } }],
    ['startDate a number', { data: { ...GOOD.data, startDate: 5 } }],
    ['a reward without count', { data: { ...GOOD.data, rewards: [{ action: 'a', credits: 1 }] } }],
    ['rules not a list', { data: { ...GOOD.data, rules: {} } }],
    ['totalCredits missing', { data: { ...GOOD.data, totalCredits: undefined } }],
  ];
  it.each(broken)('refuses %s, as the schema does', (_, reply) => {
    expect(() => RewardsResponse.parse(reply)).toThrow();
    expect(() => readRewardsReply(reply)).toThrow(TypeError);
  });
});
