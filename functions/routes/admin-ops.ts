// The console's operations (/api/admin/*): custom domains, wallet cards, the org's bookings and its label overrides,
// for the org's admins on the org's own host (docs/decisions/0023-console-operations.md). Thin: validate, flow, reply.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { deps } from '../http/deps';
import { ApiError } from '../errors';
import { addDomain, listDomains, refreshDomain, removeDomain } from '../flows/domains';
import { cards, importCsv, issueOne, spends, voidOne } from '../flows/cards';
import { adminCancelQuote, bookingsCsv, bookingsPage, cancelOrgBooking } from '../flows/org-bookings';
import { changeLabels, labelsOf } from '../flows/labels';
import {
  AdminCancelQuoteQuerySchema, AdminCancelSchema, BookingRefSchema, BookingsQuerySchema, CardIdSchema, CardIssueSchema, CardsQuerySchema, DomainCreateSchema, HostSchema, IdempotencyKeySchema, LabelsPutSchema,
  LanguageParamSchema, OPS_MSG,
} from '../../src/shared/contract/console-ops';
import {
  AdminBookingEntrySchema, BookingsPageSchema, CardIssuedSchema, CardsImportedSchema, CardsPageSchema, CardSpendsSchema, AdminCardEntrySchema, DomainEntrySchema,
  DomainRemovedSchema, LabelEntrySchema, AdminCancelQuoteReplySchema,
} from '../../src/shared/contract/console-replies';
import { access, body, createRoute, dataOf, json, media, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;

/** The import reads a CSV file as it is: any other body is 415, before anything else is looked at. */
const csvOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv');
  await next();
};

const HostParams = z.object({ host: HostSchema });
const CardParams = z.object({ id: CardIdSchema });
const LanguageParams = z.object({ lang: LanguageParamSchema });
const BookingParams = z.object({ id: BookingRefSchema });

/** The bookings as JSON, or every match as a CSV file with format=csv. */
const bookingsReply = {
  content: { ...json(BookingsPageSchema).content, ...media('text/csv', z.string()).content },
  description: 'A page of the bookings (JSON; every match as a CSV file with format=csv)',
} as const;

const routes = {
  domains: createRoute({
    method: 'get', path: '/domains', summary: 'The org’s addresses: the platform’s and its own domains', ...access('admin'),
    responses: { 200: json(dataOf(z.array(DomainEntrySchema))), ...refusals },
  }),
  addDomain: createRoute({
    method: 'post', path: '/domains', summary: 'Claims a domain: the TXT record to publish (audited)', ...access('admin'),
    request: { body: body(DomainCreateSchema) },
    responses: { 201: json(dataOf(DomainEntrySchema), 'Claimed'), ...refusals },
  }),
  refreshDomain: createRoute({
    method: 'post', path: '/domains/{host}/refresh', summary: 'Asks the provider again whether a domain is verified', ...access('admin'),
    request: { params: HostParams },
    responses: { 200: json(dataOf(DomainEntrySchema)), ...refusals },
  }),
  removeDomain: createRoute({
    method: 'delete', path: '/domains/{host}', summary: 'Removes a domain of the org’s own (audited)', ...access('admin'),
    request: { params: HostParams },
    responses: { 200: json(dataOf(DomainRemovedSchema)), ...refusals },
  }),
  cards: createRoute({
    method: 'get', path: '/cards', summary: 'The org’s wallet cards, a page at a time, searched by code or email', ...access('admin'),
    request: { query: CardsQuerySchema },
    responses: { 200: json(CardsPageSchema), ...refusals },
  }),
  issueCard: createRoute({
    method: 'post', path: '/cards', summary: 'Issues one card to a member (audited)', ...access('admin'),
    request: { body: body(CardIssueSchema) },
    responses: { 201: json(dataOf(CardIssuedSchema), 'Issued'), ...refusals },
  }),
  importCards: createRoute({
    method: 'post', path: '/cards/import',
    summary: 'Issues the cards of a CSV file, all or none (audited); the same Idempotency-Key again issues nothing more', ...access('admin'),
    middleware: [csvOnly] as const,
    request: {
      headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }),
      body: {
        content: media('text/csv', z.string()).content,
        required: true,
        description: 'Header email,kind,amount,currency,services,pro_code (and optionally ,expires_at), then one card a line',
      },
    },
    responses: { 201: json(dataOf(CardsImportedSchema), 'Issued (a replay says so in Idempotent-Replayed)'), ...refusals },
  }),
  voidCard: createRoute({
    method: 'post', path: '/cards/{id}/void', summary: 'Voids an active card (audited)', ...access('admin'),
    request: { params: CardParams },
    responses: { 200: json(dataOf(AdminCardEntrySchema)), ...refusals },
  }),
  cardSpends: createRoute({
    method: 'get', path: '/cards/{id}/spends', summary: 'A card and the bookings it paid for', ...access('admin'),
    request: { params: CardParams },
    responses: { 200: json(dataOf(CardSpendsSchema)), ...refusals },
  }),
  bookings: createRoute({
    method: 'get', path: '/bookings', summary: 'The org’s bookings by day and status; format=csv for a file', ...access('admin'),
    request: { query: BookingsQuerySchema },
    responses: { 200: bookingsReply, ...refusals },
  }),
  bookingCancelQuote: createRoute({
    method: 'get', path: '/bookings/{id}/cancel-quote', summary: 'What cancelling a booking now would refund and keep (waive_fee=1: with the fee waived)', ...access('admin'),
    request: { params: BookingParams, query: AdminCancelQuoteQuerySchema },
    responses: { 200: json(dataOf(AdminCancelQuoteReplySchema)), ...refusals },
  }),
  cancelBooking: createRoute({
    method: 'post', path: '/bookings/{id}/cancel',
    summary: 'Cancels a booking and refunds it under its terms, or in full with waive_fee (audited); of concurrent cancels one refunds, the others are 409',
    ...access('admin'),
    request: { params: BookingParams, body: body(AdminCancelSchema) },
    responses: { 200: json(dataOf(AdminBookingEntrySchema)), ...refusals },
  }),
  labels: createRoute({
    method: 'get', path: '/labels/{lang}', summary: 'Every label of a language: its default and the org’s own text', ...access('admin'),
    request: { params: LanguageParams },
    responses: { 200: json(dataOf(z.array(LabelEntrySchema))), ...refusals },
  }),
  changeLabels: createRoute({
    method: 'put', path: '/labels/{lang}', summary: 'Overrides labels of a language; an empty text goes back to the default (audited)', ...access('admin'),
    request: { params: LanguageParams, body: body(LabelsPutSchema) },
    responses: { 200: json(dataOf(z.array(LabelEntrySchema))), ...refusals },
  }),
};

const guarded = router();
guarded.use('*', requireRole('admin'));

export const adminOps = guarded
  .openapi(routes.domains, async (c) => c.json({ data: await listDomains(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.addDomain, async (c) => c.json({ data: await addDomain(deps(c), orgIdOf(c), actorOf(c), c.req.valid('json').host) }, 201))
  .openapi(
    routes.refreshDomain,
    async (c) => c.json({ data: await refreshDomain(deps(c), orgIdOf(c), actorOf(c), c.req.valid('param').host) }, 200),
    unknownInPath(OPS_MSG.noSuchDomain),
  )
  .openapi(
    routes.removeDomain,
    async (c) => c.json({ data: await removeDomain(deps(c), orgIdOf(c), actorOf(c), c.req.valid('param').host) }, 200),
    unknownInPath(OPS_MSG.noSuchDomain),
  )
  .openapi(routes.cards, async (c) => {
    const { q, page } = c.req.valid('query');
    return c.json(await cards(c.env.DB, orgIdOf(c), q ?? '', page ?? 1), 200);
  })
  .openapi(routes.issueCard, async (c) => c.json({ data: await issueOne(c.env.DB, orgIdOf(c), actorOf(c), c.req.valid('json')) }, 201))
  .openapi(routes.importCards, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const result = await importCsv(c.env.DB, orgIdOf(c), actorOf(c), await c.req.text(), key);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ data: { issued: result.issued } }, 201);
  })
  .openapi(
    routes.voidCard,
    async (c) => c.json({ data: await voidOne(c.env.DB, orgIdOf(c), actorOf(c), c.req.valid('param').id) }, 200),
    unknownInPath(OPS_MSG.noSuchCard),
  )
  .openapi(
    routes.cardSpends,
    async (c) => c.json({ data: await spends(c.env.DB, orgIdOf(c), c.req.valid('param').id) }, 200),
    unknownInPath(OPS_MSG.noSuchCard),
  )
  .openapi(routes.bookings, async (c) => {
    const { from, to, status, ref, page, format } = c.req.valid('query');
    if (format !== 'csv') {
      return c.json(await bookingsPage(c.env.DB, orgIdOf(c), { from, to, status, ref }, page ?? 1, { shown: deps(c).language(), orgDefault: c.get('org').default_language }), 200);
    }
    const name = ['bookings', c.get('org').id, from ?? 'start', to ?? 'today', status?.toLowerCase()].filter(Boolean).join('-');
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(await bookingsCsv(c.env.DB, orgIdOf(c), actorOf(c), { from, to, status, ref }), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  })
  .openapi(
    routes.bookingCancelQuote,
    async (c) => c.json({ data: await adminCancelQuote(deps(c), orgIdOf(c), c.req.valid('param').id, c.req.valid('query').waive_fee, deps(c).clock()) }, 200),
    unknownInPath(OPS_MSG.noSuchBooking),
  )
  .openapi(
    routes.cancelBooking,
    async (c) => {
      const waiveFee = c.req.valid('json').waive_fee ?? false;
      const entry = await cancelOrgBooking(deps(c), orgIdOf(c), actorOf(c), c.req.valid('param').id, { waiveFee, language: deps(c).language() }, deps(c).clock());
      return c.json({ data: entry }, 200);
    },
    unknownInPath(OPS_MSG.noSuchBooking),
  )
  .openapi(routes.labels, async (c) => c.json({ data: await labelsOf(c.env.DB, orgIdOf(c), c.req.valid('param').lang) }, 200))
  .openapi(routes.changeLabels, async (c) => {
    const { lang } = c.req.valid('param');
    const texts = c.req.valid('json');
    return c.json({ data: await changeLabels(c.env.DB, orgIdOf(c), actorOf(c), lang, texts) }, 200);
  });
