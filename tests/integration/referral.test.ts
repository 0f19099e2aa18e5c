// Referrals over real HTTP (docs/contract.md#referrals): campaigns per org, a member's referrals paginated, actions, rewards, org isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, expectErrorShape } from './helpers';
import { confirmEmail, freshMember, signedIn, signUpOnly, type Member } from './loyalty-helpers';
import { bookingBody, firstProduct, issue, key, payPending, traveler } from './booking-helpers';
import { d1Query } from './auth-helpers';

async function codeOf(m: { client: Member['client'] }) {
  const r = await m.client.call('/api/referral/getRewards');
  expect(r.status, r.text).toBe(200);
  return r.json.data.referralCode as string;
}

describe('promotion campaigns', () => {
  it('lists the org’s Promotion campaigns by default, with the contract’s fields', async () => {
    const r = await call('/api/referral/getCampaignList?campaign_type=Promotion');
    expect(r.status).toBe(200);
    expect(r.json.data.length).toBeGreaterThan(0);
    for (const c of r.json.data) {
      expect(c.campaign_type).toBe('Promotion');
      expect(typeof c.landing_url).toBe('string');
      expect(typeof c.refferal_code).toBe('string');
    }
    const byDefault = await call('/api/referral/getCampaignList');
    expect(byDefault.json.data).toEqual(r.json.data);
  });

  it('each org sees only its own campaigns', async () => {
    const one = (await call('/api/referral/getCampaignList?campaign_type=Promotion')).json.data.map((c: { refferal_code: string }) => c.refferal_code);
    const two = (await call('/api/referral/getCampaignList?campaign_type=Promotion', { host: ACME })).json.data.map((c: { refferal_code: string }) => c.refferal_code);
    expect(two.length).toBeGreaterThan(0);
    expect(one.filter((code: string) => two.includes(code))).toEqual([]);
  });

  it('another campaign type lists only that type; a malformed type is a 400', async () => {
    const referral = await call('/api/referral/getCampaignList?campaign_type=Referral');
    expect(referral.json.data.every((c: { campaign_type: string }) => c.campaign_type === 'Referral')).toBe(true);
    expect((await call('/api/referral/getCampaignList?campaign_type=Nothing')).json).toEqual({ data: [] });
    const bad = await call("/api/referral/getCampaignList?campaign_type=%27%20OR%201%3D1");
    expect(bad.status).toBe(400);
    expectErrorShape(bad.json, 'BAD_REQUEST');
  });
});

describe('a member’s referrals', () => {
  let referrer: Member;
  let code: string;
  const referred: string[] = [];

  beforeAll(async () => {
    referrer = await freshMember({ firstName: 'Reina' });
    code = await codeOf(referrer);
    // Referrals count once the referred address is confirmed (issue #10), so each friend confirms theirs.
    for (let i = 0; i < 7; i++) {
      const email = await signUpOnly({ referralCode: code, referralOrg: 1, firstName: `Friend${'abcdefg'[i]}` });
      await confirmEmail(email);
      referred.push(email);
    }
  }, 120_000);

  it('needs a session', async () => {
    const r = await call('/api/referral/getReferralList?program=&per_page=5&page=1');
    expect(r.status).toBe(401);
    expectErrorShape(r.json, 'UNAUTHORIZED');
    expect((await call('/api/referral/getActionsList')).status).toBe(401);
    expect((await call('/api/referral/getRewards')).status).toBe(401);
  });

  it('every member has a referral code', async () => {
    expect(code).toMatch(/^[A-Za-z0-9_-]{4,64}$/);
  });

  it('pages are 1-based, 5 a page, and the last page holds the rest', async () => {
    const one = await referrer.client.call('/api/referral/getReferralList?program=&per_page=5&page=1');
    expect(one.status).toBe(200);
    expect(one.json.count).toBe(7);
    expect(one.json.data).toHaveLength(5);
    expect(one.json.totalPages).toBe(2);
    const two = await referrer.client.call('/api/referral/getReferralList?program=&per_page=5&page=2');
    expect(two.json.data).toHaveLength(2);
    const all = [...one.json.data, ...two.json.data].map((x: { member: number }) => x.member);
    expect(new Set(all).size).toBe(7);
  });

  it('newest referrals come first, with a masked email and sign-up credits', async () => {
    const one = await referrer.client.call('/api/referral/getReferralList?per_page=5&page=1');
    const first = one.json.data[0];
    expect(first.first_name).toBe('Friendg');
    expect(first.email).toMatch(/^l\*\*\*@example\.com$/);
    expect(first.actions).toBe(1);
    expect(first.credits).toBe(10);
  });

  it('a page past the end is empty but still counts', async () => {
    const r = await referrer.client.call('/api/referral/getReferralList?per_page=5&page=3');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ count: 7, data: [], totalPages: 2 });
  });

  it('per_page is capped at 50 and defaults to 5', async () => {
    const big = await referrer.client.call('/api/referral/getReferralList?per_page=1000&page=1');
    expect(big.json.per_page).toBe(50);
    expect(big.json.data).toHaveLength(7);
    const plain = await referrer.client.call('/api/referral/getReferralList');
    expect(plain.json.per_page).toBe(5);
    expect(plain.json.data).toHaveLength(5);
    const three = await referrer.client.call('/api/referral/getReferralList?per_page=3&page=3');
    expect(three.json).toMatchObject({ count: 7, totalPages: 3 });
    expect(three.json.data).toHaveLength(1);
  });

  for (const bad of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'per_page=0', 'per_page=-5', 'page=99999999999']) {
    it(`refuses ${bad} with 400`, async () => {
      const r = await referrer.client.call(`/api/referral/getReferralList?${bad}`);
      expect(r.status).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    });
  }

  it('lists the actions and credits of the member’s own referrals only', async () => {
    const all = await referrer.client.call('/api/referral/getActionsList');
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(7);
    expect(all.json.totalCredits).toBe(70);
    expect(all.json.data.every((a: { action: string }) => a.action === 'SIGN_UP')).toBe(true);
    const one = all.json.data[0].member;
    const mine = await referrer.client.call(`/api/referral/getActionsList?member=${one}`);
    expect(mine.json.data).toHaveLength(1);
    const demo = await signedIn('demo@example.com', 'Demo1!pass');
    const theirs = await demo.call(`/api/referral/getActionsList?member=${one}`);
    expect(theirs.json).toEqual({ count: 0, totalCredits: 0, data: [] });
    expect((await referrer.client.call('/api/referral/getActionsList?member=abc')).status).toBe(400);
  });

  it('rewards sum the member’s credits and carry the org’s loyalty dates', async () => {
    const r = await referrer.client.call('/api/referral/getRewards');
    expect(r.json.data).toMatchObject({
      loyaltyEnabled: true,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      referralCode: code,
      referralName: 'Reina Tester',
      orgId: 1,
      referralCount: 7,
      totalCredits: 70,
    });
    expect(r.json.data.rules).toEqual(expect.arrayContaining([{ action: 'SIGN_UP', credits: 10 }]));
  });
});

describe('a referral counts once the referred account is verified', () => {
  it('an unverified sign-up earns the referrer nothing: no referral, no action, no credits, until the address is confirmed', async () => {
    const referrer = await freshMember({ firstName: 'Vera' });
    const code = await codeOf(referrer);
    const unconfirmed = await Promise.all(Array.from({ length: 3 }, () => signUpOnly({ referralCode: code, referralOrg: 1, firstName: 'Ghost' })));
    const list = await referrer.client.call('/api/referral/getReferralList?per_page=50');
    expect(list.json).toMatchObject({ count: 0, data: [] });
    expect((await referrer.client.call('/api/referral/getActionsList')).json).toMatchObject({ count: 0, totalCredits: 0, data: [] });
    expect((await referrer.client.call('/api/referral/getRewards')).json.data).toMatchObject({ referralCount: 0, totalCredits: 0 });

    await confirmEmail(unconfirmed[0]!);
    const after = await referrer.client.call('/api/referral/getReferralList?per_page=50');
    expect(after.json.count).toBe(1);
    expect(after.json.data[0]).toMatchObject({ first_name: 'Ghost', actions: 1, credits: 10 });
    expect((await referrer.client.call('/api/referral/getActionsList')).json).toMatchObject({ count: 1, totalCredits: 10 });
    expect((await referrer.client.call('/api/referral/getRewards')).json.data).toMatchObject({ referralCount: 1, totalCredits: 10 });
  }, 60_000);
});

describe('the seeded demo member', () => {
  it('has referrals with a stored booking action', async () => {
    const demo = await signedIn('demo@example.com', 'Demo1!pass');
    const list = await demo.call('/api/referral/getReferralList?program=&per_page=5&page=1');
    expect(list.json.count).toBeGreaterThanOrEqual(2);
    const actions = await demo.call('/api/referral/getActionsList');
    expect(actions.json.data.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['SIGN_UP', 'FIRST_BOOKING']));
  });
});

describe('referrals never cross orgs', () => {
  it('a sign-up in another org with a member’s code is not the member’s referral', async () => {
    const referrer = await freshMember();
    const code = await codeOf(referrer);
    await confirmEmail(await signUpOnly({ host: ACME, referralCode: code, referralOrg: 1, accessCode: 'WELCOME2026' }), ACME);
    await confirmEmail(await signUpOnly({ referralCode: code, referralOrg: 1 }));
    const r = await referrer.client.call('/api/referral/getReferralList');
    expect(r.json.count).toBe(1);
  });

  it('an org 1 session is not a session on org 2', async () => {
    const demo = await signedIn('demo@example.com', 'Demo1!pass');
    const r = await call('/api/referral/getReferralList', { host: ACME, cookie: demo.cookie });
    expect(r.status).toBe(401);
  });

  it('an org 2 member sees org 2’s loyalty settings and none of org 1’s referrals', async () => {
    const acme = await freshMember({ host: ACME, accessCode: 'WELCOME2026' });
    const rewards = await acme.client.call('/api/referral/getRewards');
    expect(rewards.json.data).toMatchObject({ loyaltyEnabled: false, orgId: 2, referralCount: 0 });
    expect((await acme.client.call('/api/referral/getReferralList')).json.count).toBe(0);
  });
});

describe('a referred member’s first booking', () => {
  const checkout = (m: Member, body: Record<string, unknown>, host = 'localhost') =>
    m.client.call('/api/booking/checkout', { host, body: { traveler, idempotency_key: key(), ...body } });
  const actionsOf = async (m: Member) => {
    const r = await m.client.call('/api/referral/getActionsList');
    expect(r.status, r.text).toBe(200);
    return r.json as { count: number; totalCredits: number; data: { member: number; action: string; credits: number }[] };
  };

  it('earns the referrer one FIRST_BOOKING action with the org’s credits, even when bookings race', async () => {
    const referrer = await freshMember({ firstName: 'Bruno' });
    const friend = await freshMember({ referralCode: await codeOf(referrer), referralOrg: 1, firstName: 'Booker' });
    const before = await actionsOf(referrer);
    expect(before.data.map((a) => a.action)).toEqual(['SIGN_UP']);
    expect(before.totalCredits).toBe(10);

    const hotel = await firstProduct('HLT');
    const replies = await Promise.all(Array.from({ length: 6 }, () => checkout(friend, bookingBody(hotel.product_id))));
    expect(replies.map((r) => r.status), replies.find((r) => r.status !== 200)?.text).toEqual(Array(6).fill(200));
    // A booking is successful once its card part is paid: the payments' webhooks race instead.
    await Promise.all(replies.map((r) => payPending(r, { client: friend.client })));

    const after = await actionsOf(referrer);
    expect(after.data.filter((a) => a.action === 'FIRST_BOOKING')).toEqual([expect.objectContaining({ member: friend.userId, credits: 25 })]);
    expect(after.totalCredits).toBe(35);
    const row = (await referrer.client.call('/api/referral/getReferralList?per_page=5&page=1')).json.data[0];
    expect(row).toMatchObject({ member: friend.userId, actions: 2, credits: 35 });
    const rewards = (await referrer.client.call('/api/referral/getRewards')).json.data;
    expect(rewards.totalCredits).toBe(35);
    expect(rewards.rewards).toEqual(expect.arrayContaining([{ action: 'FIRST_BOOKING', count: 1, credits: 25 }]));

    const later = await checkout(friend, bookingBody(hotel.product_id));
    expect(later.status).toBe(200);
    await payPending(later, { client: friend.client });
    const rows = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM referral_actions WHERE referred_id = ${friend.userId}`);
    expect(rows[0]!.n).toBe(1);
  }, 120_000);

  it('is written with the booking or not at all: checkouts that lose a certificate race record nothing more', async () => {
    const referrer = await freshMember({ firstName: 'Carla' });
    const friend = await freshMember({ referralCode: await codeOf(referrer), referralOrg: 1, firstName: 'Racer' });
    const cert = await issue({ email: friend.email, kind: 'certificate', services: ['HLT'], amount: 40 });
    const hotel = await firstProduct('HLT');
    const replies = await Promise.all(Array.from({ length: 8 }, () => checkout(friend, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }))));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    await payPending(replies.find((r) => r.status === 200)!, { client: friend.client });
    const [rows] = await d1Query<{ actions: number; bookings: number }>(
      `SELECT (SELECT COUNT(*) FROM referral_actions WHERE referred_id = ${friend.userId}) AS actions,
              (SELECT COUNT(*) FROM bookings WHERE user_id = ${friend.userId}) AS bookings`,
    );
    expect(rows).toEqual({ actions: 1, bookings: 1 });
    expect((await actionsOf(referrer)).totalCredits).toBe(35);
  }, 120_000);

  it('a member nobody referred records no action; another org’s referral never reaches this org’s referrer', async () => {
    const loner = await freshMember({ firstName: 'Solo' });
    const hotel = await firstProduct('HLT');
    const lonely = await checkout(loner, bookingBody(hotel.product_id));
    expect(lonely.status).toBe(200);
    await payPending(lonely, { client: loner.client });
    const mine = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM referral_actions WHERE referred_id = ${loner.userId}`);
    expect(mine[0]!.n).toBe(0);

    const referrer = await freshMember({ firstName: 'Dora' });
    const acme = await freshMember({ host: ACME, referralCode: await codeOf(referrer), referralOrg: 1, accessCode: 'WELCOME2026' });
    const acmeHotel = await firstProduct('HLT', ACME);
    const booked = await checkout(acme, bookingBody(acmeHotel.product_id), ACME);
    expect(booked.status, booked.text).toBe(200);
    await payPending(booked, { client: acme.client });
    const theirs = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM referral_actions WHERE referred_id = ${acme.userId}`);
    expect(theirs[0]!.n).toBe(0);
    expect((await actionsOf(referrer)).count).toBe(0);
  }, 120_000);
});
