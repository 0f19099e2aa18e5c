// The agent portal's API (docs/contract.md#agents): clients, quotes (send, book on account), bookings and the profile, for
// accounts whose stored role is 'agent'; and the read-only quote a client opens from the mailed link. Thin: validate,
// hand plain values to flows/agent-*.ts, reply.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { deps } from '../http/deps';
import { currentUser } from '../http/session';
import { ApiError, ErrorBodySchema, forbidden, unauthorized } from '../errors';
import { counting, LIMITS, rateLimit } from '../http/rate-limit';
import { mailUpstreamStatus } from '../http/mailer';
import type { Owner } from '../db/clients';
import { agentBookings, agentProfileOf, cancelCardBooking } from '../flows/agent-account';
import { addClient, changeClient, clientPage, ownClient, removeClient } from '../flows/agent-clients';
import { agentQuote, agentQuotes, bookAgentQuote, priceQuote, sendQuote, sharedQuote, type AgentCaller } from '../flows/agent-quotes';
import {
  AGENT_MSG, AgentBookingSchema, AgentBookingsReplySchema, AgentClientSchema, AgentProfileSchema, AgentQuoteSchema, BookedQuoteSchema, BookQuoteSchema,
  ClientPageReplySchema, ClientQuerySchema, ClientSchema, QuoteListReplySchema, QuoteQuerySchema, QuoteSchema, QuoteViewSchema, RowIdSchema,
  SharedQuoteSchema,
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

/** The agent's own rows: the org of the request's host (which the session's must be) and the signed-in agent. */
const ownerOf = (c: C): Owner => ({ orgId: c.get('org').id, agentId: c.get('user').id });

/** The agent calling, as the session has it: whose quotes, the name a quote's mail is signed with, the default currency. */
function agentOf(c: C): AgentCaller {
  const user = c.get('user');
  return { ...ownerOf(c), firstName: user.firstName, lastName: user.lastName, email: user.email, currency: user.currency };
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
      409: json(z.union([SignInFailureSchema, ErrorBodySchema]), `Over the credit limit ({ status: "failed", message: "${AGENT_MSG.creditLimitExceeded}" }), or the quote already booked, its product gone or its date passed; a bed bank's quote its supplier no longer sells (SOLD_OUT), at another price (PRICE_CHANGED) or refused (docs/decisions/0073); the supplier unreachable → 503`),
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
  .openapi(routes.profile, async (c) => c.json({ data: await agentProfileOf(deps(c), ownerOf(c)) }, 200))

  // ---- clients -------------------------------------------------------------------------------------------------
  .openapi(routes.clients, async (c) => c.json(await clientPage(deps(c), ownerOf(c), c.req.valid('query')), 200))
  .openapi(routes.client, async (c) => c.json({ data: await ownClient(deps(c), ownerOf(c), c.req.valid('param').id) }, 200), unknownInPath('Not found'))
  .openapi(routes.addClient, async (c) => c.json({ data: await addClient(deps(c), ownerOf(c), c.req.valid('json')) }, 201))
  .openapi(
    routes.updateClient,
    async (c) => c.json({ data: await changeClient(deps(c), ownerOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    unknownInPath('Not found'),
  )
  .openapi(
    routes.deleteClient,
    async (c) => c.json({ data: await removeClient(deps(c), ownerOf(c), c.req.valid('param').id) }, 200),
    unknownInPath('Not found'),
  )

  // ---- quotes --------------------------------------------------------------------------------------------------
  .openapi(routes.quotes, async (c) => c.json(await agentQuotes(deps(c), ownerOf(c), c.req.valid('query')), 200))
  .openapi(routes.quote, async (c) => c.json({ data: await agentQuote(deps(c), ownerOf(c), c.req.valid('param').id) }, 200), unknownInPath('Not found'))
  .openapi(routes.addQuote, async (c) => c.json({ data: await priceQuote(deps(c), agentOf(c), c.req.valid('json')) }, 201))
  .openapi(
    routes.sendQuote,
    async (c) => {
      const outcome = await sendQuote(deps(c), agentOf(c), c.req.valid('param').id);
      if (outcome.kind === 'mail-failed') throw new ApiError(mailUpstreamStatus(outcome.failure), 'UPSTREAM_FAILED', 'The email could not be sent. Please try again');
      return c.json({ data: outcome.quote }, 200);
    },
    unknownInPath('Not found'),
  )
  .openapi(
    routes.bookQuote,
    async (c) => {
      const { pay_by: payBy = 'account' } = c.req.valid('json');
      const outcome = await bookAgentQuote(deps(c), ownerOf(c), c.req.valid('param').id, payBy);
      if (outcome.kind === 'credit-limit') return c.json({ status: 'failed' as const, message: AGENT_MSG.creditLimitExceeded }, 409);
      return c.json({ data: outcome.booked }, 200);
    },
    unknownInPath('Not found'),
  )

  // ---- bookings on account -------------------------------------------------------------------------------------
  .openapi(routes.bookings, async (c) => c.json(await agentBookings(deps(c), ownerOf(c)), 200))
  .openapi(
    routes.cancelBooking,
    async (c) => c.json({ data: await cancelCardBooking(deps(c), ownerOf(c), c.req.valid('param').ref) }, 200),
    unknownInPath('No such booking'),
  )

  // ---- the client's read-only view (no session: the unguessable token is the key) -------------------------------
  .openapi(routes.viewQuote, async (c) => {
    const quote = await sharedQuote(deps(c), c.req.valid('json').token);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: quote }, 200);
  });
