// GET /api/openapi.json: an OpenAPI 3.1 document generated from the app's own routes (docs/decisions/0021).
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/app';
import { openApiPath, routeDocs } from '../../functions/http/openapi';
import { call } from './helpers';
import { bookingBody, firstProduct, key, payPending, signIn, traveler } from './booking-helpers';

let document: any;

beforeAll(async () => {
  const r = await call('/api/openapi.json');
  expect(r.status).toBe(200);
  expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
  document = r.json;
});

/** Every operation the app serves, as Hono lists it: middleware (ALL, `/*`) is not one; /_sim answers other parties' shapes. */
const served = () =>
  [...new Set(app.routes.filter((r) => r.method !== 'ALL' && !r.path.endsWith('/*') && !r.path.startsWith('/_sim')).map((r) => `${r.method} ${r.path}`))];

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
    expect(reply('/api/signIn', 'post').properties.result.properties.token).toBeDefined();
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

describe('the reply schemas the routes name', () => {
  const replyOf = (key: string) => {
    const schema = routeDocs(app.routes).get(key)?.reply;
    expect(schema, `${key} names its reply`).toBeDefined();
    return schema!;
  };
  const expectReply = (key: string, json: unknown) => {
    const parsed = replyOf(key).safeParse(json);
    expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
  };

  it('describe what the product, booking and payment routes answer', async () => {
    const product = await firstProduct('HLT');
    expectReply('GET /api/products/:product_id', (await call(`/api/products/${product.product_id}`)).json);
    const client = await signIn();
    const preview = await client.call('/api/booking/preview', { body: bookingBody(product.product_id) });
    expect(preview.status, preview.text).toBe(200);
    expectReply('POST /api/booking/preview', preview.json);
    const checkout = await client.call('/api/booking/checkout', { body: bookingBody(product.product_id, { idempotency_key: key(), traveler }) });
    expect(checkout.json.data.status, checkout.text).toBe('PENDING_PAYMENT');
    expectReply('POST /api/booking/checkout', checkout.json);
    expectReply('GET /api/bookings/:booking_id', (await client.call(`/api/bookings/${checkout.json.data.booking_id}`)).json);
    await payPending(checkout, { client });
    expectReply('POST /api/reservations', (await client.call('/api/reservations', { body: { json: { token: '' } } })).json);
    const cancelled = await client.call(`/api/bookings/${checkout.json.data.booking_id}/cancel`, { body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expectReply('POST /api/bookings/:booking_id/cancel', cancelled.json);
  });
});
