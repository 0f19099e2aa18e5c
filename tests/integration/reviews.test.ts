// Verified reviews (docs/contract.md#after-booking, decision 0065): the invitation a day after check-out, once per booking,
// by the hourly job; a review written with the mailed token or as the booking's owner, once per booking (30 at once: one
// written); refused before check-out, for a cancelled booking and to anyone else; the product's stored count and score on
// its page and in the search; the console's hide and show with a reason and an audit row.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, Client } from './helpers';
import { bookingBody, day, firstProduct, key, payPending, signIn, traveler } from './booking-helpers';
import { outbox, uniqueEmail } from './auth-helpers';
import { freshMember } from './loyalty-helpers';
import { DbWatch } from './gates-db';

let owner: Client;
let stranger: Client;
let admin: Client;
let hotel: { product_id: number; name: string };
let db: DbWatch;

beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([freshMember({ firstName: 'Rosa' }).then((m) => m.client), freshMember().then((m) => m.client), signIn('admin@example.com', 'Admin1!pass')]);
  hotel = await firstProduct('HLT', 'localhost', 3);
  db = DbWatch.open();
}, 180_000);

const SCHEDULED = '/cdn-cgi/local/scheduled?cron=17+*+*+*+*';

/** A confirmed stay of the owner's, its dates moved `daysAgo` into the past (check-out) as the stored clock allows. */
async function stay(o: { checkOutDaysAgo: number; email?: string; by?: Client }) {
  const by = o.by ?? owner;
  const email = o.email ?? uniqueEmail('traveller');
  const r = await by.call('/api/booking/checkout', {
    body: { traveler: { ...traveler, first_name: 'Rosa', last_name: 'Secretsurname', email }, idempotency_key: key(), ...bookingBody(hotel.product_id, { check_in: day(30), check_out: day(32) }) },
  });
  expect(r.status, r.text).toBe(200);
  const b = await payPending(r, { client: by });
  expect(b.status).toBe('CONFIRMED');
  const ref = b.booking_id as string;
  DbWatch.adjust(inject('persistTo'), 'UPDATE bookings SET check_in = ?, check_out = ? WHERE booking_ref = ?', day(-o.checkOutDaysAgo - 2), day(-o.checkOutDaysAgo), ref);
  return { ref, email };
}

const review = (body: Record<string, unknown>, by?: Client) => (by ? by.call('/api/reviews', { body }) : call('/api/reviews', { body }));
const aggregate = () => {
  const { review_count, review_score_total } = db.row('products', 'id = ?', hotel.product_id) as { review_count: number; review_score_total: number };
  return { review_count, review_score_total };
};

async function invitationLink(email: string) {
  const mails = (await outbox(email)).filter((m) => m.text.includes('/review?booking='));
  return { mails, link: /(https?:\/\/\S+\/review\?booking=\S+)/.exec(mails[0]?.text ?? '')?.[1] };
}

async function runJob() {
  expect((await call(SCHEDULED)).status).toBe(200);
  // The job runs after the scheduled answer (waitUntil): give it a moment.
  await new Promise((done) => setTimeout(done, 1500));
}

describe('the review invitation', () => {
  it('goes a day after check-out, once per booking, with a signed link on the org’s site, and not before', async () => {
    const done = await stay({ checkOutDaysAgo: 1 });
    const today = await stay({ checkOutDaysAgo: 0 });
    await runJob();
    await runJob();
    const { mails, link } = await invitationLink(done.email);
    expect(mails, 'one invitation however often the job runs').toHaveLength(1);
    expect(mails[0]!.subject).toContain(hotel.name);
    expect(mails[0]!.html).toContain('/review?booking=');
    const url = new URL(link!);
    expect(url.searchParams.get('booking')).toBe(done.ref);
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.origin).not.toMatch(/:1$/);
    expect((await invitationLink(today.email)).mails, 'a stay that checks out today is asked tomorrow').toHaveLength(0);
    expect(db.row('review_invitations', 'booking_id = (SELECT id FROM bookings WHERE booking_ref = ?)', done.ref)).toMatchObject({ attempts: 1, sent_at: expect.any(String) });

    // The mailed link's token writes the review, signed out, once.
    const token = url.searchParams.get('token')!;
    const before = aggregate();
    const first = await review({ booking_id: done.ref, token, score: 9, title: 'Quiet and clean', text: 'Lovely staff.', categories: { cleanliness: 10, staff: 9 } });
    expect(first.status, first.text).toBe(201);
    expect(first.json.data).toMatchObject({ booking_id: done.ref, product_id: hotel.product_id, score: 9, first_name: 'Rosa', categories: { cleanliness: 10, staff: 9 } });
    expect(aggregate()).toEqual({ ...before, review_count: before.review_count + 1, review_score_total: before.review_score_total + 9 });
    const again = await review({ booking_id: done.ref, token, score: 2, text: 'Changed my mind' });
    expect(again.status, again.text).toBe(409);
    expect(aggregate().review_count).toBe(before.review_count + 1);
  }, 120_000);
});

describe('who may review', () => {
  it('30 reviews of one booking at once: one is written, 29 are 409, and the product counts one', async () => {
    const { ref } = await stay({ checkOutDaysAgo: 3 });
    const before = aggregate();
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => review({ booking_id: ref, score: 1 + (i % 10), text: `Review number ${i}` }, owner)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201), replies.find((r) => r.status !== 201 && r.status !== 409)?.text).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    const written = replies.find((r) => r.status === 201)!.json.data;
    expect(db.all('SELECT score FROM reviews WHERE booking_id = (SELECT id FROM bookings WHERE booking_ref = ?)', ref)).toEqual([{ score: written.score }]);
    expect(aggregate()).toEqual({ review_count: before.review_count + 1, review_score_total: before.review_score_total + written.score });
  }, 120_000);

  it('a stay not yet checked out, a cancelled one, someone else’s or a wrong token is refused with 403 and writes nothing', async () => {
    const future = await stay({ checkOutDaysAgo: -3 });
    const tooEarly = await review({ booking_id: future.ref, score: 8, text: 'Not there yet' }, owner);
    expect(tooEarly.status, tooEarly.text).toBe(403);
    expect(tooEarly.json.error.message).toMatch(/checked out/);

    const cancelled = await stay({ checkOutDaysAgo: 2 });
    DbWatch.adjust(inject('persistTo'), "UPDATE bookings SET status = 'CANCELLED' WHERE booking_ref = ?", cancelled.ref);
    expect((await review({ booking_id: cancelled.ref, score: 8, text: 'Cancelled' }, owner)).status).toBe(403);

    const theirs = await stay({ checkOutDaysAgo: 2 });
    const before = aggregate();
    expect((await review({ booking_id: theirs.ref, score: 1, text: 'Not mine' }, stranger)).status).toBe(403);
    expect((await review({ booking_id: theirs.ref, score: 1, text: 'No token' })).status).toBe(403);
    expect((await review({ booking_id: theirs.ref, token: 'f'.repeat(64), score: 1, text: 'Forged token' })).status).toBe(403);
    expect((await review({ booking_id: 'TC-NO-SUCH', score: 1, text: 'Nothing' }, owner)).status).toBe(403);
    expect(aggregate()).toEqual(before);
    // The owner, signed in, needs no token.
    expect((await review({ booking_id: theirs.ref, score: 7, text: 'Mine after all' }, owner)).status).toBe(201);
  }, 120_000);

  it('a score outside 1–10 or a text over 2,000 characters is the contract’s 400', async () => {
    const { ref } = await stay({ checkOutDaysAgo: 2 });
    expect((await review({ booking_id: ref, score: 11, text: 'Too high' }, owner)).status).toBe(400);
    expect((await review({ booking_id: ref, score: 0, text: 'Too low' }, owner)).status).toBe(400);
    expect((await review({ booking_id: ref, score: 5, text: 'x'.repeat(2001) }, owner)).status).toBe(400);
    expect((await review({ booking_id: ref, score: 5, text: 'x'.repeat(2000) }, owner)).status).toBe(201);
  }, 120_000);
});

describe('what the public reads', () => {
  it('the product’s reviews carry the first name, country and month of the stay, never an e-mail or surname, and the search shows the stored score', async () => {
    const { ref, email } = await stay({ checkOutDaysAgo: 2 });
    expect((await review({ booking_id: ref, score: 10, title: 'Perfect', text: 'Would come back.' }, owner)).status).toBe(201);
    const r = await call(`/api/products/${hotel.product_id}/reviews?page=1`);
    expect(r.status, r.text).toBe(200);
    const { count, score, data } = r.json;
    const { review_count, review_score_total } = aggregate();
    expect(count).toBe(review_count);
    expect(score).toBe(Math.round((review_score_total * 10) / review_count) / 10);
    const mine = data.find((x: { title: string }) => x.title === 'Perfect');
    expect(mine).toMatchObject({ score: 10, first_name: 'Rosa', stayed: day(-4).slice(0, 7) });
    expect(r.text).not.toContain('Secretsurname');
    expect(r.text).not.toContain(email);
    expect(r.text).not.toMatch(/@example\.com/);

    const search = await call(`/api/products/search?type=HLT&sort=price&per_page=50&check_in=${day(40)}&check_out=${day(41)}`);
    const listed = search.json.data.find((p: { product_id: number }) => p.product_id === hotel.product_id);
    expect(listed).toMatchObject({ review_count: count, review_score: score });
    const details = await call(`/api/products/${hotel.product_id}`);
    expect(details.json.data).toMatchObject({ review_count: count, review_score: score });
    expect((await call('/api/products/999999/reviews')).status).toBe(404);

    // The results page the edge draws before React (decision 0050) has the card's score and count, from the same answer.
    const city = encodeURIComponent(details.json.data.city as string);
    const page = `/search-detail?type=HLT&city=${city}&check_in=${day(50)}&check_out=${day(53)}&guests=2&sort=price`;
    const asked = `/api/products/search?type=HLT&city=${city}&check_in=${day(50)}&check_out=${day(53)}&guests=2&occupancy=2&sort=price&currency=USD`;
    expect((await call(asked)).status).toBe(200);
    await expect.poll(async () => (await call(page)).text, { timeout: 5_000 }).toContain('data-first-screen');
    const drawn = /<li[^>]*data-product-id="(\d+)"[\s\S]*?<\/li>/g;
    const cardOf = (html: string) => [...html.matchAll(drawn)].find((m) => m[1] === String(hotel.product_id))?.[0] ?? '';
    const card = cardOf((await call(page)).text);
    expect(card).toContain('data-testid="result-reviews"');
    expect(card).toContain(`<span class="bk-score" aria-hidden="true">${score.toFixed(1)}</span>`);
    expect(card).toContain(count === 1 ? '1 review' : `${count} reviews`);
  }, 120_000);
});

describe('the console’s moderation', () => {
  it('hides a review with a reason and an audit row (the product’s count and score follow), lists it still, and shows it again', async () => {
    const { ref } = await stay({ checkOutDaysAgo: 2 });
    const written = await review({ booking_id: ref, score: 3, title: 'Rude words', text: 'Something not for the public.' }, owner);
    expect(written.status).toBe(201);
    const id = written.json.data.review_id as number;
    const before = aggregate();

    const hidden = await admin.call(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden: true, reason: 'Insults a member of staff' } });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.json.data).toMatchObject({ review_id: id, hidden: true, hidden_reason: 'Insults a member of staff', booking_id: ref });
    expect(aggregate()).toEqual({ review_count: before.review_count - 1, review_score_total: before.review_score_total - 3 });
    const audit = db.all("SELECT action, target, detail FROM admin_audit WHERE target LIKE ? ORDER BY id DESC", `review:${id} %`);
    expect(audit[0]).toMatchObject({ action: 'review.hide', target: `review:${id} ${hotel.name}` });
    expect(JSON.parse(String(audit[0]!.detail))).toEqual({ before: { hidden: false }, after: { hidden: true, reason: 'Insults a member of staff' } });

    const publicList = await call(`/api/products/${hotel.product_id}/reviews`);
    expect(publicList.json.data.map((r: { review_id: number }) => r.review_id)).not.toContain(id);
    const consoleList = await admin.call('/api/admin/reviews?page=1');
    expect(consoleList.status, consoleList.text).toBe(200);
    expect(consoleList.json.data.find((r: { review_id: number }) => r.review_id === id)).toMatchObject({ hidden: true });

    // The same state again writes nothing more; showing it puts it back in the count.
    await admin.call(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden: true, reason: 'Again' } });
    expect(db.all('SELECT id FROM admin_audit WHERE target LIKE ?', `review:${id} %`)).toHaveLength(1);
    const shown = await admin.call(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden: false, reason: 'Staff asked to keep it' } });
    expect(shown.status).toBe(200);
    expect(aggregate()).toEqual(before);
    expect(db.all('SELECT action FROM admin_audit WHERE target LIKE ? ORDER BY id', `review:${id} %`)).toEqual([{ action: 'review.hide' }, { action: 'review.unhide' }]);

    expect((await admin.call(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden: true, reason: '' } })).status).toBe(400);
    expect((await admin.call('/api/admin/reviews/99999999', { method: 'PATCH', body: { hidden: true, reason: 'x' } })).status).toBe(404);
    expect((await owner.call(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden: true, reason: 'x' } })).status).toBe(403);
  }, 120_000);
});

describe('the certificate modal’s “Use this certificate”', () => {
  it('issues the org’s certificate on offer to the member once per booking key, 30 asks at once included, and it is theirs to book with', async () => {
    const member = await freshMember();
    const offered = await member.client.call('/api/walletUser/getPaymentCardByOrg', { body: {} });
    expect(offered.status, offered.text).toBe(200);
    const orgCard = offered.json.data.find((c: { card_type: string }) => c.card_type === 'certificate');
    expect(orgCard, 'the seed offers an org certificate').toBeTruthy();
    const issueKey = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => member.client.call('/api/wallet/default-certificate', { body: { payment_card_id: orgCard.payment_card_id, issue_key: issueKey } })),
    );
    expect(replies.map((r) => r.status).filter((s) => s === 201), replies.find((r) => r.status >= 300)?.text).toHaveLength(1);
    expect(replies.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const ids = new Set(replies.map((r) => r.json.data.payment_card_id));
    expect(ids.size).toBe(1);
    const [cardId] = [...ids];
    expect(db.all('SELECT user_id, listed, status, issued_from FROM payment_cards WHERE issued_from = ? AND user_id = ?', orgCard.payment_card_id, member.userId)).toEqual([
      { user_id: member.userId, listed: 0, status: 'ACTIVE', issued_from: orgCard.payment_card_id },
    ]);
    // It is in the member's wallet, a certificate of theirs, and the org's card stays on offer.
    const wallet = (await member.client.call('/api/booking/get-paymentcard-by-user', { body: { currency: 'USD' } })).json.data[0];
    expect(wallet.certidata.map((c: { payment_card_id: number }) => c.payment_card_id)).toContain(cardId);
    expect(wallet.orgcertidata.map((c: { payment_card_id: number }) => c.payment_card_id)).toContain(orgCard.payment_card_id);

    // Not a listed org certificate (the member's own copy), or signed out: refused.
    expect((await member.client.call('/api/wallet/default-certificate', { body: { payment_card_id: cardId, issue_key: crypto.randomUUID() } })).status).toBe(404);
    expect((await call('/api/wallet/default-certificate', { body: { payment_card_id: orgCard.payment_card_id, issue_key: crypto.randomUUID() } })).status).toBe(401);
  }, 120_000);
});
