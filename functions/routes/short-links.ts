// GET /r/{slug}, /r/{slug}/qr.svg and /r/{slug}/qr.png on the org's own host: the 302 to the link's destination (the
// click written after the answer), and the link as a QR code at a chosen size, as an image or a file to save
// (docs/decisions/0061-link-destinations-and-qr-files.md). An unknown slug falls through to the site's 404 page
// (functions/worker.ts).
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import QRCode from 'qrcode';
import { isDevelopment } from '../env';
import { clientIp, pepper, siteOrigin } from '../http/request';
import { secureCookies } from '../http/cookies';
import { logEvent, reason } from '../log';
import { ATTRIBUTION_DAYS, LAST_CLICK_COOKIE, clickCookieValue, findLink, isPerson, recordClick, shortUrlOf, targetOf } from '../flows/links';
import { QR_MIN_PX, QrQuerySchema, SLUG_RE, type QrQuery } from '../../src/shared/contract/links';
import { ImageBytesSchema } from '../../src/shared/contract/photos';
import { ApiError } from '../errors';
import { access, createRoute, media, redirect, refusals, router } from '../http/route';

const SlugParams = z.object({ slug: z.string() });
/** What the app answers a path it has no route for (functions/app.ts), which a browser then sees as the site's 404 page. */
const noRoute = (c: { req: { method: string; path: string } }) => new ApiError(404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`);

const routes = {
  follow: createRoute({
    method: 'get', path: '/{slug}', summary: 'Follows a short link: the 302 to its destination, the click counted', ...access('none'),
    request: { params: SlugParams },
    responses: { 302: redirect(), ...refusals },
  }),
  qr: createRoute({
    method: 'get', path: '/{slug}/qr.svg', summary: 'The short link as a QR code (SVG, size px wide; a file to save with download=1)', ...access('none'),
    request: { params: SlugParams, query: QrQuerySchema },
    responses: { 200: media('image/svg+xml', z.string()), ...refusals },
  }),
  qrPng: createRoute({
    method: 'get', path: '/{slug}/qr.png', summary: 'The short link as a QR code (PNG, size px wide; a file to save with download=1)', ...access('none'),
    request: { params: SlugParams, query: QrQuerySchema },
    responses: { 200: media('image/png', ImageBytesSchema), ...refusals },
  }),
};

/** A QR code's options: the width asked for (256 px by default), a quiet zone of 2 modules, medium error correction. */
const qrOptions = (q: QrQuery) => ({ width: q.size ?? QR_MIN_PX, margin: 2, errorCorrectionLevel: 'M' as const });

/** The image's headers: a file named after the link and its size when it is to be saved. */
function qrHeaders(type: string, slug: string, q: QrQuery, extension: 'svg' | 'png'): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'private, max-age=3600' };
  if (q.download === '1') headers['Content-Disposition'] = `attachment; filename="qr-${slug}-${q.size ?? QR_MIN_PX}.${extension}"`;
  return headers;
}

export const shortLinks = router()
  .openapi(routes.follow, async (c) => {
    const { slug } = c.req.valid('param');
    const org = c.get('org');
    const link = SLUG_RE.test(slug) ? await findLink(c.env.DB, org, slug) : null;
    if (!link) throw noRoute(c);
    const now = Date.now();
    const cf = c.req.raw.cf as { country?: unknown } | undefined;
    // Development has no edge: the tests name the visitor's country in a header instead.
    const devCountry = isDevelopment(c.env) ? c.req.header('x-dev-country') : undefined;
    const visit = {
      method: c.req.method,
      userAgent: c.req.header('user-agent') ?? '',
      referer: c.req.header('referer') ?? '',
      purpose: c.req.header('sec-purpose') ?? c.req.header('purpose') ?? '',
      brands: c.req.header('sec-ch-ua') ?? '',
      country: devCountry ?? (typeof cf?.country === 'string' ? cf.country : ''),
      ip: clientIp(c),
    };
    if (isPerson(visit)) {
      // The 302 never waits for the write: the click joins the isolate's next write, which starts after the answer is
      // out. A failed write is logged with the request id, never dropped silently.
      c.executionCtx.waitUntil(recordClick(c.env.DB, link.id, visit, now).catch((err) => logEvent(c, 'error', 'links.click_not_written', { slug: link.slug, error: reason(err) })));
      setCookie(c, LAST_CLICK_COOKIE, await clickCookieValue(pepper(c), link.id, now), {
        path: '/', httpOnly: true, sameSite: 'Lax', secure: secureCookies(c), maxAge: ATTRIBUTION_DAYS * 86_400,
      });
    }
    const origin = new URL(c.req.url).origin;
    const target = targetOf(link, org.id, origin);
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.redirect(target.startsWith(`${origin}/`) ? target.slice(origin.length) : target, 302);
  })
  .openapi(routes.qr, async (c) => {
    const { slug } = c.req.valid('param');
    const q = c.req.valid('query');
    const link = SLUG_RE.test(slug) ? await findLink(c.env.DB, c.get('org'), slug) : null;
    if (!link) throw noRoute(c);
    const svg = await QRCode.toString(shortUrlOf(await siteOrigin(c, c.get('org')), link.slug), { type: 'svg', ...qrOptions(q) });
    return c.body(svg, 200, qrHeaders('image/svg+xml; charset=utf-8', link.slug, q, 'svg'));
  })
  .openapi(routes.qrPng, async (c) => {
    const { slug } = c.req.valid('param');
    const q = c.req.valid('query');
    const link = SLUG_RE.test(slug) ? await findLink(c.env.DB, c.get('org'), slug) : null;
    if (!link) throw noRoute(c);
    const png = await QRCode.toBuffer(shortUrlOf(await siteOrigin(c, c.get('org')), link.slug), { type: 'png', ...qrOptions(q) });
    return c.body(new Uint8Array(png), 200, qrHeaders('image/png', link.slug, q, 'png'));
  });
