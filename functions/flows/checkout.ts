// Booking a stay (docs/contract.md#booking, #wallet): the price preview with the wallet's choice, and the checkout that
// books it: the wallet first, then a hosted payment for the rest, under the caller's idempotency key. Plain values in,
// the reply's data out.
import type { OrgRow } from '../db/orgs';
import type { SessionUser } from '../auth/session-user';
import { ApiError, conflict, forbidden, unauthorized } from '../errors';
import type { Log } from '../log';
import { sha256Hex } from '../lib/crypto';
import { inLanguage } from '../db/content';
import { bookingByKey, createBooking, newBookingRef, type BookingRow, type NewBooking } from '../db/bookings';
import { PaymentProviderError, type Payments } from '../outside/payments';
import type { Mailer } from '../outside/mail';
import { firstBookingCredit } from './links';
import { checkoutWithCard } from './payments';
import { sendOwedMails } from './booking-mails';
import { soldOut, type BookableStay } from './stay';
import { bookedRooms, productSummary, quote } from './pricing';
import { rateKey } from './rates';
import { checkoutReply, roomsReply } from './booking-replies';
import type { Bindings } from '../env';
import { feePercentAfterDeadline, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import { occupancyStrings } from '../../src/shared/rules/occupancy';
import { fromMinor } from '../../src/shared/rules/money';
import type { WalletAmounts } from '../../src/shared/rules/wallet';
import type { CheckoutRequest, PreviewRequest } from '../../src/shared/contract/booking';
import type { CheckoutReply, PreviewReply } from '../../src/shared/contract/booking-replies';

/** What booking needs of the request (functions/http/deps.ts builds it). */
export interface CheckoutDeps {
  db: D1Database;
  env: Bindings;
  org: OrgRow;
  origin: () => Promise<string>;
  clock: () => number;
  pepper: string;
  log: Log;
  language: (accountLanguage?: string | null) => string;
  payments: () => Payments;
  mail: Mailer;
}

/** Booking needs an account allowed to book (can_user_book = 1) or an org that takes bookings without a session. */
function mayBook(org: OrgRow, user: SessionUser | null): void {
  if (user && (user.canUserBook === 1 || org.allow_guest_booking === 1)) return;
  if (user) throw forbidden('This account is not allowed to book');
  if (org.allow_guest_booking !== 1) throw unauthorized('Please sign in to book');
}

function amountsBody(a: WalletAmounts) {
  const m = (v: number) => fromMinor(v, a.currency);
  return { price: m(a.priceMinor), certificate_amount: m(a.certificateMinor), discount_amount: m(a.discountMinor), cash_amount: m(a.cashMinor), total: m(a.totalMinor), currency: a.currency };
}

/** The stay's price with the wallet's choice, recomputed here (pricing.ts quote), with the rate's terms. */
export async function previewStay(d: CheckoutDeps, body: PreviewRequest, userId: number | null): Promise<PreviewReply> {
  const { org } = d;
  const q = await quote(d.db, org, body, userId, rateKey(d.env), { reach: d, recheck: false });
  const language = d.language();
  const [shown] = await inLanguage(d.db, [q.product], language, org.default_language);
  const rooms = bookedRooms(q.stay, q.priced);
  const stayShown = { checkIn: q.stay.checkIn, checkOut: q.checkOut, guests: q.stay.guests };
  const deadline = rateCancellationDeadline(q.product.type, rooms?.rate ?? null, q.stay.checkIn, q.product.time_zone);
  const perUnit = q.priced.offer || q.priced.supplier ? { price: fromMinor(Math.round(q.amounts.priceMinor / q.nights), q.amounts.currency), total_price: fromMinor(q.amounts.priceMinor, q.amounts.currency) } : {};
  return {
    ...amountsBody(q.amounts),
    product: { ...productSummary(shown ?? q.product, q.amounts.currency, q.rates, stayShown), ...perUnit, free_cancellation_deadline: deadline },
    check_in: q.stay.checkIn,
    check_out: q.checkOut,
    guests: q.stay.guests,
    ...roomsReply(rooms, q.amounts.currency, language),
    rate_id: q.priced.rateId,
    free_cancellation_deadline: deadline,
    cancellation_fee_percent: feePercentAfterDeadline(rooms?.rate ?? null),
    cards: q.amounts.spends.map((s) => ({ payment_card_id: s.cardId, kind: s.kind, amount: fromMinor(s.amountMinor, q.amounts.currency) })),
  };
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

/** A checkout's answer: the booking as the reply states it, and whether it is the same key's earlier booking. */
export interface CheckedOut {
  reply: CheckoutReply;
  replayed: boolean;
}

/** The same key again: the same booking if the request is the same, 422 if it is not. */
function replay(d: CheckoutDeps, existing: BookingRow, hash: string): CheckedOut {
  if (existing.request_hash !== hash) {
    throw new ApiError(422, 'UNPROCESSABLE', 'This idempotency_key was already used for a different booking request');
  }
  return { reply: checkoutReply(existing, d.language()), replayed: true };
}

/** The provider down or refusing at checkout: 502, and nothing was written or held (the session comes before the booking). */
async function withProvider<T>(d: CheckoutDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    d.log('error', 'payments.checkout_failed', { kind: err.kind, code: err.code, reason: err.message });
    throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; nothing was booked or charged. Please try again');
  }
}

/**
 * Books the stay for the caller (an account allowed to book, or a guest where the org takes them): the amounts
 * recomputed from the ARI and the caller's own cards; a total of 0 after the wallet is CONFIRMED at once (and its
 * confirmation mail sent, which never fails the booking), anything above it PENDING_PAYMENT with a hosted payment whose
 * ways back start at the org's own origin. The same idempotency key again answers the same booking and spends
 * nothing more; a card spent meanwhile → 409, no room left → 409 SOLD_OUT.
 */
export async function bookStay(d: CheckoutDeps, body: CheckoutRequest, user: SessionUser | null, lastClickCookie: string | undefined): Promise<CheckedOut> {
  const { org } = d;
  mayBook(org, user);
  const hash = await sha256Hex(JSON.stringify(canonical(body)));
  const existing = await bookingByKey(d.db, org.id, user?.id ?? null, body.idempotency_key, hash);
  if (existing) return replay(d, existing, hash);
  // A bed bank's RECHECK rate is checked with the supplier here, before any payment session is made.
  const q = await quote(d.db, org, body, user?.id ?? null, rateKey(d.env), { reach: d, recheck: true });
  const image = productSummary(q.product, 'USD', { USD: 1 }, {}).image;
  const linkCredit = user
    ? await firstBookingCredit(d.pepper, lastClickCookie, d.clock(), { ...q.amounts, orgCurrency: org.default_currency, rates: q.rates })
    : undefined;
  const origin = await d.origin();
  const language = d.language(user?.language);
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
    site: origin,
    language,
    rooms: bookedRooms(q.stay, q.priced),
    ...(q.priced.supplier ? { supplier: { name: q.priced.supplier.supplier, rateKey: q.priced.supplier.rateKey, netMinor: q.priced.supplier.netMinor, currency: q.priced.supplier.netCurrency } } : {}),
  };
  const links = { origin, checkoutPath: checkoutPathOf(body, q.stay, newBooking.ref) };
  const result = q.amounts.totalMinor === 0
    ? await createBooking(d.db, newBooking, q.amounts.spends)
    : await withProvider(d, () => checkoutWithCard({ db: d.db, payments: d.payments() }, newBooking, q.amounts.spends, links, body.traveler.email || user?.email || undefined));
  if (result.created) {
    // Paid by the wallet alone, the booking is confirmed here, so the confirmation mail it owes goes from here too.
    if (result.booking.status === 'CONFIRMED') await sendOwedMails({ db: d.db, ...d.mail }, result.booking.id);
    return { reply: checkoutReply(result.booking, language), replayed: false };
  }
  const raced = await bookingByKey(d.db, org.id, user?.id ?? null, body.idempotency_key, hash);
  if (raced) return replay(d, raced, hash);
  if (result.soldOut) throw soldOut();
  throw conflict('A card was already used by another booking; nothing was charged. Check your wallet and try again');
}
