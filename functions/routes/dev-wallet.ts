// Development-only wallet routes (docs/contract.md#development): issuing cards to accounts of the request's org.
import { z } from 'zod';
import { insertCard, newCardCode } from '../db/cards';
import { userIdByEmailAnyCase } from '../db/users';
import { conflict, notFound } from '../errors';
import { toMinor } from '../../src/shared/rules/money';
import { IssueCardSchema } from '../../src/shared/contract/booking';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';
import { defaultCardName } from '../../src/shared/i18n/card-names';

/** Besides cards for an account (email), development can issue unassigned gift cards or listed org certificates. */
const IssueSchema = IssueCardSchema.extend({
  email: IssueCardSchema.shape.email.optional(),
  to: z.enum(['user', 'unassigned', 'org']).default('user'),
  name: z.string().trim().max(80).optional(),
}).refine((b) => b.to !== 'user' || b.email, { path: ['email'], message: 'Send the email of the account to issue the card to' });

const routes = {
  issue: createRoute({
    method: 'post', path: '/wallet/issue', summary: 'Issues a card to an account of the org (or an unassigned gift card, or a listed org certificate)', ...access('dev'),
    request: { body: body(IssueSchema) },
    responses: { 200: json(dataOf(z.object({ payment_card_id: z.number(), card_code: z.string() }))), ...refusals },
  }),
};

export const devWallet = router().openapi(routes.issue, async (c) => {
  const body = c.req.valid('json');
  const org = c.get('org');
  let userId: number | null = null;
  if (body.to === 'user') {
    const user = await userIdByEmailAnyCase(c.env.DB, org.id, body.email!);
    if (!user) throw notFound('No account with this email in this organisation');
    userId = user.id;
  }
  const certificate = body.kind === 'certificate';
  const services = certificate ? (body.services ?? ['HLT']).join(',') : '';
  const amountMinor = toMinor(body.amount, body.currency);
  const code = body.card_code ?? newCardCode(body.kind);
  try {
    const card = await insertCard(c.env.DB, {
      orgId: org.id,
      userId,
      kind: body.kind,
      code,
      name: body.name ?? defaultCardName(body.kind, services),
      services,
      proCode: body.kind === 'discount' ? (body.pro_code ?? 'HLT') : (body.pro_code ?? ''),
      status: body.status,
      amountMinor: certificate ? 0 : amountMinor,
      redemptionMinor: certificate ? toMinor(body.redemption_price ?? body.amount, body.currency) : 0,
      productCode: certificate ? services.split(',')[0]! : body.kind === 'discount' ? (body.pro_code ?? 'HLT') : '',
      currency: body.currency,
      listed: body.to === 'org',
    });
    return c.json({ data: { payment_card_id: card.id, card_code: card.card_code } }, 200);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw conflict('A card with this code already exists');
    throw err;
  }
});
