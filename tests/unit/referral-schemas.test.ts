// The referral query schemas: 1-based pages, per_page defaulting to 5 and capped at 50, campaign types, member ids.
import { describe, expect, it } from 'vitest';
import { ActionsListQuery, CampaignListQuery, ReferralListQuery } from '../../src/shared/contract/loyalty';

describe('ReferralListQuery', () => {
  it('defaults to page 1 of 5 and an empty program', () => {
    expect(ReferralListQuery.parse({})).toEqual({ program: '', page: 1, per_page: 5 });
    expect(ReferralListQuery.parse({ program: '', per_page: '', page: '' })).toEqual({ program: '', page: 1, per_page: 5 });
  });

  it('reads whole numbers and caps per_page at 50', () => {
    expect(ReferralListQuery.parse({ page: '3', per_page: '20' })).toMatchObject({ page: 3, per_page: 20 });
    expect(ReferralListQuery.parse({ per_page: '51' }).per_page).toBe(50);
    expect(ReferralListQuery.parse({ per_page: '999999' }).per_page).toBe(50);
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', ' ', '9999999999'])('refuses page %j', (page) => {
    if (page.trim() === '') return expect(ReferralListQuery.parse({ page }).page).toBe(1);
    expect(ReferralListQuery.safeParse({ page }).success).toBe(false);
  });

  it('refuses per_page of 0 or below', () => {
    expect(ReferralListQuery.safeParse({ per_page: '0' }).success).toBe(false);
    expect(ReferralListQuery.safeParse({ per_page: '-5' }).success).toBe(false);
  });
});

describe('CampaignListQuery', () => {
  it('defaults the campaign type to Promotion', () => {
    expect(CampaignListQuery.parse({}).campaign_type).toBe('Promotion');
    expect(CampaignListQuery.parse({ campaign_type: ' ' }).campaign_type).toBe('Promotion');
    expect(CampaignListQuery.parse({ campaign_type: 'Referral' }).campaign_type).toBe('Referral');
  });

  it('refuses anything but a word', () => {
    expect(CampaignListQuery.safeParse({ campaign_type: "x' OR 1=1" }).success).toBe(false);
    expect(CampaignListQuery.safeParse({ campaign_type: 'a'.repeat(41) }).success).toBe(false);
  });
});

describe('ActionsListQuery', () => {
  it('reads an optional numeric member', () => {
    expect(ActionsListQuery.parse({}).member).toBeUndefined();
    expect(ActionsListQuery.parse({ member: '42' }).member).toBe(42);
    expect(ActionsListQuery.safeParse({ member: 'x' }).success).toBe(false);
  });
});
