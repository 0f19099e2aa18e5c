// The islands' one client (src/shared/contract/api-client.ts) with a stand-in fetch: a read the server could not
// answer just now (503 with Retry-After) is asked once more after the pause; a write never twice; a long pause or a
// second 503 is the page's error as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiFailure } from '../../src/shared/contract/api-client';

const unavailable = (retryAfter: string | null) =>
  new Response(JSON.stringify({ status: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'Service temporarily unavailable, please try again' } }), {
    status: 503,
    headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
  });
const ok = () => new Response(JSON.stringify({ data: 'here' }), { status: 200 });

function answering(...replies: Response[]) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    sent.push(init.method ?? 'GET');
    return replies.shift() ?? ok();
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a read the server could not answer just now', () => {
  it('is asked once more after the pause the 503 names, and its answer is the reply', async () => {
    vi.useFakeTimers();
    const sent = answering(unavailable('1'), ok());
    const reply = api('/api/bookings/BK-1');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual(['GET']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await reply).toEqual({ data: 'here' });
    expect(sent).toEqual(['GET', 'GET']);
  });

  it('fails as before on a second 503, a pause too long or none named, and a write is never sent twice', async () => {
    const cases: [Response[], { method?: string; body?: unknown }][] = [
      [[unavailable('1'), unavailable('1')], {}],
      [[unavailable('30')], {}],
      [[unavailable(null)], {}],
      [[unavailable('1')], { body: { any: 1 } }],
    ];
    for (const [replies, options] of cases) {
      const sent = answering(...replies);
      const failed = await api('/api/x', options).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(ApiFailure);
      expect((failed as ApiFailure).status).toBe(503);
      expect(sent).toHaveLength(replies.length);
      vi.unstubAllGlobals();
    }
  });
});
