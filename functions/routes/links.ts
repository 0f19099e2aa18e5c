// Marketing links in the console (/api/admin/links, /api/admin/campaigns: admins and marketers of the host's org) and
// a member's own short link (/api/referral/my-link). Thin: validate, call the flow, reply (docs/decisions/0024-marketing-links.md).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { requireUser } from '../http/session';
import { siteOrigin } from '../http/request';
import { notFound } from '../errors';
import { ratesFromUsd } from '../cache/rates';
import {
  changeMarketingLink, createMarketingLink, figuresCsv, linkFigures, marketingLink, marketingLinks, memberLink, type FigureScope,
} from '../flows/links';
import {
  CampaignSchema, LINK_MSG, LinkCreateSchema, LinkCreatedSchema, LinkEntrySchema, LinkPatchSchema, LinkStatsSchema, MemberLinkSchema, SlugSchema,
  StatsQuerySchema, type StatsQuery,
} from '../../src/shared/contract/links';
import { access, body, createRoute, dataOf, json, media, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const marketing = requireRole('admin', 'marketer');
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
/** A slug that is not one by its form names no link: 404, as an unknown one. */
const SlugParams = z.object({ slug: SlugSchema });

/** The figures as JSON, or by day as a CSV file with format=csv. */
const figuresReply = {
  content: { ...json(dataOf(LinkStatsSchema)).content, ...media('text/csv', z.string()).content },
  description: 'The figures (JSON; by day as a CSV file with format=csv)',
} as const;

async function statsReply(c: C, scope: FigureScope, q: StatsQuery, name: string) {
  const org = c.get('org');
  const stats = await linkFigures(c.env.DB, org, scope, q, org.default_currency, await ratesFromUsd(c.env.DB), Date.now());
  c.header('Cache-Control', 'private, no-store');
  if (q.format === 'csv') {
    return c.body(figuresCsv(stats), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${stats.from}-${stats.to}.csv"`,
    });
  }
  return c.json({ data: stats }, 200);
}

// A slug or campaign that is not one (by its form) is a link that does not exist: 404, as for an unknown one.
const routes = {
  create: createRoute({
    method: 'post', path: '/admin/links', summary: 'Makes a short link', ...access('marketing'), middleware: [marketing] as const,
    request: { body: body(LinkCreateSchema) },
    responses: { 201: json(dataOf(LinkCreatedSchema), 'Made'), ...refusals },
  }),
  list: createRoute({
    method: 'get', path: '/admin/links', summary: 'The org’s short links with their figures to date', ...access('marketing'), middleware: [marketing] as const,
    responses: { 200: json(dataOf(z.array(LinkEntrySchema))), ...refusals },
  }),
  read: createRoute({
    method: 'get', path: '/admin/links/{slug}', summary: 'One short link: where it leads, its UTM parameters and its figures to date', ...access('marketing'),
    middleware: [marketing] as const,
    request: { params: SlugParams },
    responses: { 200: json(dataOf(LinkEntrySchema)), ...refusals },
  }),
  change: createRoute({
    method: 'patch', path: '/admin/links/{slug}', summary: 'Changes a short link’s destination, campaign or UTM parameters, or archives it (audited)',
    ...access('marketing'), middleware: [marketing] as const,
    request: { params: SlugParams, body: body(LinkPatchSchema) },
    responses: { 200: json(dataOf(LinkEntrySchema), 'Changed'), ...refusals },
  }),
  linkStats: createRoute({
    method: 'get', path: '/admin/links/{slug}/stats', summary: 'A short link’s figures over a range of days', ...access('marketing'), middleware: [marketing] as const,
    request: { params: z.object({ slug: z.string() }), query: StatsQuerySchema },
    responses: { 200: figuresReply, ...refusals },
  }),
  campaignStats: createRoute({
    method: 'get', path: '/admin/campaigns/{campaign}/stats', summary: 'A campaign’s links’ figures over a range of days', ...access('marketing'), middleware: [marketing] as const,
    request: { params: z.object({ campaign: z.string() }), query: StatsQuerySchema },
    responses: { 200: figuresReply, ...refusals },
  }),
  myLink: createRoute({
    method: 'get', path: '/referral/my-link', summary: 'The member’s own short link (made on the first ask)', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(dataOf(MemberLinkSchema)), ...refusals },
  }),
};

export const links = router()
  .openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    const org = c.get('org');
    return c.json({ data: await createMarketingLink(c.env.DB, org, actorOf(c), input, await siteOrigin(c, org)) }, 201);
  })
  .openapi(
    routes.read,
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await marketingLink(c.env.DB, c.get('org').id, c.req.valid('param').slug, await siteOrigin(c, c.get('org'))) }, 200);
    },
    unknownInPath(LINK_MSG.noSuchLink),
  )
  .openapi(
    routes.change,
    async (c) => {
      const org = c.get('org');
      const link = await changeMarketingLink(c.env.DB, org, actorOf(c), c.req.valid('param').slug, c.req.valid('json'), await siteOrigin(c, org), Date.now());
      return c.json({ data: link }, 200);
    },
    unknownInPath(LINK_MSG.noSuchLink),
  )
  .openapi(routes.list, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: await marketingLinks(c.env.DB, c.get('org').id, await siteOrigin(c, c.get('org'))) }, 200);
  })
  .openapi(routes.linkStats, async (c) => {
    const slug = SlugSchema.safeParse(c.req.valid('param').slug);
    if (!slug.success) throw notFound(LINK_MSG.noSuchLink);
    return statsReply(c, { slug: slug.data }, c.req.valid('query'), `link-${slug.data}`);
  })
  .openapi(routes.campaignStats, async (c) => {
    const campaign = CampaignSchema.safeParse(c.req.valid('param').campaign);
    if (!campaign.success) throw notFound(LINK_MSG.noSuchCampaign);
    return statsReply(c, { campaign: campaign.data }, c.req.valid('query'), `campaign-${campaign.data}`);
  })
  .openapi(routes.myLink, async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'private, no-store');
    const link = await memberLink(c.env.DB, c.get('org').id, { id: user.id, referralCode: user.referralCode }, await siteOrigin(c, c.get('org')));
    return c.json({ data: link }, 200);
  });
