// Wallet and booking (docs/contract.md#wallet, docs/contract.md#booking): payment cards, redeeming a card, preview, checkout, reservations, saved travellers.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { currentUser, currentUserWithBodyToken, type SessionUser } from '../http/session';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../errors';
import { sha256Hex } from '../lib/crypto';
import { clientIp, pepper } from '../http/request';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { LAST_CLICK_COOKIE, firstBookingCredit } from '../flows/links';
import { counting, LIMITS, memberOf, rateLimit, validBody } from '../http/rate-limit';
import { cardsInLanguage, inLanguage, withProductName, withProductTexts } from '../db/content';
import { requestLanguage } from '../http/language';
import { cardByCode, cardEntry, cardsOfUser, claimCard, orgCertificates, walletCardOf, type CardRow } from '../db/cards';
import { bookingByKey, bookingsOfUser, cardSpendsOf, createBooking, newBookingRef, type BookingRow, type NewBooking } from '../db/bookings';
import { checkoutWithCard } from '../flows/payments';
import { paymentsFor, PaymentProviderError } from '../outside/payments';
import { logEvent } from '../log';
import { addTraveler, deleteTraveler, travelersOf, updateTraveler, MAX_TRAVELERS } from '../db/travelers';
import { currencyFor, soldOut, type BookableStay } from '../flows/stay';
import { bookedRooms, productSummary, quote } from '../flows/pricing';
import { rateKey } from '../flows/rates';
import { rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import { occupancyStrings } from '../../src/shared/rules/occupancy';
import { convertMinor, fromMinor, type Rates } from '../../src/shared/rules/money';
import { requestMailer } from '../http/mailer';
import { sendOwedMails } from '../flows/booking-mails';
import { cardValueMinor, type CardKind, type WalletAmounts } from '../../src/shared/rules/wallet';
import {
  CardEntrySchema, CheckoutSchema, WalletEntrySchema, PaymentCardsByOrgSchema, PaymentCardsByUserSchema, PreviewSchema, RedeemSchema, ReservationsSchema,
  TravelerIdSchema, TravelerSchema, TravelerRowSchema, type CheckoutRequest,
} from '../../src/shared/contract/booking';
import { CheckoutReplySchema, PreviewReplySchema, ReservationsReplySchema } from '../../src/shared/contract/booking-replies';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';
import { checkoutReply, reservationReply, roomsReply } from '../flows/booking-replies';

type C = Context<AppEnv>;

/**
 * Card codes are guessable secrets: a code that finds no card (404) or an unusable one (409) counts, 10 per member and
 * 50 per address in 15 minutes; a redeemed card is given back. Signed out (401) or malformed (400) reserves nothing.
 */
const redeemLimits = rateLimit(
  { limit: LIMITS.redeemMember, settle: counting([404, 409]), key: async (c) => ((await validBody(c, RedeemSchema)) ? memberOf(c) : null) },
  { limit: LIMITS.redeemIp, settle: counting([404, 409]), key: async (c) => ((await validBody(c, RedeemSchema)) && (await memberOf(c)) ? clientIp(c) : null) },
);

async function signedIn(c: C): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

/** Booking needs an account allowed to book (can_user_book = 1) or an org that takes bookings without a session. */
async function bookingCaller(c: C): Promise<SessionUser | null> {
  const user = await currentUser(c);
  const org = c.get('org');
  if (user && (user.canUserBook === 1 || org.allow_guest_booking === 1)) return user;
  if (user) throw forbidden('This account is not allowed to book');
  if (org.allow_guest_booking === 1) return null;
  throw unauthorized('Please sign in to book');
}


function amountsBody(a: WalletAmounts) {
  const m = (v: number) => fromMinor(v, a.currency);
  return { price: m(a.priceMinor), certificate_amount: m(a.certificateMinor), discount_amount: m(a.discountMinor), cash_amount: m(a.cashMinor), total: m(a.totalMinor), currency: a.currency };
}

/** Key order and absent optional fields do not change the hash: same meaning, same hash. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== null && v !== false)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** The same key again: the same booking if the request is the same, 422 if it is not. */
function replay(existing: BookingRow, hash: string, c: C) {
  if (existing.request_hash !== hash) {
    throw new ApiError(422, 'UNPROCESSABLE', 'This idempotency_key was already used for a different booking request');
  }
  c.header('Idempotent-Replayed', 'true');
  return c.json({ data: checkoutReply(existing, requestLanguage(c)) }, 200);
}

function walletSummary(rows: CardRow[], currency: string, rates: Rates) {
  const active = rows.filter((r) => r.status === 'ACTIVE');
  let total = 0;
  for (const r of active) {
    try {
      total += cardValueMinor(walletCardOf(r), currency, rates);
    } catch {
      /* a card in a currency without a rate is left out of the total */
    }
  }
  return { count: rows.length, active_count: active.length, total_value: fromMinor(total, currency), currency };
}

function ratesFor(rows: CardRow[], currency: string, rates: Rates): Record<string, number> {
  const out: Record<string, number> = { USD: 1 };
  for (const code of [currency, ...rows.map((r) => r.payment_card_currency)]) if (rates[code] !== undefined) out[code] = rates[code]!;
  return out;
}

/** The checkout page with the traveller's choices, where the hosted payment page sends them back when they cancel. */
function checkoutPathOf(body: CheckoutRequest, stay: BookableStay, ref: string): string {
  const q = new URLSearchParams({ id: String(stay.product.id), check_in: stay.checkIn, guests: String(stay.guests) });
  if (stay.checkOut) q.set('check_out', stay.checkOut);
  if (stay.nightly) for (const room of occupancyStrings(stay.rooms)) q.append('occupancy', room);
  if (body.rate_id) q.set('rate_id', body.rate_id);
  q.set('payment', 'cancelled');
  q.set('booking', ref);
  return `/hotel-checkout?${q.toString()}`;
}

/** The provider down or refusing at checkout: 502, and nothing was written or held (the session comes before the booking). */
async function withProvider<T>(c: C, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    logEvent(c, 'error', 'payments.checkout_failed', { kind: err.kind, code: err.code, reason: err.message });
    throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; nothing was booked or charged. Please try again');
  }
}

const TravelerParams = z.object({ id: TravelerIdSchema });
const Deleted = z.object({ data: z.object({ deleted: z.literal(true) }) });

const routes = {
  orgCards: createRoute({
    method: 'post', path: '/walletUser/getPaymentCardByOrg', summary: 'The org’s certificates on offer', ...access('none'),
    request: { body: body(PaymentCardsByOrgSchema) },
    responses: { 200: json(dataOf(z.array(CardEntrySchema))), ...refusals },
  }),
  wallet: createRoute({
    method: 'post', path: '/booking/get-paymentcard-by-user', summary: 'The caller’s wallet: cards, totals and rates', ...access('user'),
    request: { body: body(PaymentCardsByUserSchema) },
    responses: { 200: json(dataOf(z.array(WalletEntrySchema))), ...refusals },
  }),
  redeem: createRoute({
    method: 'post', path: '/wallet/redeem', summary: 'Puts a card into the caller’s wallet by its code', ...access('user'), middleware: [redeemLimits] as const,
    request: { body: body(RedeemSchema) },
    responses: { 200: json(dataOf(CardEntrySchema)), ...refusals },
  }),
  preview: createRoute({
    method: 'post', path: '/booking/preview', summary: 'The stay’s price with the wallet’s choice', ...access('optional'),
    request: { body: body(PreviewSchema) },
    responses: { 200: json(dataOf(PreviewReplySchema)), ...refusals },
  }),
  checkout: createRoute({
    method: 'post', path: '/booking/checkout', summary: 'Books the stay: the wallet first, a payment session for the rest', ...access('optional'),
    request: { body: body(CheckoutSchema) },
    responses: { 200: json(dataOf(CheckoutReplySchema)), ...refusals },
  }),
  reservations: createRoute({
    method: 'post', path: '/reservations', summary: 'The caller’s bookings', ...access('user'),
    request: { body: body(ReservationsSchema) },
    responses: { 200: json(ReservationsReplySchema), ...refusals },
  }),
  travelers: createRoute({
    method: 'get', path: '/user/travelers', summary: 'The caller’s saved travellers', ...access('user'),
    responses: { 200: json(dataOf(z.array(TravelerRowSchema))), ...refusals },
  }),
  addTraveler: createRoute({
    method: 'post', path: '/user/travelers', summary: 'Saves a traveller', ...access('user'),
    request: { body: body(TravelerSchema) },
    responses: { 201: json(dataOf(TravelerRowSchema), 'Saved'), ...refusals },
  }),
  updateTraveler: createRoute({
    method: 'put', path: '/user/travelers/{id}', summary: 'Changes a saved traveller', ...access('user'),
    request: { params: TravelerParams, body: body(TravelerSchema) },
    responses: { 200: json(dataOf(TravelerRowSchema)), ...refusals },
  }),
  deleteTraveler: createRoute({
    method: 'delete', path: '/user/travelers/{id}', summary: 'Deletes a saved traveller', ...access('user'),
    request: { params: TravelerParams },
    responses: { 200: json(Deleted), ...refusals },
  }),
};

export const booking = router()
  .openapi(routes.orgCards, async (c) => {
    const org = c.get('org');
    const rows = await cardsInLanguage(c.env.DB, await orgCertificates(c.env.DB, org.id), requestLanguage(c), org.default_language);
    return c.json({ data: rows.map(cardEntry) }, 200);
  })
  .openapi(routes.wallet, async (c) => {
    const body = c.req.valid('json');
    const user = await signedIn(c);
    const org = c.get('org');
    // Without a currency in the body, the user's own (when it has a rate), else the org's default.
    const { currency, rates } = await currencyFor(c.env.DB, org, body.currency).then(async (fallback) => {
      if (body.currency || !user.currency) return fallback;
      return currencyFor(c.env.DB, org, user.currency).catch(() => fallback);
    });
    const language = requestLanguage(c);
    const [mine, orgCards] = await Promise.all([
      cardsOfUser(c.env.DB, org.id, user.id).then((rows) => cardsInLanguage(c.env.DB, rows, language, org.default_language)),
      orgCertificates(c.env.DB, org.id).then((rows) => cardsInLanguage(c.env.DB, rows, language, org.default_language)),
    ]);
    const of = (kind: CardKind) => mine.filter((r) => r.kind === kind);
    return c.json({
      data: [
        {
          certidata: of('certificate').map(cardEntry),
          discountcarddata: of('discount').map(cardEntry),
          cashcarddata: of('cash').map(cardEntry),
          certificate_details: walletSummary(of('certificate'), currency, rates),
          discountcard_details: walletSummary(of('discount'), currency, rates),
          cashcard_details: walletSummary(of('cash'), currency, rates),
          orgcertidata: orgCards.map(cardEntry),
          exchange_rates: ratesFor([...mine, ...orgCards], currency, rates),
          walletOptions: [{ org_site_wallet: org.wallet_options }],
        },
      ],
    }, 200);
  })
  .openapi(routes.redeem, async (c) => {
    const body = c.req.valid('json');
    const user = await signedIn(c);
    const org = c.get('org');
    const claimed = await claimCard(c.env.DB, org.id, user.id, body.card_code);
    if (claimed) return c.json({ data: cardEntry((await cardsInLanguage(c.env.DB, [claimed], requestLanguage(c), org.default_language))[0] ?? claimed) }, 200);
    const card = await cardByCode(c.env.DB, org.id, body.card_code);
    if (card && card.user_id === user.id) throw conflict('This card is already in your wallet');
    if (card && card.user_id === null && card.listed === 0 && card.status !== 'ACTIVE') throw conflict('This card can no longer be used');
    throw notFound('No card with this code');
  })
  .openapi(routes.preview, async (c) => {
    const body = c.req.valid('json');
    const user = await currentUser(c);
    const org = c.get('org');
    const q = await quote(c.env.DB, org, body, user?.id ?? null, rateKey(c.env));
    const language = requestLanguage(c);
    const [shown] = await inLanguage(c.env.DB, [q.product], language, org.default_language);
    const rooms = bookedRooms(q.stay, q.priced);
    const stayShown = { checkIn: q.stay.checkIn, checkOut: q.checkOut, guests: q.stay.guests };
    const deadline = rateCancellationDeadline(q.product.type, rooms?.rate ?? null, q.stay.checkIn, q.product.time_zone);
    const perUnit = q.priced.offer ? { price: fromMinor(Math.round(q.amounts.priceMinor / q.nights), q.amounts.currency), total_price: fromMinor(q.amounts.priceMinor, q.amounts.currency) } : {};
    return c.json({
      data: {
        ...amountsBody(q.amounts),
        product: { ...productSummary(shown ?? q.product, q.amounts.currency, q.rates, stayShown), ...perUnit, free_cancellation_deadline: deadline },
        check_in: q.stay.checkIn,
        check_out: q.checkOut,
        guests: q.stay.guests,
        ...roomsReply(rooms, q.amounts.currency, language),
        rate_id: q.priced.rateId,
        free_cancellation_deadline: deadline,
        cards: q.amounts.spends.map((s) => ({ payment_card_id: s.cardId, kind: s.kind, amount: fromMinor(s.amountMinor, q.amounts.currency) })),
      },
    }, 200);
  })
  .openapi(routes.checkout, async (c) => {
    const body = c.req.valid('json');
    const user = await bookingCaller(c);
    const org = c.get('org');
    const hash = await sha256Hex(JSON.stringify(canonical(body)));
    const existing = await bookingByKey(c.env.DB, org.id, user?.id ?? null, body.idempotency_key, hash);
    if (existing) return replay(existing, hash, c);
    const q = await quote(c.env.DB, c.get('org'), body, user?.id ?? null, rateKey(c.env));
    const image = productSummary(q.product, 'USD', { USD: 1 }, {}).image;
    const linkCredit = user
      ? await firstBookingCredit(pepper(c), getCookie(c, LAST_CLICK_COOKIE), Date.now(), { ...q.amounts, orgCurrency: org.default_currency, rates: q.rates })
      : undefined;
    const newBooking: NewBooking = {
      ref: newBookingRef(),
      orgId: org.id,
      userId: user?.id ?? null,
      productId: q.product.id,
      productType: q.product.type,
      productName: q.product.name,
      city: q.product.city,
      image,
      checkIn: q.stay.checkIn,
      checkOut: q.checkOut,
      guests: q.stay.guests,
      currency: q.amounts.currency,
      priceMinor: q.amounts.priceMinor,
      certificateMinor: q.amounts.certificateMinor,
      discountMinor: q.amounts.discountMinor,
      cashMinor: q.amounts.cashMinor,
      totalMinor: q.amounts.totalMinor,
      idempotencyKey: body.idempotency_key,
      requestHash: hash,
      traveler: JSON.stringify(body.traveler),
      isPackage: body.is_package,
      linkCredit,
      site: new URL(c.req.url).origin,
      language: requestLanguage(c, user?.language),
      rooms: bookedRooms(q.stay, q.priced),
    };
    const result = q.amounts.totalMinor === 0
      ? await createBooking(c.env.DB, newBooking, q.amounts.spends)
      : await withProvider(c, () =>
          checkoutWithCard({ db: c.env.DB, payments: paymentsFor(c.env) }, newBooking, q.amounts.spends, { origin: new URL(c.req.url).origin, checkoutPath: checkoutPathOf(body, q.stay, newBooking.ref) }, body.traveler.email || user?.email || undefined),
        );
    if (result.created) {
      // Paid by the wallet alone, the booking is confirmed here, so the confirmation mail it owes goes from here too.
      if (result.booking.status === 'CONFIRMED') await sendOwedMails({ db: c.env.DB, ...requestMailer(c) }, result.booking.id);
      return c.json({ data: checkoutReply(result.booking, requestLanguage(c, user?.language)) }, 200);
    }
    const raced = await bookingByKey(c.env.DB, org.id, user?.id ?? null, body.idempotency_key, hash);
    if (raced) return replay(raced, hash, c);
    if (result.soldOut) throw soldOut();
    throw conflict('A card was already used by another booking; nothing was charged. Check your wallet and try again');
  })
  .openapi(routes.reservations, async (c) => {
    const body = c.req.valid('json');
    const user = await currentUserWithBodyToken(c, body.json?.token);
    if (!user) throw unauthorized();
    const org = c.get('org');
    const rows = await bookingsOfUser(c.env.DB, org.id, user.id);
    const [spends, shown] = await Promise.all([
      cardSpendsOf(c.env.DB, rows.map((r) => r.id)),
      withProductTexts(c.env.DB, rows, requestLanguage(c), org.default_language),
    ]);
    const language = requestLanguage(c, user.language);
    return c.json({ data: shown.map((b) => reservationReply(b, spends.filter((s) => s.booking_id === b.id), language)) }, 200);
  })
  .openapi(routes.travelers, async (c) => {
    const user = await signedIn(c);
    return c.json({ data: await travelersOf(c.env.DB, c.get('org').id, user.id) }, 200);
  })
  .openapi(routes.addTraveler, async (c) => {
    const body = c.req.valid('json');
    const user = await signedIn(c);
    const row = await addTraveler(c.env.DB, c.get('org').id, user.id, body);
    if (!row) throw conflict(`You can save at most ${MAX_TRAVELERS} travellers`);
    return c.json({ data: row }, 201);
  })
  .openapi(routes.updateTraveler, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const user = await signedIn(c);
    const row = await updateTraveler(c.env.DB, c.get('org').id, user.id, id, body);
    if (!row) throw notFound('No such traveller');
    return c.json({ data: row }, 200);
  })
  .openapi(routes.deleteTraveler, async (c) => {
    const { id } = c.req.valid('param');
    const user = await signedIn(c);
    if (!(await deleteTraveler(c.env.DB, c.get('org').id, user.id, id))) throw notFound('No such traveller');
    return c.json({ data: { deleted: true as const } }, 200);
  });
