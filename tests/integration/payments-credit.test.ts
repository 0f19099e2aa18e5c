// A member's first booking is credited to their marketing link (and their referrer's FIRST_BOOKING action) when the
// booking is confirmed (docs/decisions/0029): at once when the wallet pays it all, by the webhook when a card part is
// left; never for one that expires or is given up before its payment, never twice, not even of 30 deliveries at once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Client } from './helpers';
import { freshIp, verifiedAccount } from './auth-helpers';
import { bookingBody, firstProduct, issue, key, signIn, traveler } from './booking-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn, webhookCatcher, type CapturedWebhook } from './payments-helpers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
let marketer: Client;
let hotel: { product_id: number; price: number };
let db: DbWatch;
let capture: Awaited<ReturnType<typeof webhookCatcher>>;
let captureUrl = '';
let captured: CapturedWebhook[] = [];

beforeAll(async () => {
  marketer = await signIn('marketer@example.com', 'Market1!pass');
  hotel = await firstProduct('HLT');
  db = DbWatch.open();
  capture = await webhookCatcher();
  captureUrl = capture.url;
  captured = capture.captured;
});

afterAll(async () => {
  db.close();
  await capture.close();
});

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
  captured.length = 0;
});

/** A new member who arrived through a fresh short link: signed in, with the link's last-click cookie. */
async function memberFromLink() {
  const slug = `pay-${crypto.randomUUID().slice(0, 8)}`;
  const made = await marketer.call('/api/admin/links', { body: { destination: '/', slug } });
  expect(made.status, made.text).toBe(201);
  const visit = await call(`/r/${slug}`, { headers: { 'user-agent': BROWSER, 'cf-connecting-ip': freshIp() } });
  const cookie = visit.cookies.find((c) => c.startsWith('tc_link='))!.split(';')[0]!;
  const account = await verifiedAccount();
  const member = await signIn(account.email, account.password);
  member.jar.set('tc_link', cookie.split('=')[1]!);
  const link = db.row('short_links', 'slug = ?', slug) as { id: number };
  return { member, email: account.email, linkId: link.id };
}

const credits = (linkId: number) => db.all("SELECT booking_ref, revenue_minor FROM link_conversions WHERE link_id = ? AND event = 'first_booking'", linkId) as { booking_ref: string; revenue_minor: number }[];
const checkout = (member: Client, extra: Record<string, unknown> = {}) =>
  member.call('/api/booking/checkout', { body: { ...bookingBody(hotel.product_id, extra), traveler, idempotency_key: key() } });
const sessionOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const webhook = (e: { raw: string; signature: string }) =>
  call('/api/payments/webhook', { method: 'POST', rawBody: e.raw, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature } });

describe('a first booking\u2019s marketing-link credit', () => {
  it('paid by the wallet alone: credited at checkout, with the booking\u2019s price', async () => {
    const { member, email, linkId } = await memberFromLink();
    const cash = await issue({ email, kind: 'cash', amount: hotel.price * 4 });
    const r = await checkout(member, { cash_card_id: cash.payment_card_id });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.status).toBe('CONFIRMED');
    const b = expectReconciledIn(db, r.json.data.booking_id);
    expect(credits(linkId)).toEqual([{ booking_ref: r.json.data.booking_id, revenue_minor: b.price_minor }]);
  });

  it('with a card part: nothing at checkout; credited by the webhook that confirms it, once of 30 deliveries at once', async () => {
    const { member, linkId } = await memberFromLink();
    const r = await checkout(member);
    expect(r.json.data.status, r.text).toBe('PENDING_PAYMENT');
    const ref = r.json.data.booking_id as string;
    expect(credits(linkId)).toEqual([]);
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await call(`/_sim/stripe/checkout/${sessionOf(r.json.data.payment_url)}/pay`, { body: { card: '4242424242424242' } });
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    expect(credits(linkId)).toEqual([]);
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed)));
    expect(replies.map((x) => x.status), replies.find((x) => x.status !== 200)?.text).toEqual(Array(30).fill(200));
    const b = expectReconciledIn(db, ref);
    expect(b.status).toBe('CONFIRMED');
    expect(credits(linkId)).toEqual([{ booking_ref: ref, revenue_minor: b.price_minor }]);
    // A second booking, confirmed too, is not a first booking.
    const second = await checkout(member);
    await call(`/_sim/stripe/checkout/${sessionOf(second.json.data.payment_url)}/pay`, { body: { card: '4242424242424242' } });
    const secondPaid = captured.filter((c) => c.type === 'checkout.session.completed').at(-1)!;
    await Promise.all([webhook(secondPaid), webhook(secondPaid)]);
    expect(expectReconciledIn(db, second.json.data.booking_id).status).toBe('CONFIRMED');
    expect(credits(linkId)).toEqual([{ booking_ref: ref, revenue_minor: b.price_minor }]);
  });

  it('a payment that expires credits nothing; the member\u2019s next booking, once confirmed, is the first one credited', async () => {
    const { member, linkId } = await memberFromLink();
    const lapsed = await checkout(member);
    expect(lapsed.json.data.status, lapsed.text).toBe('PENDING_PAYMENT');
    expect((await call(`/_sim/stripe/checkout/${sessionOf(lapsed.json.data.payment_url)}/expire`, { body: {} })).status).toBe(200);
    expect(expectReconciledIn(db, lapsed.json.data.booking_id).status).toBe('EXPIRED');
    expect(credits(linkId)).toEqual([]);
    const next = await checkout(member);
    expect(credits(linkId)).toEqual([]);
    await call(`/_sim/stripe/checkout/${sessionOf(next.json.data.payment_url)}/pay`, { body: { card: '4242424242424242' } });
    const b = expectReconciledIn(db, next.json.data.booking_id);
    expect(b.status).toBe('CONFIRMED');
    expect(credits(linkId)).toEqual([{ booking_ref: next.json.data.booking_id, revenue_minor: b.price_minor }]);
  });

  it('a booking given up before its payment (cancelled while pending) credits nothing; the next one confirmed is the first', async () => {
    const { member, linkId } = await memberFromLink();
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    const r = await checkout(member);
    const ref = r.json.data.booking_id as string;
    const cancelled = await member.call(`/api/bookings/${ref}/cancel`, { body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data.status).toBe('CANCELLED');
    expect(credits(linkId)).toEqual([]);
    expect(db.count('link_conversions', "event = 'first_booking' AND booking_ref = ?", ref)).toBe(0);
    // CANCELLED, but never confirmed: the member's next confirmed booking is still their first.
    await call('/_sim/stripe/control', { body: { webhook_url: `${baseUrl()}/api/payments/webhook` } });
    const next = await checkout(member);
    await call(`/_sim/stripe/checkout/${sessionOf(next.json.data.payment_url)}/pay`, { body: { card: '4242424242424242' } });
    const b = expectReconciledIn(db, next.json.data.booking_id);
    expect(b.status).toBe('CONFIRMED');
    expect(credits(linkId)).toEqual([{ booking_ref: next.json.data.booking_id, revenue_minor: b.price_minor }]);
  });
});
