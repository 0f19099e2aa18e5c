// An agent's quotes (docs/contract.md#agents): a stay priced for a client by the quote's one rule, its link mailed to
// the client, booked on the agent's account (within the credit limit) or by the client's card (decision 0029), and the
// read-only quote the client opens from the mailed link, whose unguessable token is the key.
import { ApiError, conflict, notFound, refuse } from '../errors';
import { randomToken, sha256Hex } from '../auth/crypto';
import { clientOf, type Owner } from '../db/clients';
import { bookQuote, insertQuote, markSent, quoteByTokenHash, quoteOf, quotedSupplierOf, quotesOf, type NewQuote, type QuotedSupplier, type QuoteRow } from '../db/quotes';
import { agentBookingOf, agentProfile, creditOf, defaultMarkupBps } from '../db/agents';
import { newBookingRef } from '../db/bookings';
import { imagesOf, productById } from '../db/products';
import { withProductName } from '../db/content';
import { PaymentProviderError } from '../outside/payments';
import { sendMail, type MailError } from '../outside/mail';
import { quoteMail } from '../services/agent-mail';
import { bookQuoteByCard } from './payments';
import { sendOwedMails } from './booking-mails';
import { bookableStay, currencyFor, priceStay, readyQuotedSupplierRate, soldOut, type SupplierSale } from './stay';
import { agentQuotePrice, quoteRooms } from './pricing';
import { rateKey } from './rates';
import { orgBank } from './suppliers';
import { supplierBookedRooms } from './supplier-rates';
import { evenNights } from '../../src/shared/rules/supplier-rate';
import { nightsOf as stayNights } from '../../src/shared/rules/stay-rates';
import { bookAgentAtSupplier, type AgentSupplierRefusal } from './supplier-bookings';
import { ratesFromUsd } from '../cache/rates';
import type { BookedRooms, NewSupplierPart } from '../db/bookings';
import { creditBody, inLanguage, type AgentDeps, type Readers } from './agent-account';
import { supplierOf } from './booking-replies';
import { occupancyStrings, partyOfGuests, storedParty } from '../../src/shared/rules/occupancy';
import { fromMinor } from '../../src/shared/rules/money';
import { nightsBetween } from '../../src/shared/rules/wallet';
import { bpsOfPercent, DEFAULT_MARKUP_BPS, percentOfBps } from '../../src/shared/rules/quote-price';
import { eligibleTypes, minCheckInDate } from '../../src/shared/contract/booking';
import { AGENT_MSG, type AgentQuote, type BookedQuote, type QuoteInput, type SharedQuote } from '../../src/shared/contract/agent';

/** The agent calling (the router's guard checked the stored role): whose quotes these are, the name a mail signs with. */
export interface AgentCaller extends Owner {
  firstName: string;
  lastName: string;
  email: string;
  /** The account's currency, a quote's when it names none. */
  currency: string;
}

const nightsOf = (r: Pick<QuoteRow, 'check_in' | 'check_out'>) => (r.check_out ? nightsBetween(r.check_in, r.check_out) : null);

function quoteBody(r: QuoteRow): AgentQuote {
  const m = (minor: number) => fromMinor(minor, r.currency);
  return {
    quote_id: r.id,
    client: { client_id: r.client_id, name: r.client_name, email: r.client_email },
    product: { product_id: r.product_id, type: r.product_type, name: r.product_name, city: r.city, image: r.image },
    check_in: r.check_in,
    check_out: r.check_out,
    nights: nightsOf(r),
    guests: r.guests,
    currency: r.currency,
    net_price: m(r.net_minor),
    markup_percent: percentOfBps(r.markup_bps),
    markup_amount: m(r.total_minor - r.net_minor),
    total: m(r.total_minor),
    charged_usd: fromMinor(r.net_usd_minor, 'USD'),
    note: r.note,
    status: r.status,
    sent_at: r.sent_at,
    booked_at: r.booked_at,
    booking_id: r.booking_ref,
    created_at: r.created_at,
  };
}

/** The agent's quote as it is now, its product named in the reply's language; 404 for anyone else's. */
export async function agentQuote(d: Readers, owner: Owner, id: number): Promise<AgentQuote> {
  const row = await quoteOf(d.db, owner, id);
  if (!row) throw notFound('No such quote');
  return quoteBody((await inLanguage(d, [row]))[0]!);
}

/** The agent's own quote row (404 for anyone else's). */
async function ownQuote(db: D1Database, owner: Owner, id: number): Promise<QuoteRow> {
  const quote = await quoteOf(db, owner, id);
  if (!quote) throw notFound('No such quote');
  return quote;
}

/** The agent's quotes, newest first, by status as shown and by client. */
export async function agentQuotes(d: Readers, owner: Owner, filter: { status?: string; client_id?: number }) {
  const rows = await quotesOf(d.db, owner, { status: filter.status, clientId: filter.client_id });
  return { count: rows.length, data: (await inLanguage(d, rows)).map(quoteBody) };
}

/**
 * Prices a stay for one of the agent's clients and saves it as a draft: the price is the stay's, from the rates and
 * availability now (nothing the client sends is trusted for it), with the markup asked for or the agent's default.
 */
export async function priceQuote(d: Pick<AgentDeps, 'db' | 'org' | 'language' | 'env' | 'clock'>, agent: AgentCaller, input: QuoteInput): Promise<AgentQuote> {
  const { db, org } = d;
  const client = await clientOf(db, agent, input.client_id);
  if (!client) throw refuse('client_id', 'No such client');
  const key = rateKey(d.env);
  const stay = await bookableStay(db, org, input, key, d.clock());
  const { product, nightly, checkOut } = stay;
  const { currency, rates } = await currencyFor(db, org, input.currency ?? agent.currency);
  const markupBps = input.markup_percent == null ? ((await defaultMarkupBps(db, agent)) ?? DEFAULT_MARKUP_BPS) : bpsOfPercent(input.markup_percent);
  const priced = await priceStay(db, stay, { currency, rates }, key, { reach: d, recheck: false });
  const price = agentQuotePrice(stay, priced, currency, rates, markupBps);
  const id = await insertQuote(db, agent, {
    clientId: client.id,
    productId: product.id,
    productType: product.type,
    productName: product.name,
    city: product.city,
    image: imagesOf(product)[0] ?? '',
    checkIn: stay.checkIn,
    checkOut: nightly ? checkOut : null,
    guests: stay.guests,
    currency,
    markupBps,
    netUsdMinor: price.netUsdMinor,
    totalUsdMinor: price.totalUsdMinor,
    netMinor: price.netMinor,
    totalMinor: price.totalMinor,
    note: input.note,
    roomId: priced.offer?.room.room_id ?? null,
    ratePlanId: priced.offer?.plan.rate_plan_id ?? null,
    occupancy: priced.offer || priced.supplier ? occupancyStrings(stay.rooms) : [],
    // A bed bank's rate: the claim it was priced from (every part's key and net, the net's currency, the rate as shown).
    supplier: priced.supplier ? quotedSupplier(priced.supplier) : null,
  });
  if (id === null) throw refuse('client_id', 'No such client');
  return agentQuote(d, agent, id);
}

export type SentQuote = { kind: 'sent'; quote: AgentQuote } | { kind: 'mail-failed'; failure: MailError };

/**
 * Mails the quote's link to the client, in the request's language, with a fresh token (the previous link stops
 * working). Mailed first, marked sent after: a mail failure leaves the quote as it was (a draft stays a draft, a sent
 * quote keeps its working link); the failure is logged once by sendMail.
 */
export async function sendQuote(d: Pick<AgentDeps, 'db' | 'org' | 'language' | 'mail' | 'origin'>, agent: AgentCaller, id: number): Promise<SentQuote> {
  const { db, org } = d;
  const quote = await ownQuote(db, agent, id);
  const token = randomToken();
  const profile = await agentProfile(db, agent);
  const link = `${await d.origin()}/quote?token=${encodeURIComponent(token)}`;
  const language = d.language();
  const named = await withProductName(db, quote, language);
  const mail = quoteMail({
    language,
    orgName: org.name,
    to: quote.client_email,
    clientName: quote.client_name,
    agentName: `${agent.firstName} ${agent.lastName}`.trim() || agent.email,
    agencyName: profile?.agency_name ?? '',
    productName: named.product_name,
    city: quote.city,
    checkIn: quote.check_in,
    checkOut: quote.check_out,
    guests: quote.guests,
    totalMinor: quote.total_minor,
    currency: quote.currency,
    note: quote.note,
    link,
  });
  const failure = await sendMail(d.mail, org.id, mail, 'quote');
  if (failure) return { kind: 'mail-failed', failure };
  if (!(await markSent(db, agent, id, await sha256Hex(token)))) throw notFound('No such quote');
  return { kind: 'sent', quote: await agentQuote(d, agent, id) };
}

export type BookedOutcome = { kind: 'booked'; booked: BookedQuote } | { kind: 'credit-limit' };

/** What a quote keeps of a bed bank's rate (migration 0049): the supplier, its key(s) and net, their currency, the rate shown. */
function quotedSupplier(sale: SupplierSale): NonNullable<NewQuote['supplier']> {
  const { claim } = sale;
  return {
    name: sale.supplier,
    rateKey: sale.rateKey,
    netMinor: sale.netMinor,
    currency: sale.netCurrency,
    rate: {
      recheck: claim.recheck,
      room: claim.room,
      board: claim.board,
      refundable: claim.refundable,
      free_cancellation_days: claim.free_cancellation_days,
      cancellation_fee_percent: claim.cancellation_fee_percent,
    },
  };
}

/** The party of each room a quote keeps (its guests in one room for a quote older than rooms). */
const quoteParty = (quote: QuoteRow) => storedParty(quote.occupancy) ?? partyOfGuests(quote.guests);

/** Why a bed bank's quote was not booked, in the contract's shape: 409 (the agent makes a new quote), or 503 (try again). */
function supplierRefusal(why: AgentSupplierRefusal): ApiError {
  if (why === 'sold_out') return new ApiError(409, 'SOLD_OUT', AGENT_MSG.supplierSoldOut);
  if (why === 'price_changed') return new ApiError(409, 'PRICE_CHANGED', AGENT_MSG.supplierPriceChanged);
  if (why === 'down') return new ApiError(503, 'UPSTREAM_FAILED', AGENT_MSG.supplierDown);
  return new ApiError(409, 'CONFLICT', AGENT_MSG.supplierRefused);
}

/**
 * A bed bank's quote paid by the client's card, made ready before the payment session (readyQuotedSupplierRate: a
 * BOOKABLE rate as quoted, with no call; a RECHECK one checked, every part at once; a net other than the quoted one →
 * 409 PRICE_CHANGED), the booking then written as a traveller's supplier booking (the kept supplier, the key(s) to
 * book, their net and currency, the room and rate the quote kept), which the webhook books there.
 */
async function checkedQuoteSale(d: Pick<AgentDeps, 'db' | 'env' | 'log'>, quote: QuoteRow, quoted: QuotedSupplier): Promise<{ rooms: BookedRooms; supplier: NewSupplierPart }> {
  const conn = await orgBank(d, quote.org_id, quoted.name);
  if (!conn || !quote.check_out) throw supplierRefusal('refused');
  const stay = { checkIn: quote.check_in, checkOut: quote.check_out, rooms: quoteParty(quote) };
  let ready;
  try {
    ready = await readyQuotedSupplierRate(d, conn, quote.product_id, quoted, stay, { currency: quote.currency, rates: () => ratesFromUsd(d.db) }, quote.total_minor);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw supplierRefusal(err.code === 'SOLD_OUT' ? 'sold_out' : 'down');
  }
  if (ready.kind === 'price_changed') throw supplierRefusal('price_changed');
  return { rooms: ready.rooms, supplier: { name: quoted.name, rateKey: ready.rateKey, netMinor: ready.netMinor, currency: ready.currency } };
}

/**
 * Books the quote: on the agent's account (CONFIRMED; over the credit limit → `credit-limit`, nothing written), or by
 * the client's card on the provider's hosted page as a traveller's checkout (PENDING_PAYMENT; no credit used), the
 * page sending the client back to the org's own address. Its rooms are taken for its stay and party, else 409 SOLD_OUT.
 * A bed bank's quote is checked with its supplier and booked there (docs/decisions/0073-agent-supplier-bookings.md):
 * by card once paid (the webhook), on account before it is answered CONFIRMED; a refusal → 409/503, nothing kept.
 */
export async function bookAgentQuote(
  d: Pick<AgentDeps, 'db' | 'org' | 'language' | 'log' | 'payments' | 'origin' | 'mail' | 'env' | 'clock'>,
  owner: Owner,
  id: number,
  payBy: BookedQuote['pay_by'],
): Promise<BookedOutcome> {
  const { db, org } = d;
  const quote = await ownQuote(db, owner, id);
  if (quote.status === 'BOOKED') throw conflict(AGENT_MSG.quoteBooked);
  const quoted = quotedSupplierOf(quote, quote.supplier_rate);
  const product = await productById(db, org.id, quote.product_id);
  if (!product || !eligibleTypes(org.eligible_products).includes(product.type)) throw conflict(AGENT_MSG.productGone);
  if (quote.check_in < minCheckInDate(org.min_checkin_days)) throw conflict(AGENT_MSG.quoteExpired);
  const booked = async (ref: string, status: BookedQuote['status'], paymentUrl?: string): Promise<BookedOutcome> => {
    // The booking as now written: a bed bank's carries its supplier, the reference null until the supplier holds it.
    const [shown, credit, row] = await Promise.all([agentQuote(d, owner, id), creditOf(db, owner), agentBookingOf(db, owner, ref)]);
    return {
      kind: 'booked',
      booked: {
        booking_id: ref,
        status,
        pay_by: payBy,
        total: fromMinor(quote.total_minor, quote.currency),
        currency: quote.currency,
        charged_usd: payBy === 'card' ? 0 : fromMinor(quote.net_usd_minor, 'USD'),
        ...(paymentUrl ? { payment_url: paymentUrl } : {}),
        ...(row ? supplierOf(row) : {}),
        quote: shown,
        credit: creditBody(credit),
      },
    };
  };
  if (payBy === 'card') {
    if (quote.total_minor <= 0) throw conflict(AGENT_MSG.noCardPart);
    const client = quote.client_id ? await clientOf(db, owner, quote.client_id) : null;
    const traveler = {
      title: client?.title ?? '',
      first_name: client?.first_name ?? quote.client_name,
      last_name: client?.last_name ?? '',
      email: quote.client_email,
      phone: client ? `${client.phone_country_code}${client.mobile_no}` : '',
    };
    const sale = quoted ? await checkedQuoteSale(d, quote, quoted) : { rooms: await quoteRooms(db, quote, quote.total_minor), supplier: undefined };
    const origin = await d.origin();
    let created;
    try {
      created = await bookQuoteByCard({ db, payments: d.payments() }, quote, traveler, origin, (ref) => `/agent/my-quotes?payment=cancelled&booking=${ref}`, sale.rooms, sale.supplier);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      d.log('error', 'payments.checkout_failed', { quote: id, kind: err.kind, reason: err.message });
      throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; nothing was booked. Please try again');
    }
    if (!created.created) throw created.soldOut ? soldOut() : conflict(AGENT_MSG.quoteBooked);
    return booked(created.booking.booking_ref, 'PENDING_PAYMENT', created.booking.payment_url ?? undefined);
  }
  const vouchers = { site: await d.origin(), language: d.language() };
  // A bed bank's quote: the credit is taken and the booking written claimed in one batch (nothing over the limit, and
  // no supplier call then), then booked at the supplier (bookAgentAtSupplier); a refusal removes it, credit given back.
  // Its room and rate are shown from the start when the quote kept them (migration 0049).
  const occupancy = occupancyStrings(quoteParty(quote));
  const keptRooms = quoted?.rate && quote.check_out ? supplierBookedRooms({ ...quoted.rate, occupancy }, evenNights(quote.total_minor, stayNights(quote.check_in, quote.check_out))) : undefined;
  const pending = quoted
    ? { name: quoted.name, rateKey: quoted.rateKey, netMinor: quoted.netMinor, currency: quoted.currency, occupancy, claimedAt: d.clock(), ...(keptRooms ? { rooms: keptRooms } : {}) }
    : undefined;
  const rooms = pending ? undefined : await quoteRooms(db, quote, quote.net_minor);
  const outcome = await bookQuote(db, owner, id, newBookingRef(), rooms, vouchers, pending);
  if (outcome.kind === 'sold-out') throw soldOut();
  if (outcome.kind === 'missing') throw notFound('No such quote');
  if (outcome.kind === 'already-booked') throw conflict(AGENT_MSG.quoteBooked);
  if (outcome.kind === 'credit-limit') return { kind: 'credit-limit' };
  if (pending) {
    const atSupplier = await bookAgentAtSupplier(d, { ref: outcome.ref });
    if (atSupplier.kind === 'dropped') throw supplierRefusal(atSupplier.why);
  }
  // The vouchers it owes (the agent's, the client's) go through the booking-mail guard; a mail never fails the booking
  // (one D1 could not claim stays owed for the hourly sweep).
  await sendOwedMails({ db, ...d.mail }, { agentBooking: outcome.ref }).catch((err) => d.mail.failed('agent.voucher', err));
  return booked(outcome.ref, 'CONFIRMED');
}

/** The quote a client opens from the mailed link, in the request's org: the price to pay, never the net or the markup. */
export async function sharedQuote(d: Pick<AgentDeps, 'db' | 'org'>, token: string): Promise<SharedQuote> {
  const row = await quoteByTokenHash(d.db, d.org.id, await sha256Hex(token));
  if (!row) throw notFound('This quote link is not valid');
  return {
    reference: `Q-${row.id}`,
    client_name: row.client_name,
    agent_name: `${row.agent_first_name} ${row.agent_last_name}`.trim(),
    agency_name: row.agency_name ?? '',
    agent_email: row.agent_email,
    org_name: d.org.name,
    product: { type: row.product_type, name: row.product_name, city: row.city, image: row.image, description: row.description },
    check_in: row.check_in,
    check_out: row.check_out,
    nights: nightsOf(row),
    guests: row.guests,
    total: fromMinor(row.total_minor, row.currency),
    currency: row.currency,
    note: row.note,
    status: row.status,
    created_at: row.created_at,
  };
}
