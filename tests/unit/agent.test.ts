// The agent area's shared rules: quote pricing (net + markup), the client and quote schemas, and the statement
// recorder the admin script uses to send the Worker's own SQL to wrangler with values inlined safely.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bpsOfPercent, ClientSchema, markupOf, percentOfBps, QuoteSchema, sellPrice } from '../../src/shared/contract/agent';
import { inline, literal, recorder } from '../../scripts/lib/d1-statements.mjs';
import { insertOutbox } from '../../functions/db/outbox';
import { promoteToAgentStatements } from '../../functions/db/agents';

describe('quote pricing', () => {
  it('adds the markup rounded half up to the minor unit', () => {
    expect(markupOf(61_500, 1000)).toBe(6150);
    expect(sellPrice(61_500, 1000)).toBe(67_650);
    expect(markupOf(999, 1250)).toBe(125); // 124.875
    expect(markupOf(1001, 50)).toBe(5); // 5.005
    expect(sellPrice(12_345, 0)).toBe(12_345);
  });

  it('never sells below the net price and never adds more than the markup asks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (net, bps) => {
        const total = sellPrice(net, bps);
        expect(total).toBeGreaterThanOrEqual(net);
        expect(Math.abs(total - net - (net * bps) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('converts percentages to basis points and back', () => {
    expect(bpsOfPercent(12.5)).toBe(1250);
    expect(bpsOfPercent(0.1 + 0.2)).toBe(30);
    expect(percentOfBps(1250)).toBe(12.5);
  });
});

describe('client schema', () => {
  const base = { title: 'Mr', first_name: 'Alan', last_name: 'Turing', email: ' Alan.Turing@Example.COM ', nationality: '1', phone_country_code: '44', mobile_no: '7700900123' };

  it('normalises the email, the nationality id and the dialling code as sign-up does', () => {
    const r = ClientSchema.parse(base);
    expect(r).toMatchObject({ email: 'alan.turing@example.com', nationality: 1, phone_country_code: '+44', mobile_no: '7700900123', notes: '', country_code: '' });
  });

  it('wants a country code with a phone number, and digits only', () => {
    const noCode = ClientSchema.safeParse({ ...base, phone_country_code: '' });
    expect(noCode.success).toBe(false);
    expect(noCode.error!.issues[0]!.path).toEqual(['phone_country_code']);
    expect(ClientSchema.safeParse({ ...base, phone_country_code: '', mobile_no: '' }).success).toBe(true);
    expect(ClientSchema.safeParse({ ...base, mobile_no: '77-009' }).success).toBe(false);
    expect(ClientSchema.safeParse({ ...base, mobile_no: '1'.repeat(16) }).success).toBe(false);
  });

  it('uses the sign-up messages', () => {
    const r = ClientSchema.safeParse({ ...base, title: '', first_name: '', email: 'nope' });
    const messages = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({ title: 'Please Select Title', first_name: 'Please Enter First Name', email: 'Invalid Mail' });
  });
});

describe('quote schema', () => {
  const base = { client_id: 3, product_id: 7, check_in: '2030-05-01', check_out: '2030-05-04', guests: 2 };

  it('takes a markup of 0 to 100 % with at most 2 decimals', () => {
    expect(QuoteSchema.safeParse({ ...base, markup_percent: 12.25 }).success).toBe(true);
    expect(QuoteSchema.safeParse({ ...base, markup_percent: 0 }).success).toBe(true);
    expect(QuoteSchema.safeParse({ ...base, markup_percent: 100.01 }).success).toBe(false);
    expect(QuoteSchema.safeParse({ ...base, markup_percent: 1.005 }).success).toBe(false);
    expect(QuoteSchema.safeParse({ ...base, markup_percent: -1 }).success).toBe(false);
  });

  it('refuses a check-out before the check-in and ignores prices sent by the client', () => {
    expect(QuoteSchema.safeParse({ ...base, check_out: '2030-04-30' }).success).toBe(false);
    const r = QuoteSchema.parse({ ...base, total: 1, net_price: 1 });
    expect(r).not.toHaveProperty('total');
    expect(r).not.toHaveProperty('net_price');
  });
});

describe('statement recorder (scripts/lib/d1-statements.mjs)', () => {
  it('inlines values as literals, doubling quotes, and leaves question marks inside quoted text alone', () => {
    expect(inline("SELECT ? AS a, '?' AS b, ? AS c", [1, "O'Brien'); DROP TABLE users; --"])).toBe(
      "SELECT 1 AS a, '?' AS b, 'O''Brien''); DROP TABLE users; --' AS c",
    );
    expect(literal(null)).toBe('NULL');
    expect(literal(true)).toBe('1');
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => inline('SELECT ?, ?', [1])).toThrow(/placeholders/);
    expect(() => inline('SELECT ?', [1, 2])).toThrow(/bound values/);
  });

  it('round-trips any text through a literal', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const sql = literal(text);
        expect(sql.startsWith("'") && sql.endsWith("'")).toBe(true);
        expect(sql.slice(1, -1).replaceAll("''", "'")).toBe(text);
        expect(sql.slice(1, -1).replaceAll("''", '')).not.toContain("'");
      }),
    );
  });

  it('renders the Worker’s own statement builders', () => {
    const mail = insertOutbox(recorder as unknown as D1Database, 1, { to: 'a@example.com', subject: "It's ready", text: 'Hi', html: '<p>Hi</p>' }) as unknown as { toSql(): string };
    expect(mail.toSql()).toBe("INSERT INTO outbox (org_id, recipient, subject, text, html) VALUES (1, 'a@example.com', 'It''s ready', 'Hi', '<p>Hi</p>')");
    const [promote] = promoteToAgentStatements(recorder as unknown as D1Database, { orgId: 2, referralCode: 'ABC', creditLimitMinor: 500_000, agencyName: null, markupBps: 1000 }) as unknown as { toSql(): string }[];
    expect(promote!.toSql()).toContain("credit_limit_minor = 500000");
    expect(promote!.toSql()).toContain("referral_code = 'ABC'");
  });
});
