// The org's logo (decision 0066): the console's upload (admins, on the org's own host) and the public, versioned file.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { access, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';
import { logoFile, uploadLogo } from '../flows/logo';
import { LOGO_MSG } from '../../src/shared/rules/logo';
import { LogoBytesSchema, LogoFileParamsSchema, LOGO_UPLOAD_TYPES, LogoUploadedSchema } from '../../src/shared/contract/logo';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const YEAR_SECONDS = 31_536_000;
const logoBytes = { schema: LogoBytesSchema };

const publicRoutes = {
  logo: createRoute({
    method: 'get', path: '/logos/{file}', summary: 'An org’s logo; the address names its bytes, so it is kept for good', ...access('none'),
    request: { params: LogoFileParamsSchema },
    responses: { 200: { content: { 'image/png': logoBytes, 'image/webp': logoBytes, 'image/svg+xml': logoBytes }, description: 'The logo' }, ...refusals },
  }),
};

export const logos = router().openapi(
  publicRoutes.logo,
  async (c) => {
    const file = await logoFile(c.env, c.req.valid('param').file);
    // An SVG opened on its own runs nothing and loads nothing, whatever it holds (the upload refused such files too).
    return c.body(file.body, 200, {
      'Content-Type': file.type,
      'Content-Length': String(file.size),
      'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
  unknownInPath(LOGO_MSG.noSuchLogo),
);

const adminRoutes = {
  upload: createRoute({
    method: 'post', path: '/logo',
    summary: 'Uploads the org’s logo (PNG, WebP or SVG, at most 1 MiB; an SVG with a script or an outside reference is refused) and makes it the org’s logo (audited)',
    ...access('admin'),
    request: {
      body: {
        description: 'The image’s bytes; what they are is read from the bytes, whatever the Content-Type says',
        content: Object.fromEntries(LOGO_UPLOAD_TYPES.map((type) => [type, logoBytes])),
        required: true,
      },
    },
    responses: { 201: json(dataOf(LogoUploadedSchema), 'Stored: its versioned address'), ...refusals },
  }),
};

const guarded = router();
guarded.use('/logo', requireRole('admin'));

export const adminLogo = guarded.openapi(adminRoutes.upload, async (c) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return c.json({ data: await uploadLogo(c.env.DB, c.env, c.get('org').id, actorOf(c), bytes) }, 201);
});
