// Every agent booking mails a voucher (docs/contract.md#after-booking): on account, to the agent and to the client,
// in the booking's language, through the booking-mail guard (functions/flows/booking-mails.ts), read here from the mail
// simulator's outbox. (A card booking's agent voucher, sent once its payment confirmed it: payments-agent.test.ts.)
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, type Client } from './helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote, signIn, type ProductPick } from './agent-helpers';
import { outbox } from './auth-helpers';
import { DbWatch } from './gates-db';

let agent: Client;
let agentEmail = '';
let hotel: ProductPick;
let db: DbWatch;

beforeAll(async () => {
  const made = await adminMadeAgent(100_000);
  agentEmail = made.email;
  agent = await signIn(made);
  hotel = await aProduct('HLT');
  db = DbWatch.open();
}, 180_000);

afterAll(() => db.close());

const vouchersOf = (ref: string) =>
  db.all('SELECT recipient, sent_at, attempts FROM agent_booking_mails WHERE booking_ref = ? ORDER BY recipient', ref) as { recipient: string; sent_at: string | null; attempts: number }[];
const mailsAbout = async (ref: string) => ((await call('/api/dev/outbox')).json.data as { to: string; subject: string; text: string; html: string }[]).filter((m) => m.subject.includes(ref));

async function aQuote(offset: number, client?: { client_id: number }) {
  const who = client ?? (await newClient(agent));
  return newQuote(agent, { client_id: who.client_id, product_id: hotel.product_id, check_in: day(offset), check_out: day(offset + 2), guests: 2, currency: 'USD', markup_percent: 10 });
}

describe('an agent booking on account', () => {
  it('mails a voucher to the agent and to the client, in the language it was booked in', async () => {
    const client = await newClient(agent, { title: 'Mrs', first_name: 'Marie', last_name: 'Curie' });
    const quote = await aQuote(20, client);
    const r = await agent.call(`/api/agent/quotes/${quote.quote_id}/book?lang=fr-FR`, { body: { pay_by: 'account' } });
    expect(r.status, r.text).toBe(200);
    const ref = r.json.data.booking_id as string;
    expect(r.json.data.status).toBe('CONFIRMED');

    const [toClient] = await outbox(client.email);
    expect(toClient, 'the client’s voucher').toBeTruthy();
    expect(toClient!.subject).toContain(`bon ${ref}`);
    expect(toClient!.text).toContain('Bon de réservation');
    expect(toClient!.text).toContain('Voyageur\u00a0: Mme Marie Curie');
    expect(toClient!.text).toContain(hotel.name);
    // The room named in the booking's language, never a stored record's shape; the hotel's full address and times.
    expect(toClient!.text).toMatch(/Chambre\u00a0: \S/);
    expect(toClient!.text).not.toContain('[object Object]');
    expect(toClient!.text).toMatch(/Arrivée\u00a0: .+, à partir de \d\d:\d\d/);
    expect(toClient!.text).toContain('Réglé sur le compte de l’agence');
    expect(toClient!.text).not.toContain('/agent/booking-history');

    const toAgent = (await outbox(agentEmail)).filter((m) => m.subject.includes(ref));
    expect(toAgent).toHaveLength(1);
    expect(toAgent[0]!.text).toContain(`La copie du client est partie à ${client.email}`);
    expect(toAgent[0]!.text).toMatch(/https?:\/\/[^\s]+\/agent\/booking-history/);
    expect(vouchersOf(ref)).toEqual([
      { recipient: 'agent', sent_at: expect.any(String), attempts: 1 },
      { recipient: 'client', sent_at: expect.any(String), attempts: 1 },
    ]);
  });

  it('30 bookings at once (of 30 quotes) each mail their two vouchers exactly once', async () => {
    const quotes = await Promise.all(Array.from({ length: 30 }, (_, i) => aQuote(40 + (i % 10))));
    const replies = await Promise.all(quotes.map((q) => agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: { pay_by: 'account' } })));
    expect(replies.map((r) => r.status), replies.find((r) => r.status !== 200)?.text).toEqual(Array(30).fill(200));
    // The hourly sweep running meanwhile finds nothing more to send.
    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    for (const r of replies) {
      const ref = r.json.data.booking_id as string;
      const mails = await mailsAbout(ref);
      expect(mails.map((m) => m.to === agentEmail).sort(), ref).toEqual([false, true]);
      expect(vouchersOf(ref).map((v) => [v.recipient, Boolean(v.sent_at), v.attempts]), ref).toEqual([
        ['agent', true, 1],
        ['client', true, 1],
      ]);
    }
  }, 180_000);

  it('a voucher that cannot be built stays owed and never stops the next one: the sweep sends the others', async () => {
    const broken = (await agent.call(`/api/agent/quotes/${(await aQuote(60)).quote_id}/book`, { body: {} })).json.data.booking_id as string;
    const next = (await agent.call(`/api/agent/quotes/${(await aQuote(61)).quote_id}/book`, { body: {} })).json.data.booking_id as string;
    const persistTo = inject('persistTo');
    // Both owed again; the first one's room record no longer parses, so its voucher cannot be written.
    DbWatch.adjust(persistTo, 'UPDATE agent_booking_mails SET sent_at = NULL, claimed_until = NULL, attempts = 0 WHERE booking_ref IN (?, ?)', broken, next);
    DbWatch.adjust(persistTo, "UPDATE agent_bookings SET room = '{not json' WHERE booking_ref = ?", broken);
    try {
      expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
      // The sweep runs after the answer (waitUntil): wait for it to reach the next booking's vouchers.
      for (let i = 0; i < 80 && !vouchersOf(next).every((v) => v.sent_at !== null); i++) await new Promise((done) => setTimeout(done, 250));
      expect(vouchersOf(next).every((v) => v.sent_at !== null)).toBe(true);
      expect(vouchersOf(broken).map((v) => [v.recipient, v.sent_at, v.attempts])).toEqual([
        ['agent', null, 1],
        ['client', null, 1],
      ]);
      expect((await mailsAbout(next)).length).toBe(4);
    } finally {
      // Nothing of this file is left owed for the lane's other files.
      DbWatch.adjust(persistTo, "UPDATE agent_booking_mails SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE booking_ref = ?", broken);
    }
  });
});
