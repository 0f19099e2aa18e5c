// The agent portal's client state: who may see it, the profile and credit, clients, quotes and bookings, and the
// actions that call /api/agent and keep these atoms current.
import { atom, computed } from 'nanostores';
import { request, type ApiBody, type ApiReply } from './api';
import type {
  AgentBooking, AgentClient, AgentProfile, AgentQuote, CreditSummary, PayBy, QuoteStatus,
} from '../shared/contract/agent';
import { $signedIn, $userType } from './session';

export type AgentAccess = 'checking' | 'signed-out' | 'consumer' | 'agent';

/** From the session's stored role (user type 1), never from anything typed in. */
export const $agentAccess = computed([$signedIn, $userType], (signedIn, type): AgentAccess =>
  signedIn === null ? 'checking' : !signedIn ? 'signed-out' : type === 1 ? 'agent' : 'consumer',
);

/** How long a consumer reads the message before going home. */
export const AWAY_DELAY_MS = 1500;

export const $agentProfile = atom<AgentProfile | null>(null);
export const $credit = atom<CreditSummary | null>(null);
export const $clients = atom<{ count: number; page: number; perPage: number; data: AgentClient[] } | null>(null);
export const $quotes = atom<AgentQuote[] | null>(null);
export const $agentBookings = atom<AgentBooking[] | null>(null);

export async function loadAgentProfile(): Promise<AgentProfile> {
  const { data } = await request('$get', '/api/agent/profile');
  $agentProfile.set(data);
  $credit.set(data.credit);
  return data;
}

export async function loadClients(query = '', page = 1, perPage = 20) {
  const r = await request('$get', '/api/agent/clients', { query: { page, per_page: perPage, q: query.trim() || undefined } });
  $clients.set({ count: r.count, page: r.page, perPage: r.per_page, data: r.data });
  return r;
}

/** Every client (for the quote builder's picker), without touching the list page's atom. */
export async function allClients(): Promise<AgentClient[]> {
  return (await request('$get', '/api/agent/clients', { query: { per_page: 100 } })).data;
}

/** A client as the agent enters it (the route's declared body). */
export type ClientFields = ApiBody<'/api/agent/clients', '$post'>;

export async function saveClient(fields: ClientFields, id?: number): Promise<AgentClient> {
  const { data } = id
    ? await request('$put', '/api/agent/clients/:id', { param: { id }, body: fields })
    : await request('$post', '/api/agent/clients', { body: fields });
  return data;
}

export async function removeClient(id: number): Promise<void> {
  await request('$delete', '/api/agent/clients/:id', { param: { id } });
}

export async function loadQuotes(status?: QuoteStatus) {
  const { data } = await request('$get', '/api/agent/quotes', { query: { status } });
  $quotes.set(data);
  return data;
}

function replaceQuote(quote: AgentQuote) {
  const list = $quotes.get();
  if (!list) return;
  $quotes.set(list.some((q) => q.quote_id === quote.quote_id) ? list.map((q) => (q.quote_id === quote.quote_id ? quote : q)) : [quote, ...list]);
}

/** A quote to price and save (the route's declared body). */
export type NewQuoteFields = ApiBody<'/api/agent/quotes', '$post'>;

export async function createQuote(fields: NewQuoteFields): Promise<AgentQuote> {
  const { data } = await request('$post', '/api/agent/quotes', { body: fields });
  replaceQuote(data);
  return data;
}

export async function sendQuote(id: number): Promise<AgentQuote> {
  const { data } = await request('$post', '/api/agent/quotes/:id/send', { param: { id }, body: {} });
  replaceQuote(data);
  return data;
}

/** What booking a quote answers: the route's own reply (functions/routes/agent.ts). */
export type BookResult = ApiReply<'/api/agent/quotes/:id/book', '$post'>['data'];

export async function bookQuote(id: number, payBy: PayBy = 'account'): Promise<BookResult> {
  const { data } = await request('$post', '/api/agent/quotes/:id/book', { param: { id }, body: { pay_by: payBy } });
  replaceQuote(data.quote);
  $credit.set(data.credit);
  return data;
}

/** Cancels a booking paid by the client's card: the card part is refunded through the payment provider. */
export async function cancelAgentBooking(ref: string): Promise<AgentBooking> {
  const { data } = await request('$post', '/api/agent/bookings/:ref/cancel', { param: { ref }, body: {} });
  $agentBookings.set(($agentBookings.get() ?? []).map((b) => (b.booking_id === ref ? data : b)));
  return data;
}

export async function loadAgentBookings() {
  const r = await request('$get', '/api/agent/bookings');
  $agentBookings.set(r.data);
  $credit.set(r.credit);
  return r;
}

/** Share of the credit limit in use, 0–100 (a full bar when there is no limit and something is owed). */
export const creditUsedPercent = (c: CreditSummary) =>
  c.credit_limit > 0 ? Math.min(100, Math.round((c.outstanding / c.credit_limit) * 100)) : c.outstanding > 0 ? 100 : 0;

/** Products for the quote builder: one page of search results (the search's own query parameters). */
export const findProducts = async (query: URLSearchParams) => (await request('$get', '/api/products/search', { query })).data;
export type FoundProduct = Awaited<ReturnType<typeof findProducts>>[number];

/** The read-only quote a client opens from the mailed link. */
export const viewSharedQuote = async (token: string) => (await request('$post', '/api/quotes/view', { body: { token } })).data;
