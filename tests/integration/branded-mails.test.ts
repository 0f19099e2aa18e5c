// The mails a traveller keeps (docs/contract.md#after-booking), read from the mail simulator's outbox: the confirmation
// in the org's brand and the booker's language, HTML for narrow mail clients with a plain-text part, the hotel's full
// address, check-in and check-out times, room and rate, the receipt lines and the manage link; its .ics at the full
// address; the cancellation's .ics with METHOD:CANCEL and the confirmation's UID; a deadline already past never promised.
import { beforeAll, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { bookingBody, day, firstProduct, issue, key, payPending, signIn } from './booking-helpers';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

let demo: Client;
let hotel: { product_id: number; name: string };
let address = '';

beforeAll(async () => {
  demo = await signIn();
  hotel = await firstProduct('HLT');
  const detail = await call(`/api/products/${hotel.product_id}`);
  expect(detail.status, detail.text).toBe(200);
  address = detail.json.data.address as string;
  expect(address, 'the seeded hotel has an address').not.toBe('');
});

const guest = () => ({ title: 'Mrs', first_name: 'Mila', last_name: 'Mailer', email: `mila-${crypto.randomUUID().slice(0, 8)}@example.com`, phone: '+34 612 345 678' });
const mailsTo = async (to: string) => (await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json.data as OutboxMail[];
/** The .ics as a calendar reads it: folded lines joined, escaped commas plain. */
const calendarOf = (mail: OutboxMail) => {
  const ics = mail.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(ics, `an .ics with ${mail.subject}`).toBeTruthy();
  return ics!.content.replace(/\r?\n[ \t]/g, '').replace(/\\,/g, ',');
};
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const field = (ics: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1]?.trim();

/** A booking paid by a cash card and the rest by card, confirmed by the payment's webhook. */
async function bookAndPay(traveler: ReturnType<typeof guest>, lang?: string, extra: Record<string, unknown> = {}) {
  const cash = await issue({ kind: 'cash', amount: 20, currency: 'USD' });
  // The stay's cheapest rate, as the product page offers it: the booking keeps its room and rate.
  const preview = await demo.call('/api/booking/preview', { body: bookingBody(hotel.product_id, extra) });
  expect(preview.status, preview.text).toBe(200);
  const path = lang ? `/api/booking/checkout?lang=${lang}` : '/api/booking/checkout';
  const body = { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id, rate_id: preview.json.data.rate_id, ...extra }) };
  const r = await demo.call(path, { body });
  expect(r.status, r.text).toBe(200);
  const paid = await payPending(r, { client: demo });
  expect(paid.status).toBe('CONFIRMED');
  return paid as { booking_id: string; price: number; cash_amount: number; paid_amount: number };
}

it('the confirmation is branded HTML for narrow clients with a text part: address, times, room and rate, receipt and manage link', async () => {
  const traveler = guest();
  const booking = await bookAndPay(traveler);
  const ref = booking.booking_id;
  const [mail] = (await mailsTo(traveler.email)).filter((m) => m.subject.includes(`${ref} confirmed`));
  expect(mail, 'the confirmation').toBeTruthy();

  // HTML written for mail clients: a table layout, inline styles, 600 px at most, the org's name and colour on top.
  expect(mail!.html).toMatch(/^<!doctype html><html lang="en-US">/);
  expect(mail!.html).toContain('max-width:600px');
  expect(mail!.html).toContain('role="presentation"');
  expect(mail!.html).not.toMatch(/<style|<link|class="/);
  expect(mail!.html).toMatch(/<h1[^>]*>.*Travel Club/);
  expect(mail!.html).toMatch(/bgcolor="#[0-9a-f]{6}"/i);
  expect(mail!.html).toContain(`/manage-booking?booking=${ref}`);

  // The plain-text part says the same.
  const text = mail!.text;
  for (const line of [
    `Booking reference: ${ref}`,
    `Accommodation: ${hotel.name}`,
    `Address: ${address}`,
    'Check-in: ',
    ', from 15:00',
    'Check-out: ',
    ', until 11:00',
    'Room: ',
    'Rate: ',
    'Guests: 2',
    'Traveller: Mila Mailer',
    'Cash card: −$20.00',
    `Total: ${usd(booking.price)}`,
    `Paid by card: ${usd(booking.paid_amount)}`,
    'Cancellation: Free cancellation until',
    `Manage your booking: http`,
  ])
    expect(text, line).toContain(line);
  expect(text).toMatch(new RegExp(`/manage-booking\\?booking=${ref}`));

  // The calendar entry is at the full address.
  const ics = calendarOf(mail!);
  expect(field(ics, 'METHOD')).toBe('PUBLISH');
  expect(field(ics, 'UID')).toBe(`${ref}@travel-club`);
  expect(field(ics, 'LOCATION')).toMatch(new RegExp(`^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .+, .+$`));
});

it('a cancellation mails a calendar update with METHOD:CANCEL and the confirmation’s UID', async () => {
  const traveler = guest();
  const booking = await bookAndPay(traveler);
  const ref = booking.booking_id;
  const cancelled = await demo.call(`/api/bookings/${ref}/cancel`, { body: {} });
  expect(cancelled.status, cancelled.text).toBe(200);
  const mails = await mailsTo(traveler.email);
  const confirmation = mails.find((m) => m.subject.includes(`${ref} confirmed`))!;
  const cancellation = mails.find((m) => m.subject.includes(`${ref} cancelled`));
  expect(cancellation, `the cancellation mail among ${mails.map((m) => m.subject).join(' | ')}`).toBeTruthy();
  expect(cancellation!.html).toContain('max-width:600px');
  expect(cancellation!.text).toContain(`Address: ${address}`);
  expect(cancellation!.text).toContain('Back in your wallet: $20.00');
  const before = calendarOf(confirmation);
  const after = calendarOf(cancellation!);
  expect(field(after, 'METHOD')).toBe('CANCEL');
  expect(field(after, 'STATUS')).toBe('CANCELLED');
  expect(field(after, 'UID')).toBe(field(before, 'UID'));
  expect(Number(field(after, 'SEQUENCE'))).toBeGreaterThan(Number(field(before, 'SEQUENCE') ?? 0));
  expect(field(after, 'LOCATION')).toBe(field(before, 'LOCATION'));
});

it('a French booker gets the mail in French, the address’s country in French too', async () => {
  const traveler = guest();
  const booking = await bookAndPay(traveler, 'fr-FR');
  const ref = booking.booking_id;
  const [mail] = (await mailsTo(traveler.email)).filter((m) => m.subject.includes(ref));
  expect(mail!.subject).toBe(`Travel Club\u00a0: réservation ${ref} confirmée`);
  expect(mail!.html).toMatch(/^<!doctype html><html lang="fr-FR">/);
  for (const line of [
    'Votre réservation est confirmée',
    `Référence de réservation\u00a0: ${ref}`,
    `Adresse\u00a0: ${address}`,
    'Arrivée\u00a0: ',
    ', à partir de 15:00',
    'Départ\u00a0: ',
    ', jusqu’à 11:00',
    'Chambre\u00a0: ',
    'Carte prépayée\u00a0: −20,00',
    'Payé par carte\u00a0: ',
    'Annulation\u00a0: Annulation gratuite jusqu’au',
    'Gérer votre réservation\u00a0: http',
  ])
    expect(mail!.text, line).toContain(line);
  expect(mail!.text).not.toMatch(/\b(Booking reference|Check-in|Paid by card|Free cancellation)\b/);
  const location = field(calendarOf(mail!), 'LOCATION')!;
  expect(location.startsWith(address)).toBe(true);
  expect(location).not.toMatch(/United States|United Kingdom/);
});

it('a confirmation sent after the free-cancellation deadline says what cancelling costs now, never the deadline as a promise', async () => {
  const traveler = guest();
  // Checking in tomorrow: a hotel's free cancellation ended two days before check-in, 18:00 hotel time.
  const booking = await bookAndPay(traveler, undefined, { check_in: day(1), check_out: day(3) });
  const [mail] = (await mailsTo(traveler.email)).filter((m) => m.subject.includes(booking.booking_id));
  expect(mail!.text).toMatch(/Cancellation: Free cancellation ended on .+ \(hotel time\)\. Cancelling now costs/);
  expect(mail!.text).not.toContain('Free cancellation until');
});
