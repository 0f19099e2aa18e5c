// The API's same-origin check (functions/security.ts) on a bare Hono app: the Origin must be the site's own scheme,
// host and port (issue #10: `Origin: https://localhost:8787` was accepted on the http site).
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sameOrigin } from '../../functions/security';
import { ApiError, sendError } from '../../functions/errors';

const app = new Hono()
  .use(sameOrigin)
  .post('/api/x', (c) => c.json({ ok: true }))
  .onError((err, c) => (err instanceof ApiError ? sendError(c, err) : c.json({ error: String(err) }, 500)));

const post = (site: string, headers: Record<string, string>) => app.request(`${site}/api/x`, { method: 'POST', headers: { host: new URL(site).host, ...headers } });

describe('the same-origin check', () => {
  it('refuses an Origin of the same host and port under another scheme, either way round', async () => {
    expect((await post('http://localhost:8787', { origin: 'https://localhost:8787' })).status).toBe(403);
    expect((await post('https://travel.example', { origin: 'http://travel.example' })).status).toBe(403);
    expect((await post('https://travel.example', { origin: 'http://travel.example:443' })).status).toBe(403);
  });

  it('refuses another port, another host, and origins that are no origin', async () => {
    for (const origin of ['http://localhost:8788', 'http://localhost', 'http://evil.example:8787', 'null', 'not a url', 'file:///etc/passwd']) {
      const r = await post('http://localhost:8787', { origin });
      expect(r.status, origin).toBe(403);
      expect(await r.json()).toEqual({ status: 'failed', error: { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed' } });
    }
  });

  it('lets the site’s own origin through, default ports and letter case normalised, and requests without an Origin', async () => {
    expect((await post('http://localhost:8787', { origin: 'http://localhost:8787' })).status).toBe(200);
    expect((await post('http://localhost:8787', { origin: 'HTTP://LOCALHOST:8787' })).status).toBe(200);
    expect((await post('https://travel.example', { origin: 'https://travel.example:443' })).status).toBe(200);
    expect((await post('http://localhost:8787', {})).status).toBe(200);
    expect((await post('http://localhost:8787', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});
