// The credit limit under concurrency (docs/contract.md#agents): ten bookings on account at once never take the outstanding
// balance above the limit; exactly as many succeed as fit, the others get 409 and leave nothing behind.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './helpers';
import { d1Query } from './auth-helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote, profileOf, signIn, type ProductPick } from './agent-helpers';

const LIMIT_USD = 1000;
let agent: Client;
let hotel: ProductPick;

beforeAll(async () => {
  const made = await adminMadeAgent(LIMIT_USD);
  agent = await signIn(made);
  hotel = await aProduct('HLT');
}, 180_000);

describe('credit limit under concurrent bookings', () => {
  it('lets exactly the bookings that fit succeed out of 10 at once; the balance never passes the limit', async () => {
    const client = await newClient(agent);
    // Three nights each, no markup: the ledger charges the net price, so floor(limit / net) bookings fit.
    const quotes = [];
    for (let i = 0; i < 10; i++) {
      quotes.push(
        await newQuote(agent, {
          client_id: client.client_id, product_id: hotel.product_id, check_in: day(20 + i), check_out: day(23 + i), guests: 1, currency: 'USD', markup_percent: 0,
        }),
      );
    }
    const netMinor = Math.round(quotes[0]!.net_price * 100);
    const fits = Math.floor((LIMIT_USD * 100) / netMinor);
    expect(fits).toBeGreaterThan(0);
    expect(fits).toBeLessThan(10);

    const replies = await Promise.all(quotes.map((q) => agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} })));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(replies.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(ok).toHaveLength(fits);
    expect(refused).toHaveLength(10 - fits);
    for (const r of refused) expect(r.json).toEqual({ status: 'failed', message: 'CREDIT LIMIT EXCEEDED' });

    const profile = await profileOf(agent);
    expect(Math.round(profile.credit.outstanding * 100)).toBe(fits * netMinor);
    expect(profile.credit.outstanding).toBeLessThanOrEqual(LIMIT_USD);
    expect(profile.counts.bookings).toBe(fits);

    // What is stored agrees: one ledger row per booking, booked quotes marked, the others untouched.
    const [ledger] = await d1Query<{ n: number; total: number }>(
      `SELECT COUNT(*) AS n, IFNULL(SUM(l.amount_usd_minor), 0) AS total FROM credit_ledger l JOIN users u ON u.id = l.agent_id WHERE u.id = (SELECT agent_id FROM agent_quotes WHERE id = ${quotes[0]!.quote_id})`,
    );
    expect(ledger).toEqual({ n: fits, total: fits * netMinor });
    const statuses = await Promise.all(quotes.map(async (q) => (await agent.call(`/api/agent/quotes/${q.quote_id}`)).json.data.status));
    expect(statuses.filter((s) => s === 'BOOKED')).toHaveLength(fits);
    expect(statuses.filter((s) => s === 'DRAFT')).toHaveLength(10 - fits);

    // Once full, even one more booking is refused.
    const last = quotes[statuses.indexOf('DRAFT')]!;
    const more = await agent.call(`/api/agent/quotes/${last.quote_id}/book`, { body: {} });
    expect(more.status).toBe(409);
    expect(more.json.message).toBe('CREDIT LIMIT EXCEEDED');
  });
});
