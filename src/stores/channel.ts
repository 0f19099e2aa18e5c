// The console's channel manager calls (/admin/channel): the page calls these, never fetch.
import { request } from './api';

export const listChannelCredentials = async () => (await request('$get', '/api/admin/channel-credentials')).data;
export const createChannelCredentials = async () => (await request('$post', '/api/admin/channel-credentials')).data;
export const revokeChannelCredentials = async (username: string) =>
  (await request('$delete', '/api/admin/channel-credentials/:username', { param: { username } })).data;
