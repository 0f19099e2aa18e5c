// GET /api/openapi.json: an OpenAPI 3.1 document generated from the app's own routes (docs/decisions/0021).
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/app';
import { openApiPath } from '../../functions/http/openapi';
import { DECLARED, honoPath, ROUTES, WITHOUT_FIXTURE } from './route-table';
import { replyDrift } from './declared-replies';
import { call } from './helpers';
import { bookingBody, firstProduct, key, payPending, signIn, traveler } from './booking-helpers';

let document: any;

beforeAll(async () => {
  const r = await call('/api/openapi.json');
  expect(r.status).toBe(200);
  expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
  document = r.json;
});

/** Every operation the Worker serves, as Hono lists it (the simulators under /_sim included): middleware (ALL, `/*`) is not one. */
const served = () => [...new Set(app.routes.filter((r) => r.method !== 'ALL' && !r.path.endsWith('/*')).map((r) => `${r.method} ${r.path}`))];

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document with paths and the shared error component', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toContain('BAD_REQUEST');
    expect(document.components.responses.Error.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('lists every route of app.routes (method and path)', () => {
    const missing = served().filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
    });
    expect(served().length).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('documents nothing the app does not serve', () => {
    const servedSet = new Set(served().map((key) => { const [m, p] = key.split(' ') as [string, string]; return `${m.toLowerCase()} ${openApiPath(p)}`; }));
    const extra = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`)).filter((k) => !servedSet.has(k));
    expect(extra).toEqual([]);
  });

  it('has every route declared once: each route the Worker serves has its createRoute declaration', () => {
    const declared = new Set(app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [`${d.route.method.toUpperCase()} ${honoPath(d.route.path)}`] : [])));
    expect(served().filter((key) => !declared.has(key))).toEqual([]);
  });

  it('gives every operation who may call it, and a reply schema for each answer it documents', () => {
    for (const [path, ops] of Object.entries<any>(document.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        expect(['none', 'optional', 'user', 'agent', 'admin', 'marketing', 'webhook', 'channel', 'dev'], `${method} ${path} x-access`).toContain(op['x-access']);
        const answers = Object.entries<any>(op.responses).filter(([status]) => /^[23]/.test(status));
        expect(answers.length, `${method} ${path} documents a success`).toBeGreaterThan(0);
        for (const [status, answer] of answers) {
          if (/^3/.test(status) || status === '204' || status === '304') continue;
          const media = Object.values<any>(answer.content ?? {});
          expect(media.length, `${method} ${path} ${status} has a reply schema`).toBeGreaterThan(0);
          for (const m of media) expect(m.schema, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
  });

  it('gives the gates every declared route: each has an example in the route table, and the table names no route the app does not declare', () => {
    expect(WITHOUT_FIXTURE).toEqual([]);
    const declared = new Set(DECLARED.map((d) => `${d.method.toUpperCase()} ${honoPath(d.path)}`));
    expect(ROUTES.map((r) => `${r.method} ${r.path}`).filter((name) => !declared.has(name))).toEqual([]);
  });

  it('gives every operation the shared error reply by reference, and a 400 wherever input is read', () => {
    for (const [path, ops] of Object.entries<any>(document.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        expect(op.responses.default, `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error' });
        if (op.requestBody || op.parameters) expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('carries the request schemas the routes parse: body, query and path parameters', () => {
    const signIn = document.paths['/api/signIn'].post;
    const body = signIn.requestBody.content['application/json'].schema;
    expect(body.properties.jsonSign.properties.email_id).toBeDefined();
    expect(body.required).toContain('jsonSign');
    const search = document.paths['/api/products/search'].get.parameters.map((p: any) => p.name);
    expect(search).toEqual(expect.arrayContaining(['type', 'check_in', 'currency', 'page']));
    const product = document.paths['/api/products/{product_id}'].get.parameters;
    expect(product).toContainEqual(expect.objectContaining({ name: 'product_id', in: 'path', required: true }));
    expect(document.paths['/api/booking/checkout'].post.requestBody.content['application/json'].schema.properties.idempotency_key).toBeDefined();
    expect(document.paths['/api/admin/org'].patch.requestBody.content['application/json'].schema.properties.min_checkin_days).toBeDefined();
  });

  it('carries the shared reply schemas where the contract has them', () => {
    const reply = (path: string, method: string, status = '200') => document.paths[path][method].responses[status].content['application/json'].schema;
    expect(reply('/api/org/config', 'get').properties.data.properties.eligibleProducts).toBeDefined();
    // A sign-in answers the session's LoginResult, or the second factor's step (docs/decisions/0067-second-factor.md).
    const signIn = reply('/api/signIn', 'post');
    const signInReplies: any[] = signIn.anyOf ?? signIn.oneOf ?? [signIn];
    expect(signInReplies.find((s) => s.properties?.result)?.properties.result.properties.token).toBeDefined();
    expect(signInReplies.find((s) => s.properties?.challenge)?.properties.status).toBeDefined();
    expect(reply('/api/signIn', 'post', '401').properties.message).toBeDefined();
    expect(reply('/api/general/getCountry', 'get').properties.data.items.properties.isdCode).toBeDefined();
    expect(reply('/api/referral/getReferralList', 'get').properties.totalPages).toBeDefined();
    expect(document.paths['/api/general/getCss/{name}'].get.responses['200'].content['text/css']).toBeDefined();
  });

  it('has a readable page in development with every path on it', async () => {
    const r = await call('/api/docs', { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/html/);
    for (const path of Object.keys(document.paths)) expect(r.text).toContain(path.replace(/&/g, '&#38;'));
    expect(r.text).not.toMatch(/<script|<link|src="http/);
  });
});

describe('the reply schemas the routes declare', () => {
  it('refuse a reply that drifts: a field of the wrong type, a missing field, an answer not declared', () => {
    const path = '/api/user/travelers';
    const good = { data: [{ id: 1, title: 'Mr', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+33 1 23 45 67', updated_at: '2026-11-27' }] };
    expect(replyDrift('GET', path, 200, 'application/json', good)).toBeNull();
    expect(replyDrift('GET', path, 200, 'application/json', { data: [{ ...good.data[0], id: '1' }] })).toMatch(/data\.0\.id/);
    expect(replyDrift('GET', path, 200, 'application/json', { data: [{ ...good.data[0], phone: undefined }] })).toMatch(/data\.0\.phone/);
    expect(replyDrift('GET', path, 401, 'application/json', { status: 'failed', error: { code: 'UNAUTHORIZED', message: 'Please sign in' } })).toBeNull();
    expect(replyDrift('GET', path, 401, 'application/json', { status: 'failed', message: 'Please sign in' })).toMatch(/error/);
  });

  it('hold for what the product, booking and payment routes answer (every call of the tests is checked the same way)', async () => {
    const product = await firstProduct('HLT');
    expect((await call(`/api/products/${product.product_id}`)).status).toBe(200);
    const client = await signIn();
    const preview = await client.call('/api/booking/preview', { body: bookingBody(product.product_id) });
    expect(preview.status, preview.text).toBe(200);
    const checkout = await client.call('/api/booking/checkout', { body: bookingBody(product.product_id, { idempotency_key: key(), traveler }) });
    expect(checkout.json.data.status, checkout.text).toBe('PENDING_PAYMENT');
    expect((await client.call(`/api/bookings/${checkout.json.data.booking_id}`)).status).toBe(200);
    await payPending(checkout, { client });
    expect((await client.call('/api/reservations', { body: { json: { token: '' } } })).status).toBe(200);
    const cancelled = await client.call(`/api/bookings/${checkout.json.data.booking_id}/cancel`, { body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
  });
});
