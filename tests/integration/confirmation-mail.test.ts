// The confirmation mail a traveller keeps: sent once for every confirmed booking, including one the wallet paid
// alone (confirmed at checkout, with no payment webhook to send it), with the org's name, the payment split and terms.
import { expect, it } from 'vitest';
import { call } from './helpers';
import { bookingBody, firstProduct, issue, key, signIn, traveler } from './booking-helpers';

it('a booking the wallet pays alone is confirmed with one mail carrying the split, the terms and the manage link', async () => {
  const demo = await signIn();
  const hotel = await firstProduct('HLT');
  const cash = await issue({ kind: 'cash', amount: 100_000, currency: 'USD' });
  const body = { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }) };
  const r = await demo.call('/api/booking/checkout', { body });
  expect(r.status, r.text).toBe(200);
  expect(r.json.data.status).toBe('CONFIRMED');
  const ref = r.json.data.booking_id as string;
  const again = await demo.call('/api/booking/checkout', { body });
  expect(again.json.data.booking_id).toBe(ref);

  const mails = (await call('/api/dev/outbox')).json.data.filter((m: { subject: string }) => m.subject.includes(ref));
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail.to).toBe(traveler.email);
  expect(mail.subject).toBe(`Travel Club: booking ${ref} confirmed`);
  expect(mail.html).toMatch(/<h1[ >]/);
  for (const line of ['Guests: 2', 'Cash card: −', 'Paid by card: $0.00', 'Total: $', 'Cancellation: Free cancellation until', `/manage-booking?booking=${ref}`]) expect(mail.text).toContain(line);
});
