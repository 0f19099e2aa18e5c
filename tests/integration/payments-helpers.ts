// The money of a booking reconciles, in integer minor units: paid = card part, and wallet spends + card part = price - refunds.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { DbWatch } from './gates-db';

/** paid = card part when confirmed; wallet spends + card part - refunds = price for a live booking, 0 for one that is not. */
export function expectReconciledIn(db: DbWatch, ref: string) {
  const b = db.row('bookings', 'booking_ref = ?', ref) as Record<string, any>;
  const spends = db.all('SELECT state, SUM(amount_minor) AS minor FROM card_spends WHERE booking_id = ? GROUP BY state', b.id) as { state: string; minor: number }[];
  const by = (state: string) => spends.find((s) => s.state === state)?.minor ?? 0;
  const walletKept = by('SPENT');
  if (b.status === 'CONFIRMED') {
    expect(b.paid_minor, `${ref} paid`).toBe(b.total_minor);
    expect(walletKept + b.paid_minor - b.refunded_minor, `${ref} reconciles`).toBe(b.price_minor);
    expect(by('HELD')).toBe(0);
  } else if (b.status === 'PENDING_PAYMENT') {
    expect(b.paid_minor).toBe(0);
    expect(by('HELD')).toBe(b.price_minor - b.total_minor);
  } else {
    expect(b.paid_minor - b.refunded_minor, `${ref} keeps no card money`).toBe(0);
    expect(walletKept + by('HELD'), `${ref} keeps no wallet money`).toBe(0);
  }
  return b;
}


export interface CapturedWebhook {
  raw: string;
  signature: string;
  type: string;
}

/** An endpoint the simulator's webhooks can be sent to instead of the Worker: each delivery kept as it was signed. */
export async function webhookCatcher(): Promise<{ url: string; captured: CapturedWebhook[]; close(): Promise<void> }> {
  const captured: CapturedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      captured.push({ raw, signature: String(req.headers['stripe-signature']), type: JSON.parse(raw).type });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, captured, close: () => new Promise((r) => server.close(() => r())) };
}
