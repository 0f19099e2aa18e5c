// Wallet and booking (docs/contract.md#wallet, docs/contract.md#booking): payment cards, redeeming a card, preview, checkout, reservations, saved travellers.
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { currentUser, currentUserWithBodyToken, signedInUser } from '../http/session';
import { unauthorized } from '../errors';
import { deps } from '../http/deps';
import { clientIp } from '../http/request';
import { counting, LIMITS, memberOf, rateLimit, validBody } from '../http/rate-limit';
import { LAST_CLICK_COOKIE } from '../flows/links';
import { offeredCertificates, redeemCard, walletOf } from '../flows/wallet';
import { bookStay, previewStay } from '../flows/checkout';
import { reservationsOf } from '../flows/bookings';
import { changeTraveler, removeTraveler, saveTraveler, savedTravelers } from '../flows/travelers';
import {
  CardEntrySchema, CheckoutSchema, WalletEntrySchema, PaymentCardsByOrgSchema, PaymentCardsByUserSchema, PreviewSchema, RedeemSchema, ReservationsSchema,
  TravelerIdSchema, TravelerSchema, TravelerRowSchema,
} from '../../src/shared/contract/booking';
import { CheckoutReplySchema, PreviewReplySchema, ReservationsReplySchema } from '../../src/shared/contract/booking-replies';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';

/**
 * Card codes are guessable secrets: a code that finds no card (404) or an unusable one (409) counts, 10 per member and
 * 50 per address in 15 minutes; a redeemed card is given back. Signed out (401) or malformed (400) reserves nothing.
 */
const redeemLimits = rateLimit(
  { limit: LIMITS.redeemMember, settle: counting([404, 409]), key: async (c) => ((await validBody(c, RedeemSchema)) ? memberOf(c) : null) },
  { limit: LIMITS.redeemIp, settle: counting([404, 409]), key: async (c) => ((await validBody(c, RedeemSchema)) && (await memberOf(c)) ? clientIp(c) : null) },
);

/**
 * A guest (no session, on a site that takes bookings without one) is known by nothing but their address, and each
 * checkout holds rooms and a payment session for 30 minutes: 20 per address an hour (docs/decisions/0012). What
 * booked or raced for a room (2xx, 409) counts; an answer that did no work (bad input, the payment service down) is
 * given back. Signed-in members are held by their account instead.
 */
const guestCheckoutLimit = rateLimit({
  limit: LIMITS.guestCheckoutIp,
  settle: counting([409], 'keep'),
  key: async (c) => (c.get('org').allow_guest_booking === 1 && (await validBody(c, CheckoutSchema)) && !(await currentUser(c)) ? clientIp(c) : null),
});

const TravelerParams = z.object({ id: TravelerIdSchema });
const Deleted = z.object({ data: z.object({ deleted: z.literal(true) }) });

const routes = {
  orgCards: createRoute({
    method: 'post', path: '/walletUser/getPaymentCardByOrg', summary: 'The org’s certificates on offer', ...access('none'),
    request: { body: body(PaymentCardsByOrgSchema) },
    responses: { 200: json(dataOf(z.array(CardEntrySchema))), ...refusals },
  }),
  wallet: createRoute({
    method: 'post', path: '/booking/get-paymentcard-by-user', summary: 'The caller’s wallet: cards, totals and rates', ...access('user'),
    request: { body: body(PaymentCardsByUserSchema) },
    responses: { 200: json(dataOf(z.array(WalletEntrySchema))), ...refusals },
  }),
  redeem: createRoute({
    method: 'post', path: '/wallet/redeem', summary: 'Puts a card into the caller’s wallet by its code', ...access('user'), middleware: [redeemLimits] as const,
    request: { body: body(RedeemSchema) },
    responses: { 200: json(dataOf(CardEntrySchema)), ...refusals },
  }),
  preview: createRoute({
    method: 'post', path: '/booking/preview', summary: 'The stay’s price with the wallet’s choice', ...access('optional'),
    request: { body: body(PreviewSchema) },
    responses: { 200: json(dataOf(PreviewReplySchema)), ...refusals },
  }),
  checkout: createRoute({
    method: 'post', path: '/booking/checkout', summary: 'Books the stay: the wallet first, a payment session for the rest', ...access('optional'),
    middleware: [guestCheckoutLimit] as const,
    request: { body: body(CheckoutSchema) },
    responses: { 200: json(dataOf(CheckoutReplySchema)), ...refusals },
  }),
  reservations: createRoute({
    method: 'post', path: '/reservations', summary: 'The caller’s bookings', ...access('user'),
    request: { body: body(ReservationsSchema) },
    responses: { 200: json(ReservationsReplySchema), ...refusals },
  }),
  travelers: createRoute({
    method: 'get', path: '/user/travelers', summary: 'The caller’s saved travellers', ...access('user'),
    responses: { 200: json(dataOf(z.array(TravelerRowSchema))), ...refusals },
  }),
  addTraveler: createRoute({
    method: 'post', path: '/user/travelers', summary: 'Saves a traveller', ...access('user'),
    request: { body: body(TravelerSchema) },
    responses: { 201: json(dataOf(TravelerRowSchema), 'Saved'), ...refusals },
  }),
  updateTraveler: createRoute({
    method: 'put', path: '/user/travelers/{id}', summary: 'Changes a saved traveller', ...access('user'),
    request: { params: TravelerParams, body: body(TravelerSchema) },
    responses: { 200: json(dataOf(TravelerRowSchema)), ...refusals },
  }),
  deleteTraveler: createRoute({
    method: 'delete', path: '/user/travelers/{id}', summary: 'Deletes a saved traveller', ...access('user'),
    request: { params: TravelerParams },
    responses: { 200: json(Deleted), ...refusals },
  }),
};

export const booking = router()
  .openapi(routes.orgCards, async (c) => c.json({ data: await offeredCertificates(deps(c)) }, 200))
  .openapi(routes.wallet, async (c) => {
    const { currency } = c.req.valid('json');
    const user = await signedInUser(c);
    return c.json({ data: await walletOf(deps(c), user, currency) }, 200);
  })
  .openapi(routes.redeem, async (c) => {
    const { card_code } = c.req.valid('json');
    const user = await signedInUser(c);
    return c.json({ data: await redeemCard(deps(c), user, card_code) }, 200);
  })
  .openapi(routes.preview, async (c) => {
    const body = c.req.valid('json');
    const user = await currentUser(c);
    return c.json({ data: await previewStay(deps(c), body, user?.id ?? null) }, 200);
  })
  .openapi(routes.checkout, async (c) => {
    const body = c.req.valid('json');
    const user = await currentUser(c);
    const booked = await bookStay(deps(c), body, user, getCookie(c, LAST_CLICK_COOKIE));
    if (booked.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ data: booked.reply }, 200);
  })
  .openapi(routes.reservations, async (c) => {
    const body = c.req.valid('json');
    const user = await currentUserWithBodyToken(c, body.json?.token);
    if (!user) throw unauthorized();
    return c.json({ data: await reservationsOf(deps(c), user) }, 200);
  })
  .openapi(routes.travelers, async (c) => {
    const user = await signedInUser(c);
    return c.json({ data: await savedTravelers(c.env.DB, { orgId: c.get('org').id, userId: user.id }) }, 200);
  })
  .openapi(routes.addTraveler, async (c) => {
    const traveler = c.req.valid('json');
    const user = await signedInUser(c);
    return c.json({ data: await saveTraveler(c.env.DB, { orgId: c.get('org').id, userId: user.id }, traveler) }, 201);
  })
  .openapi(routes.updateTraveler, async (c) => {
    const { id } = c.req.valid('param');
    const traveler = c.req.valid('json');
    const user = await signedInUser(c);
    return c.json({ data: await changeTraveler(c.env.DB, { orgId: c.get('org').id, userId: user.id }, id, traveler) }, 200);
  })
  .openapi(routes.deleteTraveler, async (c) => {
    const { id } = c.req.valid('param');
    const user = await signedInUser(c);
    await removeTraveler(c.env.DB, { orgId: c.get('org').id, userId: user.id }, id);
    return c.json({ data: { deleted: true as const } }, 200);
  });
