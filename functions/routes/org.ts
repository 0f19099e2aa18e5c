// The org's configuration (docs/contract.md#tenancy), its theme stylesheets, and the health route the bench measures against.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { orgTheme } from '../db/orgs';
import { orgConfig } from '../flows/org-config';
import { notFound } from '../errors';
import { cssVersion, themeHref } from '../lib/theme-address';
import { jsonBody } from '../validate';
import { dataOf, doc } from '../http/openapi';
import { OrgConfigSchema } from '../../src/shared/contract/org';

const THEME_NAME = z.string().regex(/^[a-z0-9-]{1,40}$/i, 'Theme names are letters, digits and dashes');
const PageCss = z.object({ pageCode: z.string().max(40).optional(), apikey: z.string().max(200).optional() }).strict().or(z.object({}).passthrough());

export const org = new Hono<AppEnv>()
  .get('/health', doc({ summary: 'The cheapest route: the bench measures against it' }), (c) => c.json({ status: 'ok' }))
  .get('/org/config', doc({ reply: dataOf(OrgConfigSchema) }), (c) => {
    // Revalidated on every use: a console change must show on the next request (docs/decisions/0020-org-console.md).
    c.header('Cache-Control', 'private, no-cache');
    return c.json({ data: orgConfig(c.get('org')) });
  })
  .get('/general/getCss/:name', doc({ media: 'text/css' }), async (c) => {
    const name = THEME_NAME.safeParse(c.req.param('name').replace(/\.css$/, ''));
    if (!name.success) throw notFound('No such stylesheet');
    const theme = await orgTheme(c.env.DB, c.get('org').id, name.data);
    if (!theme) throw notFound('No such stylesheet');
    const version = await cssVersion(theme.css);
    const etag = `"${c.get('org').id}-${name.data}-${version}"`;
    c.header('ETag', etag);
    // Pages name the theme with ?v=<content hash>: that address never changes content, so it is cached for good.
    // Any other address (no version, an outdated one) is revalidated after five minutes.
    c.header('Cache-Control', c.req.query('v') === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    c.header('Vary', 'Host');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(theme.css);
  })
  .post('/general/getwhitelabelcss', doc({ body: PageCss }), async (c) => {
    const body = await jsonBody(c, PageCss);
    const theme = await orgTheme(c.env.DB, c.get('org').id, 'theme');
    const href = theme ? themeHref(await cssVersion(theme.css)) : '/api/general/getCss/theme';
    return c.json({ data: { pageCode: (body as { pageCode?: string }).pageCode ?? '', href, css: theme?.css ?? '' } });
  })
  .post('/general/getCssPreAndPostLogin', doc({ body: PageCss }), async (c) => {
    await jsonBody(c, PageCss);
    const orgId = c.get('org').id;
    const [pre, post] = await Promise.all([orgTheme(c.env.DB, orgId, 'prelogin'), orgTheme(c.env.DB, orgId, 'postlogin')]);
    return c.json({
      data: {
        preLogin: { href: '/api/general/getCss/prelogin', css: pre?.css ?? '' },
        postLogin: { href: '/api/general/getCss/postlogin', css: post?.css ?? '' },
      },
    });
  });
