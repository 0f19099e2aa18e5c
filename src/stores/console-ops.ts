// The console's operations calls (domains, cards, bookings, translations): the pages call these, never fetch.
import { api, ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import type { AdminBookingEntry, AdminCardEntry, CardIssue, CardSpendEntry, DomainEntry, LabelEntry } from '../shared/contract/console-ops';

export interface Paged<T> {
  count: number;
  page: number;
  per_page: number;
  data: T[];
}

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const enc = encodeURIComponent;

export const listDomains = () => data(api<{ data: DomainEntry[] }>('/api/admin/domains'));
export const addDomain = (host: string) => data(api<{ data: DomainEntry }>('/api/admin/domains', { body: { host } }));
export const checkDomain = (host: string) => data(api<{ data: DomainEntry }>(`/api/admin/domains/${enc(host)}/refresh`, { method: 'POST' }));
export const removeDomain = (host: string) => data(api<{ data: { host: string } }>(`/api/admin/domains/${enc(host)}`, { method: 'DELETE' }));

export const listCards = (q: string, page: number) => api<Paged<AdminCardEntry>>(`/api/admin/cards?q=${enc(q)}&page=${page}`);
export const issueCard = (card: CardIssue) => data(api<{ data: { payment_card_id: number; card_code: string } }>('/api/admin/cards', { body: card }));
export const voidCard = (id: number) => data(api<{ data: AdminCardEntry }>(`/api/admin/cards/${id}/void`, { method: 'POST' }));
export const cardSpends = (id: number) => data(api<{ data: { card: AdminCardEntry; spends: CardSpendEntry[] } }>(`/api/admin/cards/${id}/spends`));

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
export const listBookings = (f: BookingFilter, page: number) => api<Paged<AdminBookingEntry>>(`/api/admin/bookings?${bookingQuery(f)}&page=${page}`);
export const bookingsCsvHref = (f: BookingFilter) => `/api/admin/bookings?${bookingQuery(f)}&format=csv`;

export const listLabels = (lang: string) => data(api<{ data: LabelEntry[] }>(`/api/admin/labels/${enc(lang)}`));
export const saveLabels = (lang: string, texts: Record<string, string>) =>
  data(api<{ data: LabelEntry[] }>(`/api/admin/labels/${enc(lang)}`, { method: 'PUT', body: texts }));
