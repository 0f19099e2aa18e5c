// Invitations' API calls (docs/contract.md#invitations): the console's list, invite and revoke, and the invited
// person's page reading its invitation and accepting it. Islands call these actions; the actions call the typed client.
import { request, type ApiBody } from './api';

export const loadInvitations = async () => (await request('$get', '/api/admin/invitations')).data;
export const createInvitation = async (input: ApiBody<'/api/admin/invitations', '$post'>) => (await request('$post', '/api/admin/invitations', { body: input })).data;
export const revokeInvitation = async (id: number) => (await request('$delete', '/api/admin/invitations/:id', { param: { id } })).data;

export const loadInvitation = async (token: string) => (await request('$get', '/api/invitations/:token', { param: { token } })).data;
export type AcceptBody = ApiBody<'/api/invitations/:token/accept', '$post'>;
/** Accepts the invitation: the session cookies are set by the answer, which carries the sign-in's LoginResult. */
export const acceptInvitation = async (token: string, body: AcceptBody) => (await request('$post', '/api/invitations/:token/accept', { param: { token }, body })).result;
