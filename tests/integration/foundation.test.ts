// The API foundation (docs/contract.md#conventions): error shape, content types, body limit, same-origin rule, headers, tenancy.
import { describe, expect, it } from 'vitest';
import { ACME, baseUrl, call, expectErrorShape } from './helpers';

describe('api foundation', () => {
  it('an unknown /api path answers 404 in the error shape', async () => {
    const r = await call('/api/no/such/route');
    expect(r.status).toBe(404);
    expectErrorShape(r.json, 'NOT_FOUND');
  });

  it('a state-changing request with a non-JSON body gets 415', async () => {
    const r = await call('/api/general/getwhitelabelcss', { rawBody: 'pageCode=home', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
    expectErrorShape(r.json, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('malformed JSON gets 400 with issues', async () => {
    const r = await call('/api/general/getwhitelabelcss', { rawBody: '{"pageCode":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect(r.json.error.issues.length).toBeGreaterThan(0);
  });

  it('a body over 64 KiB is refused with 413', async () => {
    const r = await call('/api/general/getwhitelabelcss', { body: { pageCode: 'x'.repeat(70 * 1024) } });
    expect(r.status).toBe(413);
    expectErrorShape(r.json, 'PAYLOAD_TOO_LARGE');
  });

  it('a cross-site state change is refused with 403', async () => {
    const r = await call('/api/general/getwhitelabelcss', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expectErrorShape(r.json, 'FORBIDDEN');
    const viaFetchSite = await call('/api/general/getwhitelabelcss', { body: {}, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(viaFetchSite.status).toBe(403);
  });

  it('a same-origin state change passes the origin check', async () => {
    const r = await call('/api/general/getwhitelabelcss', { body: {}, headers: { origin: `http://localhost:${new URL(r0()).port}` } });
    expect(r.status).toBe(200);
  });

  it('every API answer carries the security headers, a request id and JSON in utf-8', async () => {
    const r = await call('/api/org/config');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBeTruthy();
    expect(r.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('pages carry the security headers and a script CSP without unsafe-inline', async () => {
    const r = await call('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['strict-transport-security']).toBeTruthy();
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(r.text)?.[1] ?? '';
    expect(meta).toContain('script-src');
    expect(meta).not.toContain('unsafe-inline');
  });

  it('the org comes from the host name; unknown hosts fall back to org 1', async () => {
    const local = await call('/api/org/config');
    const acme = await call('/api/org/config', { host: ACME });
    const unknown = await call('/api/org/config', { host: 'unknown.example' });
    expect(local.json.data.orgId).toBe(1);
    expect(local.json.data.orgName).toBe('Travel Club');
    expect(acme.json.data).toMatchObject({ orgId: 2, orgName: 'Acme Travel', accessCodeRequired: 1, socialSignIn: { google: false, facebook: false } });
    expect(acme.json.data.orgBySite.minCheckinDays).toBe(3);
    expect(unknown.json.data.orgId).toBe(1);
  });

  it('each org gets its own theme stylesheet, with ETag and 304', async () => {
    const one = await call('/api/general/getCss/theme');
    const two = await call('/api/general/getCss/theme', { host: ACME });
    expect(one.headers['content-type']).toMatch(/^text\/css/);
    expect(one.text).toContain('--brand:#0b5cad');
    expect(two.text).toContain('--brand:#7a1f5c');
    const again = await call('/api/general/getCss/theme', { headers: { 'if-none-match': String(one.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await call('/api/general/getCss/..%2Fsecrets')).status).toBe(404);
  });
});

function r0() {
  return baseUrl();
}
