// The console's operations calls (domains, cards, bookings, translations): the pages call these, never fetch.
import { ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import { request } from './api';
import type { CardIssue } from '../shared/contract/console-ops';

export interface Paged<T> {
  count: number;
  page: number;
  per_page: number;
  data: T[];
}

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const enc = encodeURIComponent;

export const listDomains = () => data(request('$get', '/api/admin/domains'));
export const addDomain = (host: string) => data(request('$post', '/api/admin/domains', { body: { host } }));
export const checkDomain = (host: string) => data(request('$post', '/api/admin/domains/:host/refresh', { param: { host } }));
export const removeDomain = (host: string) => data(request('$delete', '/api/admin/domains/:host', { param: { host } }));

export const listCards = (q: string, page: number) => request('$get', '/api/admin/cards', { query: { q, page } });
export const issueCard = (card: CardIssue) => data(request('$post', '/api/admin/cards', { body: card }));
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
  return (body as { data: { issued: number } }).data.issued;
}

export interface BookingFilter {
  from: string;
  to: string;
  status: string;
}
const bookingQuery = (f: BookingFilter) => `from=${enc(f.from)}&to=${enc(f.to)}&status=${enc(f.status)}`;
export const listBookings = (f: BookingFilter, page: number) => request('$get', '/api/admin/bookings', { query: { ...f, page } });
export const bookingsCsvHref = (f: BookingFilter) => `/api/admin/bookings?${bookingQuery(f)}&format=csv`;

export const listLabels = (lang: string) => data(request('$get', '/api/admin/labels/:lang', { param: { lang } }));
export const saveLabels = (lang: string, texts: Record<string, string>) =>
  data(request('$put', '/api/admin/labels/:lang', { param: { lang }, body: texts }));
