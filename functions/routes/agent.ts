// The agent portal's API (docs/contract.md#agents): clients, quotes (send, book on account), bookings and the profile, for
// accounts whose stored role is 'agent'; and the read-only quote a client opens from the mailed link.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser } from '../http/session';
import { siteOrigin } from '../http/request';
import { randomToken, sha256Hex } from '../auth/crypto';
import { ApiError, conflict, ErrorBodySchema, forbidden, notFound, refuse, unauthorized } from '../errors';
import { logEvent } from '../log';
import { counting, LIMITS, rateLimit } from '../http/rate-limit';
import { clientOf, deleteClient, insertClient, listClients, phoneRefsKnown, updateClient, type ClientRow, type Owner } from '../db/clients';
import { bookQuote, insertQuote, markSent, quoteByTokenHash, quoteOf, quotesOf, type QuoteRow } from '../db/quotes';
import { agentBookingOf, agentCounts, agentProfile, bookingsOfAgent, creditOf, defaultMarkupBps, type AgentBookingRow } from '../db/agents';
import { bookingByRef, newBookingRef } from '../db/bookings';
import { bookQuoteByCard, CANCEL_REFUSED, cancelBooking } from '../flows/payments';
import { sendOwedMails } from '../flows/booking-mails';
import { paymentsFor, PaymentProviderError } from '../outside/payments';
import { imagesOf, productById } from '../db/products';
import { mailUpstreamStatus, requestMailer, sendMail } from '../http/mailer';
import { quoteMail } from '../services/agent-mail';
import { withProductName, withProductTexts } from '../db/content';
import { requestLanguage } from '../http/language';
import { bookableStay, currencyFor, priceStay, soldOut } from '../flows/stay';
import { agentQuotePrice, quoteRooms } from '../flows/pricing';
import { rateKey } from '../flows/rates';
import { occupancyStrings } from '../../src/shared/rules/occupancy';
import { checkCatalogueRefs } from '../flows/catalogue-refs';
import { fromMinor } from '../../src/shared/rules/money';
import { nightsBetween } from '../../src/shared/rules/wallet';
import { bpsOfPercent, DEFAULT_MARKUP_BPS, percentOfBps } from '../../src/shared/rules/quote-price';
import { eligibleTypes, minCheckInDate } from '../../src/shared/contract/booking';
import {
  AGENT_MSG, AgentBookingSchema, AgentBookingsReplySchema, AgentClientSchema, AgentProfileSchema, AgentQuoteSchema, BookedQuoteSchema, BookQuoteSchema,
  CLIENTS_PAGE_SIZE, ClientPageReplySchema, ClientQuerySchema, ClientSchema, QuoteListReplySchema, QuoteQuerySchema, QuoteSchema, QuoteViewSchema,
  RowIdSchema, SharedQuoteSchema, type AgentBooking, type AgentClient, type AgentProfile, type AgentQuote, type BookedQuote, type ClientInput,
  type CreditSummary, type SharedQuote,
} from '../../src/shared/contract/agent';
import { SignInFailureSchema } from '../../src/shared/contract/auth';
import { access, body, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';

/** The quote actions' bodies are empty objects. */
const NoFields = z.object({});

type C = Context<AppEnv>;

/**
 * A quote mail carries the agent's free text to any address: 10 mails per agent in 15 minutes and 3 per quote an
 * hour. Only a mail that went out counts; a refusal or a mail failure gives the attempt back.
 */
const quoteMailLimits = rateLimit(
  { limit: LIMITS.quoteMailAgent, settle: counting([], 'keep'), key: (c) => `${c.get('org').id}:${c.get('user').id}` },
  {
    limit: LIMITS.quoteMailQuote,
    settle: counting([], 'keep'),
    key: (c) => {
      const id = RowIdSchema.safeParse(c.req.param('id'));
      return id.success ? `${c.get('org').id}:${id.data}` : null;
    },
  },
);

/** The role comes from the stored account behind the session, never from anything the client sends. */
const requireAgent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  if (user.role !== 'agent') throw forbidden('The agent portal is for agent accounts only');
  c.set('user', user);
  await next();
};

const ownerOf = (c: C): Owner => ({ orgId: c.get('org').id, agentId: c.get('user').id });

/** The agent's own quote (404 for anyone else's). */
async function ownQuote(c: C, id: number): Promise<QuoteRow> {
  const quote = await quoteOf(c.env.DB, ownerOf(c), id);
  if (!quote) throw notFound('No such quote');
  return quote;
}

function clientBody(r: ClientRow): AgentClient {
  return {
    client_id: r.id,
    title: r.title,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    nationality: r.nationality_id,
    country_code: r.country_code,
    phone_country_code: r.phone_country_code,
    mobile_no: r.mobile_no,
    notes: r.notes,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const nightsOf = (r: Pick<QuoteRow, 'product_type' | 'check_in' | 'check_out'>) => (r.check_out ? nightsBetween(r.check_in, r.check_out) : null);

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

/** `rows` with each product named, and its city, in the reader's language where translated (quotes and bookings keep the id). */
const inReaderLanguage = <R extends { product_id: number; product_name: string; city: string }>(c: C, rows: R[]): Promise<R[]> =>
  withProductTexts(c.env.DB, rows, requestLanguage(c), c.get('org').default_language);
const quoteShown = async (c: C, row: QuoteRow) => quoteBody((await inReaderLanguage(c, [row]))[0]!);

function bookingBody(b: AgentBookingRow): AgentBooking {
  return {
    booking_id: b.booking_ref,
    quote_id: b.quote_id,
    status: b.status,
    pay_by: b.pay_method,
    paid_amount: fromMinor(b.paid_minor, b.currency),
    refunded_amount: fromMinor(b.refunded_minor, b.currency),
    ...(b.payment_url ? { payment_url: b.payment_url } : {}),
    client: { client_id: b.client_id, name: b.client_name, email: b.client_email },
    product: { product_id: b.product_id, type: b.product_type, name: b.product_name, city: b.city, image: b.image },
    check_in: b.check_in,
    check_out: b.check_out,
    guests: b.guests,
    currency: b.currency,
    total: fromMinor(b.total_minor, b.currency),
    charged_usd: b.pay_method === 'card' ? 0 : fromMinor(b.net_usd_minor, 'USD'),
    created_at: b.created_at,
  };
}

function creditBody(credit: { limitMinor: number; outstandingMinor: number }): CreditSummary {
  return {
    currency: 'USD',
    credit_limit: fromMinor(credit.limitMinor, 'USD'),
    outstanding: fromMinor(credit.outstandingMinor, 'USD'),
    available: fromMinor(Math.max(0, credit.limitMinor - credit.outstandingMinor), 'USD'),
  };
}

/** Nationality, dialling code and country must be rows of the catalogue, as on sign-up. */
async function checkClientRefs(c: C, body: ClientInput) {
  await checkCatalogueRefs(c.env.DB, { nationality: body.nationality }, '');
  const known = await phoneRefsKnown(c.env.DB, body.phone_country_code, body.country_code);
  if (!known.isd) throw refuse('phone_country_code', AGENT_MSG.unknownCountryCode);
  if (!known.country) throw refuse('country_code', 'Unknown country');
}

/** A client or a quote named in the path. */
const IdParams = z.object({ id: RowIdSchema });
/** An agent booking's reference as bookings are named. */
const BookingParams = z.object({ ref: z.string().regex(/^[A-Z0-9-]{1,40}$/) });
const Deleted = z.object({ data: z.object({ deleted: z.literal(true) }) });


const routes = {
  profile: createRoute({
    method: 'get', path: '/agent/profile', summary: 'The agent, the agency, the markup and the credit', ...access('agent'),
    responses: { 200: json(dataOf(AgentProfileSchema)), ...refusals },
  }),
  clients: createRoute({
    method: 'get', path: '/agent/clients', summary: 'One page of the agent’s clients, by last name', ...access('agent'),
    request: { query: ClientQuerySchema },
    responses: { 200: json(ClientPageReplySchema), ...refusals },
  }),
  client: createRoute({
    method: 'get', path: '/agent/clients/{id}', summary: 'One of the agent’s clients', ...access('agent'),
    request: { params: IdParams },
    responses: { 200: json(dataOf(AgentClientSchema)), ...refusals },
  }),
  addClient: createRoute({
    method: 'post', path: '/agent/clients', summary: 'Adds a client', ...access('agent'),
    request: { body: body(ClientSchema) },
    responses: { 201: json(dataOf(AgentClientSchema), 'Added'), ...refusals },
  }),
  updateClient: createRoute({
    method: 'put', path: '/agent/clients/{id}', summary: 'Changes one of the agent’s clients', ...access('agent'),
    request: { params: IdParams, body: body(ClientSchema) },
    responses: { 200: json(dataOf(AgentClientSchema)), ...refusals },
  }),
  deleteClient: createRoute({
    method: 'delete', path: '/agent/clients/{id}', summary: 'Deletes one of the agent’s clients', ...access('agent'),
    request: { params: IdParams },
    responses: { 200: json(Deleted), ...refusals },
  }),
  quotes: createRoute({
    method: 'get', path: '/agent/quotes', summary: 'The agent’s quotes, newest first', ...access('agent'),
    request: { query: QuoteQuerySchema },
    responses: { 200: json(QuoteListReplySchema), ...refusals },
  }),
  quote: createRoute({
    method: 'get', path: '/agent/quotes/{id}', summary: 'One of the agent’s quotes', ...access('agent'),
    request: { params: IdParams },
    responses: { 200: json(dataOf(AgentQuoteSchema)), ...refusals },
  }),
  addQuote: createRoute({
    method: 'post', path: '/agent/quotes', summary: 'Prices a product for a client: the net price, the markup and the total', ...access('agent'),
    request: { body: body(QuoteSchema) },
    responses: { 201: json(dataOf(AgentQuoteSchema), 'Priced and saved'), ...refusals },
  }),
  sendQuote: createRoute({
    method: 'post', path: '/agent/quotes/{id}/send', summary: 'Mails the quote’s link to the client', ...access('agent'), middleware: [quoteMailLimits] as const,
    request: { params: IdParams, body: body(NoFields) },
    responses: { 200: json(dataOf(AgentQuoteSchema)), ...refusals },
  }),
  bookQuote: createRoute({
    method: 'post', path: '/agent/quotes/{id}/book', summary: 'Books the quote on the agent’s account or by the client’s card', ...access('agent'),
    request: { params: IdParams, body: body(BookQuoteSchema) },
    responses: {
      200: json(dataOf(BookedQuoteSchema)),
      409: json(z.union([SignInFailureSchema, ErrorBodySchema]), `Over the credit limit ({ status: "failed", message: "${AGENT_MSG.creditLimitExceeded}" }), or the quote already booked, its product gone or its date passed`),
      ...refusals,
    },
  }),
  bookings: createRoute({
    method: 'get', path: '/agent/bookings', summary: 'The agent’s bookings on account and the credit', ...access('agent'),
    responses: { 200: json(AgentBookingsReplySchema), ...refusals },
  }),
  cancelBooking: createRoute({
    method: 'post', path: '/agent/bookings/{ref}/cancel', summary: 'Cancels a booking the client paid by card: the card part refunded through the provider', ...access('agent'),
    request: { params: BookingParams, body: body(NoFields) },
    responses: { 200: json(dataOf(AgentBookingSchema)), ...refusals },
  }),
  viewQuote: createRoute({
    method: 'post', path: '/quotes/view', summary: 'The quote a client opens from the mailed link (the token is the key)', ...access('none'),
    request: { body: body(QuoteViewSchema) },
    responses: { 200: json(dataOf(SharedQuoteSchema)), ...refusals },
  }),
};

const guarded = router();
guarded.use('/agent/*', requireAgent);
guarded.use('/agent', requireAgent);

export const agent = guarded
  // ---- profile -------------------------------------------------------------------------------------------------
  .openapi(routes.profile, async (c) => {
    const owner = ownerOf(c);
    const db = c.env.DB;
    const [row, credit, counts] = await Promise.all([agentProfile(db, owner), creditOf(db, owner), agentCounts(db, owner)]);
    if (!row) throw forbidden('The agent portal is for agent accounts only');
    const body: AgentProfile = {
      agent: {
        user_id: row.user_id,
        email: row.email,
        title: row.title,
        first_name: row.first_name,
        last_name: row.last_name,
        phone_country_code: row.phone_country_code,
        mobile_no: row.mobile_no,
      },
      agency: row.agency_name
        ? {
            name: row.agency_name,
            license_no: row.agency_license_no ?? '',
            address: row.agency_address ?? '',
            phone: row.agency_phone ?? '',
            email: row.agency_email ?? '',
          }
        : null,
      markup_percent: percentOfBps(row.default_markup_bps ?? DEFAULT_MARKUP_BPS),
      credit: creditBody(credit),
      b2b_mode: c.get('org').b2b_mode === 1 ? 1 : 0,
      counts,
    };
    return c.json({ data: body }, 200);
  })

  // ---- clients -------------------------------------------------------------------------------------------------
  .openapi(routes.clients, async (c) => {
    const q = c.req.valid('query');
    const perPage = q.per_page ?? CLIENTS_PAGE_SIZE;
    const page = q.page ?? 1;
    const { rows, count } = await listClients(c.env.DB, ownerOf(c), q.q, perPage, (page - 1) * perPage);
    return c.json({ count, page, per_page: perPage, data: rows.map(clientBody) }, 200);
  })
  .openapi(
    routes.client,
    async (c) => {
      const row = await clientOf(c.env.DB, ownerOf(c), c.req.valid('param').id);
      if (!row) throw notFound('No such client');
      return c.json({ data: clientBody(row) }, 200);
    },
    unknownInPath('Not found'),
  )
  .openapi(routes.addClient, async (c) => {
    const body = c.req.valid('json');
    await checkClientRefs(c, body);
    const row = await insertClient(c.env.DB, ownerOf(c), body);
    if (!row) throw new ApiError(409, 'CONFLICT', AGENT_MSG.clientExists, [{ path: 'email', message: AGENT_MSG.clientExists }]);
    return c.json({ data: clientBody(row) }, 201);
  })
  .openapi(
    routes.updateClient,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      await checkClientRefs(c, body);
      const result = await updateClient(c.env.DB, ownerOf(c), id, body);
      if (result.kind === 'missing') throw notFound('No such client');
      if (result.kind === 'email-taken') throw new ApiError(409, 'CONFLICT', AGENT_MSG.clientExists, [{ path: 'email', message: AGENT_MSG.clientExists }]);
      return c.json({ data: clientBody(result.row) }, 200);
    },
    unknownInPath('Not found'),
  )
  .openapi(
    routes.deleteClient,
    async (c) => {
      if (!(await deleteClient(c.env.DB, ownerOf(c), c.req.valid('param').id))) throw notFound('No such client');
      return c.json({ data: { deleted: true as const } }, 200);
    },
    unknownInPath('Not found'),
  )

  // ---- quotes --------------------------------------------------------------------------------------------------
  .openapi(routes.quotes, async (c) => {
    const q = c.req.valid('query');
    const rows = await quotesOf(c.env.DB, ownerOf(c), { status: q.status, clientId: q.client_id });
    return c.json({ count: rows.length, data: (await inReaderLanguage(c, rows)).map(quoteBody) }, 200);
  })
  .openapi(routes.quote, async (c) => c.json({ data: await quoteShown(c, await ownQuote(c, c.req.valid('param').id)) }, 200),
    unknownInPath('Not found'),
  )
  .openapi(routes.addQuote, async (c) => {
    const body = c.req.valid('json');
    const db = c.env.DB;
    const org = c.get('org');
    const owner = ownerOf(c);
    const client = await clientOf(db, owner, body.client_id);
    if (!client) throw refuse('client_id', 'No such client');
    const stay = await bookableStay(db, org, body, rateKey(c.env));
    const { product, nightly, checkOut } = stay;
    const { currency, rates } = await currencyFor(db, org, body.currency ?? c.get('user').currency);
    const markupBps = body.markup_percent == null ? ((await defaultMarkupBps(db, owner)) ?? DEFAULT_MARKUP_BPS) : bpsOfPercent(body.markup_percent);
    // The price is the stay's, computed here from the rates and availability; nothing the client sends is trusted for it.
    const priced = await priceStay(db, stay, { currency, rates }, rateKey(c.env));
    const price = agentQuotePrice(stay, priced, currency, rates, markupBps);
    const id = await insertQuote(db, owner, {
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
      note: body.note,
      roomId: priced.offer?.room.room_id ?? null,
      ratePlanId: priced.offer?.plan.rate_plan_id ?? null,
      occupancy: priced.offer ? occupancyStrings(stay.rooms) : [],
    });
    if (id === null) throw refuse('client_id', 'No such client');
    const row = await quoteOf(db, owner, id);
    return c.json({ data: await quoteShown(c, row!) }, 201);
  })
  .openapi(
    routes.sendQuote,
    async (c) => {
      const { id } = c.req.valid('param');
      const quote = await ownQuote(c, id);
      const db = c.env.DB;
      const org = c.get('org');
      const owner = ownerOf(c);
      const token = randomToken();
      const profile = await agentProfile(db, owner);
      const user = c.get('user');
      const link = `${await siteOrigin(c, org)}/quote?token=${encodeURIComponent(token)}`;
      const language = requestLanguage(c);
      const named = await withProductName(db, quote, language);
      const mail = quoteMail({
        language,
        orgName: org.name,
        to: quote.client_email,
        clientName: quote.client_name,
        agentName: `${user.firstName} ${user.lastName}`.trim() || user.email,
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
      // Mailed first, marked sent after: a mail failure leaves the quote as it was (a draft stays a draft, a sent
      // quote keeps its working link). The failure is logged once by sendMail.
      const failure = await sendMail(c, mail, 'quote');
      if (failure) throw new ApiError(mailUpstreamStatus(failure), 'UPSTREAM_FAILED', 'The email could not be sent. Please try again');
      if (!(await markSent(db, owner, id, await sha256Hex(token)))) throw notFound('No such quote');
      return c.json({ data: await quoteShown(c, (await quoteOf(db, owner, id))!) }, 200);
    },
    unknownInPath('Not found'),
  )
  .openapi(
    routes.bookQuote,
    async (c) => {
      const { id } = c.req.valid('param');
      const { pay_by: payBy = 'account' } = c.req.valid('json');
      const quote = await ownQuote(c, id);
      const db = c.env.DB;
      const org = c.get('org');
      const owner = ownerOf(c);
      if (quote.status === 'BOOKED') throw conflict(AGENT_MSG.quoteBooked);
      const product = await productById(db, org.id, quote.product_id);
      if (!product || !eligibleTypes(org.eligible_products).includes(product.type)) throw conflict(AGENT_MSG.productGone);
      if (quote.check_in < minCheckInDate(org.min_checkin_days)) throw conflict(AGENT_MSG.quoteExpired);
      const reply = async (ref: string, status: BookedQuote['status'], paymentUrl?: string) => {
        const [row, credit] = await Promise.all([quoteOf(db, owner, id), creditOf(db, owner)]);
        return c.json({
          data: {
            booking_id: ref,
            status,
            pay_by: payBy,
            total: fromMinor(quote.total_minor, quote.currency),
            currency: quote.currency,
            charged_usd: payBy === 'card' ? 0 : fromMinor(quote.net_usd_minor, 'USD'),
            ...(paymentUrl ? { payment_url: paymentUrl } : {}),
            quote: await quoteShown(c, row!),
            credit: creditBody(credit),
          },
        }, 200);
      };
      if (payBy === 'card') {
        // The client's card on the provider's hosted page, as a traveller's checkout (docs/decisions/0029): no credit used.
        if (quote.total_minor <= 0) throw conflict(AGENT_MSG.noCardPart);
        const client = quote.client_id ? await clientOf(db, owner, quote.client_id) : null;
        const traveler = {
          title: client?.title ?? '',
          first_name: client?.first_name ?? quote.client_name,
          last_name: client?.last_name ?? '',
          email: quote.client_email,
          phone: client ? `${client.phone_country_code}${client.mobile_no}` : '',
        };
        const origin = new URL(c.req.url).origin;
        const rooms = await quoteRooms(db, quote, quote.total_minor);
        let created;
        try {
          created = await bookQuoteByCard({ db, payments: paymentsFor(c.env) }, quote, traveler, origin, (ref) => `/agent/my-quotes?payment=cancelled&booking=${ref}`, rooms);
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          logEvent(c, 'error', 'payments.checkout_failed', { quote: id, kind: err.kind, reason: err.message });
          throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; nothing was booked. Please try again');
        }
        if (!created.created) throw created.soldOut ? soldOut() : conflict(AGENT_MSG.quoteBooked);
        return reply(created.booking.booking_ref, 'PENDING_PAYMENT', created.booking.payment_url ?? undefined);
      }
      const outcome = await bookQuote(db, owner, id, newBookingRef(), await quoteRooms(db, quote, quote.net_minor));
      if (outcome.kind === 'sold-out') throw soldOut();
      if (outcome.kind === 'missing') throw notFound('No such quote');
      if (outcome.kind === 'already-booked') throw conflict(AGENT_MSG.quoteBooked);
      if (outcome.kind === 'credit-limit') return c.json({ status: 'failed' as const, message: AGENT_MSG.creditLimitExceeded }, 409);
      return reply(outcome.ref, 'CONFIRMED');
    },
    unknownInPath('Not found'),
  )

  // ---- bookings on account -------------------------------------------------------------------------------------
  .openapi(routes.bookings, async (c) => {
    const owner = ownerOf(c);
    const [rows, credit] = await Promise.all([bookingsOfAgent(c.env.DB, owner), creditOf(c.env.DB, owner)]);
    return c.json({ count: rows.length, data: (await inReaderLanguage(c, rows)).map(bookingBody), credit: creditBody(credit) }, 200);
  })
  .openapi(
    routes.cancelBooking,
    async (c) => {
      const owner = ownerOf(c);
      const { ref } = c.req.valid('param');
      const own = await agentBookingOf(c.env.DB, owner, ref);
      if (!own) throw notFound('No such booking');
      if (own.pay_method !== 'card') throw conflict(AGENT_MSG.onAccountCancel);
      const booking = await bookingByRef(c.env.DB, ref);
      if (!booking) throw notFound('No such booking');
      // The traveller's own cancel flow, policy and refund included (docs/decisions/0019): one place for the rule.
      let outcome;
      try {
        outcome = await cancelBooking({ db: c.env.DB, payments: paymentsFor(c.env) }, booking, Date.now());
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        logEvent(c, 'error', 'payments.cancel_failed', { booking: ref, kind: err.kind, reason: err.message });
        throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; the booking is unchanged. Please try again');
      }
      if (outcome.kind === 'refused') {
        throw conflict(CANCEL_REFUSED[outcome.reason]);
      }
      if (outcome.kind === 'cancelled') await sendOwedMails({ db: c.env.DB, ...requestMailer(c) }, outcome.booking.id);
      return c.json({ data: bookingBody((await inReaderLanguage(c, [(await agentBookingOf(c.env.DB, owner, ref))!]))[0]!) }, 200);
    },
    unknownInPath('No such booking'),
  )

  // ---- the client's read-only view (no session: the unguessable token is the key) -------------------------------
  .openapi(routes.viewQuote, async (c) => {
    const { token } = c.req.valid('json');
    const org = c.get('org');
    const row = await quoteByTokenHash(c.env.DB, org.id, await sha256Hex(token));
    if (!row) throw notFound('This quote link is not valid');
    c.header('Cache-Control', 'private, no-store');
    const body: SharedQuote = {
      reference: `Q-${row.id}`,
      client_name: row.client_name,
      agent_name: `${row.agent_first_name} ${row.agent_last_name}`.trim(),
      agency_name: row.agency_name ?? '',
      agent_email: row.agent_email,
      org_name: org.name,
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
    return c.json({ data: body }, 200);
  });
