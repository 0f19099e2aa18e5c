// The contract as an OpenAPI 3.1 document generated from the app's own routes, and its human page in development.
import { Hono } from 'hono';
import { isDevelopment, type AppEnv } from '../env';
import { notFound } from '../errors';
import { doc, openApiDocument, type RouteEntry } from '../http/openapi';
import { openApiPage } from '../http/openapi-page';

/** The simulators of other parties' services (/_sim) answer those parties' wire shapes, not this contract. */
const notOurs = (path: string) => path.startsWith('/_sim');

/** `routes` is read on first use: the app that lists this router is complete only after it is built. */
export function openapi(routes: () => readonly RouteEntry[]) {
  let built: ReturnType<typeof openApiDocument> | null = null;
  const document = () => (built ??= openApiDocument(routes(), { title: 'Travel Club API', version: '1', exclude: notOurs }));
  return new Hono<AppEnv>()
    .get('/openapi.json', doc({ summary: 'This document: every route with its request and reply schemas' }), (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(document());
    })
    .get('/docs', doc({ summary: 'A readable page of this document', media: 'text/html', devOnly: true }), (c) => {
      if (!isDevelopment(c.env)) throw notFound(`No route ${c.req.method} ${c.req.path}`);
      c.header('Cache-Control', 'no-store');
      return c.html(openApiPage(document()));
    });
}
