// Development-only wallet routes (docs/contract.md#development): issuing cards to accounts of the request's org.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { insertCard, newCardCode } from '../db/cards';
import { conflict, notFound } from '../errors';
import { jsonBody } from '../validate';
import { toMinor } from '../../src/shared/rules/money';
import { IssueCardSchema } from '../../src/shared/contract/booking';
import { doc } from '../http/openapi';
import { defaultCardName } from '../../src/shared/i18n/card-names';

/** Besides cards for an account (email), development can issue unassigned gift cards or listed org certificates. */
const IssueSchema = IssueCardSchema.extend({
  email: IssueCardSchema.shape.email.optional(),
  to: z.enum(['user', 'unassigned', 'org']).default('user'),
  name: z.string().trim().max(80).optional(),
}).refine((b) => b.to !== 'user' || b.email, { path: ['email'], message: 'Send the email of the account to issue the card to' });

export const devWallet = new Hono<AppEnv>().post('/wallet/issue', doc({ body: IssueSchema, devOnly: true }), async (c) => {
  const body = await jsonBody(c, IssueSchema);
  const org = c.get('org');
  let userId: number | null = null;
  if (body.to === 'user') {
    const user = await c.env.DB.prepare('SELECT id FROM users WHERE org_id = ? AND email = ? COLLATE NOCASE').bind(org.id, body.email!).first<{ id: number }>();
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
    return c.json({ data: { payment_card_id: card.id, card_code: card.card_code } });
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw conflict('A card with this code already exists');
    throw err;
  }
});
