// The org console's client state: who is looking (from the session's stored role) and the console's API calls.
import { computed } from 'nanostores';
import { api } from '../shared/api-client';
import type {
  AccessCodeCreate, AccessCodeEntry, AuditEntry, LaunchState, MemberEntry, MemberPatch, OrgSettings, PaymentInput, ThemeInput,
} from '../shared/schemas/console';
import type { ThemeValues } from '../shared/theme';
import { $signedIn, $user } from './session';

export type ConsoleAccess = 'checking' | 'signed-out' | 'other' | 'admin' | 'marketer';

export const $consoleAccess = computed([$signedIn, $user], (signedIn, user): ConsoleAccess => {
  if (signedIn === null) return 'checking';
  if (!signedIn) return 'signed-out';
  return user?.role === 'admin' ? 'admin' : user?.role === 'marketer' ? 'marketer' : 'other';
});

/** How long a refused visitor reads the message before being sent on. */
export const CONSOLE_AWAY_MS = 1500;

// ---- the console's API calls (the pages only call these) -------------------------------------------------------

export interface Paged<T> {
  count: number;
  page: number;
  per_page: number;
  data: T[];
}

export const loadSettings = async () => (await api<{ data: OrgSettings }>('/api/admin/org')).data;
export const saveSettings = async (patch: Partial<OrgSettings>) => (await api<{ data: OrgSettings }>('/api/admin/org', { method: 'PATCH', body: patch })).data;

export const loadTheme = async () => (await api<{ data: { values: ThemeValues; href: string | null } }>('/api/admin/theme')).data;
export const publishTheme = async (theme: ThemeInput) => (await api<{ data: { href: string } }>('/api/admin/theme', { method: 'PUT', body: theme })).data;

export const loadLaunch = async () => (await api<{ data: LaunchState }>('/api/admin/launch')).data;
export const goLive = async () => (await api<{ data: LaunchState }>('/api/admin/launch', { method: 'POST' })).data;

export function loadMembers(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) params.set('q', q.trim());
  return api<Paged<MemberEntry>>(`/api/admin/members?${params}`);
}
export type MemberDetail = MemberEntry & { outstanding: number };
export const loadMember = async (id: number) => (await api<{ data: MemberDetail }>(`/api/admin/members/${id}`)).data;
export const changeMember = async (id: number, patch: MemberPatch) => (await api<{ data: MemberEntry }>(`/api/admin/members/${id}`, { method: 'PATCH', body: patch })).data;
export const recordPayment = async (id: number, payment: PaymentInput) =>
  (await api<{ data: MemberDetail }>(`/api/admin/members/${id}/payments`, { method: 'POST', body: payment })).data;

export const loadAudit = (page: number) => api<Paged<AuditEntry>>(`/api/admin/audit?page=${page}`);

export const loadAccessCodes = async () => (await api<{ data: AccessCodeEntry[] }>('/api/admin/access-codes')).data;
export const createAccessCode = async (input: AccessCodeCreate) =>
  (await api<{ data: AccessCodeEntry }>('/api/admin/access-codes', { method: 'POST', body: input })).data;
export const revokeAccessCode = async (code: string) =>
  (await api<{ data: { hint: string } }>(`/api/admin/access-codes/${encodeURIComponent(code.trim())}`, { method: 'DELETE' })).data;
