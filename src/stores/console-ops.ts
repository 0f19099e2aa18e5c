// The console's operations calls (domains, cards, bookings, translations): the pages call these, never fetch.
import { ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import { request, type ApiBody, type ApiReply } from './api';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const enc = encodeURIComponent;

export const listDomains = () => data(request('$get', '/api/admin/domains'));
export const addDomain = (host: string) => data(request('$post', '/api/admin/domains', { body: { host } }));
export const checkDomain = (host: string) => data(request('$post', '/api/admin/domains/:host/refresh', { param: { host } }));
export const removeDomain = (host: string) => data(request('$delete', '/api/admin/domains/:host', { param: { host } }));

export const listCards = (q: string, page: number) => request('$get', '/api/admin/cards', { query: { q, page } });
export const issueCard = (card: ApiBody<'/api/admin/cards', '$post'>) => data(request('$post', '/api/admin/cards', { body: card }));
export const voidCard = (id: number) => data(request('$post', '/api/admin/cards/:id/void', { param: { id } }));
export const cardSpends = (id: number) => data(request('$get', '/api/admin/cards/:id/spends', { param: { id } }));

/** A CSV file as text/csv; the key makes a repeated click (or a retry after a lost answer) issue nothing more. */
export async function importCards(text: string, key: string): Promise<number> {
  const res = await fetch('/api/admin/cards/import', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv', accept: 'application/json', 'idempotency-key': key },
    body: text,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiFailure(res.status, body as ApiErrorBody | undefined);
  return (body as ApiReply<'/api/admin/cards/import', '$post'>).data.issued;
}

export interface BookingFilter {
  from: string;
  to: string;
  status: string;
  /** One booking by its reference (the Suppliers page links it); empty: every booking the rest keeps. */
  ref?: string;
}
const bookingQuery = (f: BookingFilter) => `from=${enc(f.from)}&to=${enc(f.to)}&status=${enc(f.status)}${f.ref ? `&ref=${enc(f.ref)}` : ''}`;
export async function listBookings(f: BookingFilter, page: number) {
  const reply = await request('$get', '/api/admin/bookings', { query: { ...f, page } });
  // The address answers a CSV file only with format=csv (bookingsCsvHref, a link), which this never asks for.
  if (typeof reply === 'string' || reply instanceof Response) throw new TypeError('The bookings came back as a file');
  return reply;
}
export const bookingsCsvHref = (f: BookingFilter) => `/api/admin/bookings?${bookingQuery(f)}&format=csv`;

/** What cancelling the booking now would refund and keep (with the fee waived when asked). */
export const adminCancelQuote = (ref: string, waiveFee: boolean) =>
  data(request('$get', '/api/admin/bookings/:id/cancel-quote', { param: { id: ref }, query: { waive_fee: waiveFee ? '1' : '0' } }));
/** Cancels and refunds the booking; the booking as the list shows it back. */
export const cancelAndRefund = (ref: string, waiveFee: boolean) =>
  data(request('$post', '/api/admin/bookings/:id/cancel', { param: { id: ref }, body: { waive_fee: waiveFee } }));

export const listLabels = (lang: string) => data(request('$get', '/api/admin/labels/:lang', { param: { lang } }));
export const saveLabels = (lang: string, texts: ApiBody<'/api/admin/labels/:lang', '$put'>) =>
  data(request('$put', '/api/admin/labels/:lang', { param: { lang }, body: texts }));
