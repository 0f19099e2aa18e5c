// The contract as an OpenAPI 3.1 document generated from the app's own route declarations, and its human page in development.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { z } from 'zod';
import { isDevelopment, type AppEnv } from '../env';
import { notFound } from '../errors';
import { openApiDocument } from '../http/openapi';
import { openApiPage } from '../http/openapi-page';
import { access, createRoute, json, media, refusals, router } from '../http/route';

const routes = {
  document: createRoute({
    method: 'get', path: '/openapi.json', summary: 'This document: every route with its request and reply schemas', ...access('none'),
    responses: { 200: json(z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })), ...refusals },
  }),
  page: createRoute({
    method: 'get', path: '/docs', summary: 'A readable page of this document', ...access('dev'),
    responses: { 200: media('text/html', z.string()), ...refusals },
  }),
};

/**
 * `app` is read on first use: the app that mounts this router is complete only after it is built. The document depends
 * on the app's declarations alone (no org, host or request in it), so it is generated, serialised and drawn as a page
 * once per isolate: serialising it on every request made these the slowest routes of the fuzz gate.
 */
export function openapi(app: () => OpenAPIHono<AppEnv>) {
  let built: ReturnType<typeof openApiDocument> | null = null;
  let serialised: string | null = null;
  let page: string | null = null;
  const document = () => (built ??= openApiDocument(app(), { title: 'Travel Club API', version: '1' }));
  return router()
    .openapi(routes.document, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      // What c.json(document()) sends: the same bytes and Content-Type, serialised once.
      serialised ??= JSON.stringify(document());
      return c.body(serialised, 200, { 'Content-Type': 'application/json' }) as Response as Response & TypedResponse<ReturnType<typeof document>, 200, 'json'>;
    })
    .openapi(routes.page, (c) => {
      if (!isDevelopment(c.env)) throw notFound(`No route ${c.req.method} ${c.req.path}`);
      c.header('Cache-Control', 'no-store');
      return c.html((page ??= openApiPage(document())), 200);
    });
}
