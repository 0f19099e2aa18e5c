// Marketing links in the console (/api/admin/links, /api/admin/campaigns: admins and marketers of the host's org) and
// a member's own short link (/api/referral/my-link). Thin: validate, call the flow, reply (docs/decisions/0024-marketing-links.md).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { requireUser } from '../auth/session';
import { siteOrigin } from '../auth/accounts';
import { notFound } from '../errors';
import { jsonBody, queryOf } from '../validate';
import { ratesFromUsd } from '../db/catalogue';
import { createMarketingLink, figuresCsv, linkFigures, marketingLinks, memberLink, type FigureScope } from '../flows/links';
import { CampaignSchema, LINK_MSG, LinkCreateSchema, SlugSchema, StatsQuerySchema } from '../../src/shared/contract/links';

type C = Context<AppEnv>;
const marketing = requireRole('admin', 'marketer');

async function statsReply(c: C, scope: FigureScope, name: string) {
  const q = queryOf(c, StatsQuerySchema);
  const org = c.get('org');
  const stats = await linkFigures(c.env.DB, org, scope, q, org.default_currency, await ratesFromUsd(c.env.DB), Date.now());
  c.header('Cache-Control', 'private, no-store');
  if (q.format === 'csv') {
    return c.body(figuresCsv(stats), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${stats.from}-${stats.to}.csv"`,
    });
  }
  return c.json({ data: stats });
}

export const links = new Hono<AppEnv>()
  .use('/admin/links', marketing)
  .use('/admin/links/*', marketing)
  .use('/admin/campaigns/*', marketing)
  .post('/admin/links', async (c) => {
    const input = await jsonBody(c, LinkCreateSchema);
    const org = c.get('org');
    return c.json({ data: await createMarketingLink(c.env.DB, org, c.get('user').id, input, await siteOrigin(c, org)) }, 201);
  })
  .get('/admin/links', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: await marketingLinks(c.env.DB, c.get('org').id, await siteOrigin(c, c.get('org'))) });
  })
  .get('/admin/links/:slug/stats', async (c) => {
    const slug = SlugSchema.safeParse(c.req.param('slug'));
    if (!slug.success) throw notFound(LINK_MSG.noSuchLink);
    return statsReply(c, { slug: slug.data }, `link-${slug.data}`);
  })
  .get('/admin/campaigns/:campaign/stats', async (c) => {
    const campaign = CampaignSchema.safeParse(c.req.param('campaign'));
    if (!campaign.success) throw notFound(LINK_MSG.noSuchCampaign);
    return statsReply(c, { campaign: campaign.data }, `campaign-${campaign.data}`);
  })
  .get('/referral/my-link', requireUser, async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'private, no-store');
    const link = await memberLink(c.env.DB, c.get('org').id, { id: user.id, referralCode: user.referralCode }, await siteOrigin(c, c.get('org')));
    return c.json({ data: link });
  });
