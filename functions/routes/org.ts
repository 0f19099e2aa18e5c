// The org's configuration (docs/contract.md#tenancy), its theme stylesheets, and the health route the bench measures against.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { orgTheme, type OrgRow } from '../db/orgs';
import { notFound } from '../errors';
import { cssVersion, themeHref } from '../pages/theme';
import { jsonBody } from '../validate';
import type { OrgConfig } from '../../src/shared/schemas/org';

export function orgConfig(org: OrgRow): OrgConfig {
  return {
    orgId: org.id,
    orgName: org.name,
    logoUrl: org.logo_url,
    googleTagId: org.google_tag_id,
    defaultLanguage: org.default_language,
    defaultCurrency: org.default_currency,
    eligibleProducts: org.eligible_products.split(',').map((p) => p.trim()).filter(Boolean).map((product_id) => ({ product_id })),
    orgBySite: { minCheckinDays: org.min_checkin_days, orgCountryData: { calendarType: org.calendar_type, code: org.country_code } },
    displayPrice: org.display_price,
    accessCodeRequired: org.access_code_required ? 1 : 0,
    socialSignIn: { google: org.google_enabled === 1, facebook: org.facebook_enabled === 1 },
    googleClientId: org.google_enabled ? org.google_client_id : '',
    facebookAppId: org.facebook_enabled ? org.facebook_app_id : '',
    walletOptions: org.wallet_options,
    allowGuestBooking: org.allow_guest_booking,
    b2bMode: org.b2b_mode,
    allInclusiveUrl: org.all_inclusive_url,
    tripsSiteUrl: org.trips_site_url,
    loyaltyLandingUrl: org.loyalty_landing_url,
  };
}

const THEME_NAME = z.string().regex(/^[a-z0-9-]{1,40}$/i, 'Theme names are letters, digits and dashes');
const PageCss = z.object({ pageCode: z.string().max(40).optional(), apikey: z.string().max(200).optional() }).strict().or(z.object({}).passthrough());

export const org = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ status: 'ok' }))
  .get('/org/config', (c) => {
    // Revalidated on every use: a console change must show on the next request (docs/decisions/0020-org-console.md).
    c.header('Cache-Control', 'private, no-cache');
    return c.json({ data: orgConfig(c.get('org')) });
  })
  .get('/general/getCss/:name', async (c) => {
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
  .post('/general/getwhitelabelcss', async (c) => {
    const body = await jsonBody(c, PageCss);
    const theme = await orgTheme(c.env.DB, c.get('org').id, 'theme');
    const href = theme ? themeHref(await cssVersion(theme.css)) : '/api/general/getCss/theme';
    return c.json({ data: { pageCode: (body as { pageCode?: string }).pageCode ?? '', href, css: theme?.css ?? '' } });
  })
  .post('/general/getCssPreAndPostLogin', async (c) => {
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
