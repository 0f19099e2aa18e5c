// The org console's client state: who is looking (from the session's stored role) and the console's API calls.
import { computed } from 'nanostores';
import { ApiFailure, type ApiErrorBody } from '../shared/contract/api-client';
import { request, urlOf, type ApiBody, type ApiReply } from './api';
import { $signedIn, $user } from './session';

export type ConsoleAccess = 'checking' | 'signed-out' | 'other' | 'admin' | 'marketer';

export const $consoleAccess = computed([$signedIn, $user], (signedIn, user): ConsoleAccess => {
  if (signedIn === null) return 'checking';
  if (!signedIn) return 'signed-out';
  return user?.role === 'admin' ? 'admin' : user?.role === 'marketer' ? 'marketer' : 'other';
});

/** How long a refused visitor reads the message before being sent on. */
export const CONSOLE_AWAY_MS = 1500;

// ---- the console's API calls (the pages only call these), each body and reply typed by its route ----------------

export const loadSettings = async () => (await request('$get', '/api/admin/org')).data;
export const saveSettings = async (patch: ApiBody<'/api/admin/org', '$patch'>) => (await request('$patch', '/api/admin/org', { body: patch })).data;

export const loadTheme = async () => (await request('$get', '/api/admin/theme')).data;
export const publishTheme = async (theme: ApiBody<'/api/admin/theme', '$put'>) => (await request('$put', '/api/admin/theme', { body: theme })).data;

/** The logo file's bytes as they are (the server reads what they are); the logo's versioned address back. */
export async function uploadLogo(file: File): Promise<ApiReply<'/api/admin/logo', '$post'>['data']> {
  const res = await fetch(urlOf('/api/admin/logo'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
    body: file,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiFailure(res.status, body as ApiErrorBody | undefined);
  return (body as ApiReply<'/api/admin/logo', '$post'>).data;
}

export const loadLaunch = async () => (await request('$get', '/api/admin/launch')).data;
export const goLive = async () => (await request('$post', '/api/admin/go-live')).data;

export function loadMembers(q: string, page: number) {
  return request('$get', '/api/admin/members', { query: { page, q: q.trim() || undefined } });
}
export type MemberDetail = ApiReply<'/api/admin/members/:id', '$get'>['data'];
export const loadMember = async (id: number) => (await request('$get', '/api/admin/members/:id', { param: { id } })).data;
export const changeMember = async (id: number, patch: ApiBody<'/api/admin/members/:id', '$patch'>) =>
  (await request('$patch', '/api/admin/members/:id', { param: { id }, body: patch })).data;
export const recordPayment = async (id: number, payment: ApiBody<'/api/admin/members/:id/payments', '$post'>) =>
  (await request('$post', '/api/admin/members/:id/payments', { param: { id }, body: payment })).data;

export const loadAudit = (page: number) => request('$get', '/api/admin/audit', { query: { page } });

export const loadAccessCodes = async () => (await request('$get', '/api/admin/access-codes')).data;
export const createAccessCode = async (input: ApiBody<'/api/admin/access-codes', '$post'>) => (await request('$post', '/api/admin/access-codes', { body: input })).data;
export const revokeAccessCode = async (code: string) => (await request('$delete', '/api/admin/access-codes/:code', { param: { code: code.trim() } })).data;

// ---- marketing links (docs/decisions/0024-marketing-links.md) -----------------------------------------------------

export const loadLinks = async () => (await request('$get', '/api/admin/links')).data;
export const createLink = async (body: ApiBody<'/api/admin/links', '$post'>) => (await request('$post', '/api/admin/links', { body })).data;
export const loadLink = async (slug: string) => (await request('$get', '/api/admin/links/:slug', { param: { slug } })).data;
export const changeLink = async (slug: string, body: ApiBody<'/api/admin/links/:slug', '$patch'>) =>
  (await request('$patch', '/api/admin/links/:slug', { param: { slug }, body })).data;
/** One link's figures, or every link's of a campaign, over the days asked for (an empty bound is left out). */
export async function loadLinkFigures(scope: { slug: string } | { campaign: string }, range: { from: string; to: string }) {
  const query = { from: range.from || undefined, to: range.to || undefined };
  const reply = 'slug' in scope
    ? await request('$get', '/api/admin/links/:slug/stats', { param: { slug: scope.slug }, query })
    : await request('$get', '/api/admin/campaigns/:campaign/stats', { param: { campaign: scope.campaign }, query });
  // These addresses answer a CSV file only with format=csv (a link the page offers), which this never asks for.
  if (typeof reply === 'string' || reply instanceof Response) throw new TypeError('The figures came back as a file');
  return reply.data;
}
