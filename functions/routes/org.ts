// The org's configuration (docs/contract.md#tenancy), its theme stylesheets, and the health route the bench measures against.
import { z } from 'zod';
import { orgConfig } from '../flows/org-config';
import { preAndPostLoginCss, themeCss, themeStylesheet } from '../flows/theme';
import { notFound } from '../errors';
import { access, body, createRoute, dataOf, empty, json, media, refusals, RevalidationHeaders, router, unknownInPath } from '../http/route';
import {
  CssPreAndPostLoginReplySchema, HealthReplySchema, OrgConfigSchema, PageCssRequestSchema, ThemeNameSchema, WhiteLabelCssReplySchema,
} from '../../src/shared/contract/org';

const NO_SUCH_STYLESHEET = 'No such stylesheet';

const routes = {
  health: createRoute({
    method: 'get', path: '/health', summary: 'The cheapest route: the bench measures against it', ...access('none'),
    responses: { 200: json(HealthReplySchema), ...refusals },
  }),
  config: createRoute({
    method: 'get', path: '/org/config', summary: 'The org’s configuration for its pages', ...access('none'),
    responses: { 200: json(dataOf(OrgConfigSchema)), ...refusals },
  }),
  css: createRoute({
    method: 'get', path: '/general/getCss/{name}', summary: 'One of the org’s theme stylesheets (theme, prelogin, postlogin)', ...access('none'),
    request: {
      params: z.object({ name: ThemeNameSchema }),
      // The content hash pages name the stylesheet with: that address is cached for good.
      query: z.object({ v: z.string().optional() }),
      headers: RevalidationHeaders,
    },
    responses: { 200: media('text/css', z.string(), 'The stylesheet'), 304: empty('Not modified (If-None-Match names the ETag)'), ...refusals },
  }),
  whiteLabelCss: createRoute({
    method: 'post', path: '/general/getwhitelabelcss', summary: 'The org’s theme stylesheet: its address and its text', ...access('none'),
    request: { body: body(PageCssRequestSchema) },
    responses: { 200: json(WhiteLabelCssReplySchema), ...refusals },
  }),
  preAndPostLoginCss: createRoute({
    method: 'post', path: '/general/getCssPreAndPostLogin', summary: 'The org’s signed-out and signed-in stylesheets: their addresses and texts', ...access('none'),
    request: { body: body(PageCssRequestSchema) },
    responses: { 200: json(CssPreAndPostLoginReplySchema), ...refusals },
  }),
};

export const org = router()
  .openapi(routes.health, (c) => c.json({ status: 'ok' as const }, 200))
  .openapi(routes.config, (c) => {
    // Revalidated on every use: a console change must show on the next request (docs/decisions/0020-org-console.md).
    c.header('Cache-Control', 'private, no-cache');
    return c.json({ data: orgConfig(c.get('org')) }, 200);
  })
  .openapi(
    routes.css,
    async (c) => {
      const { name } = c.req.valid('param');
      const theme = await themeStylesheet(c.env.DB, c.get('org').id, name);
      if (!theme) throw notFound(NO_SUCH_STYLESHEET);
      const etag = `"${c.get('org').id}-${name}-${theme.version}"`;
      c.header('ETag', etag);
      // Pages name the theme with ?v=<content hash>: that address never changes content, so it is cached for good.
      // Any other address (no version, an outdated one) is revalidated after five minutes.
      c.header('Cache-Control', c.req.valid('query').v === theme.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      c.header('Vary', 'Host');
      if (c.req.valid('header')['if-none-match'] === etag) return c.body(null, 304);
      c.header('Content-Type', 'text/css; charset=utf-8');
      return c.body(theme.css, 200);
    },
    unknownInPath({ name: NO_SUCH_STYLESHEET }),
  )
  .openapi(routes.whiteLabelCss, async (c) => {
    const request = c.req.valid('json');
    const pageCode = 'pageCode' in request && typeof request.pageCode === 'string' ? request.pageCode : '';
    return c.json({ data: { pageCode, ...(await themeCss(c.env.DB, c.get('org').id)) } }, 200);
  })
  .openapi(routes.preAndPostLoginCss, async (c) => c.json({ data: await preAndPostLoginCss(c.env.DB, c.get('org').id) }, 200));
