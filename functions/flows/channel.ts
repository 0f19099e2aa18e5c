// Channel managers (docs/contract.md#rooms-rates-and-availability, docs/decisions/0058-ota-xml.md): the credentials the
// console makes for them, and the OpenTravel messages they push, checked whole and applied whole in one batch.
import { dummyVerify, hashPassword, verifyPassword } from '../auth/password';
import { randomBytes, randomToken } from '../auth/crypto';
import { ariStatements, type AriUpdate } from '../db/ari';
import { atomically } from '../db/batch';
import {
  channelChangeStatements, channelCredential, channelCredentials, channelHotels, createChannelCredentialStatements, revokeChannelCredentialStatements,
  touchChannelCredential, type ChannelHotel,
} from '../db/channel';
import type { Actor } from '../db/console';
import { isRetryableDbError } from '../db/retry';
import { ratesFromUsd } from '../cache/rates';
import { publishOrgVersion } from '../cache/orgs';
import { conflict, notFound } from '../errors';
import {
  echoOf, ERR, EWT, otaError, otaErrors, otaSuccess, readOtaMessage, type ChannelUpdate, type OtaEcho, type OtaError,
} from '../outside/channel-ota';
import { BASE_CURRENCY, convertMinor, knowsCurrency, toMinor, type Rates } from '../../src/shared/rules/money';
import { CHANNEL_MAX_BYTES, MAX_CHANNEL_CREDENTIALS, OTA_MEDIA_TYPES, type ChannelCredential } from '../../src/shared/contract/channel';
import { OPS_MSG } from '../../src/shared/contract/console-messages';

// ---- credentials (the console) -----------------------------------------------------------------------------------

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** `cm-` and 16 base32 letters: 80 random bits, unique in practice (the primary key refuses the rare repeat). */
const newUsername = () => `cm-${Array.from(randomBytes(16), (b) => BASE32[b & 31]).join('')}`;

export const listChannelCredentials = (db: D1Database, orgId: number): Promise<ChannelCredential[]> => channelCredentials(db, orgId);

/** A new username and password for a channel manager: the password is answered once and kept hashed as passwords are. */
export async function createChannelCredential(db: D1Database, orgId: number, actor: Actor, pepper: string) {
  if ((await channelCredentials(db, orgId)).length >= MAX_CHANNEL_CREDENTIALS) throw conflict(OPS_MSG.channelCredentialsFull);
  const username = newUsername();
  const password = randomToken();
  await atomically(db, createChannelCredentialStatements(db, orgId, actor, username, await hashPassword(password, pepper)));
  return { username, password };
}

/** Revokes one of the org's credentials: the next message sent with it is refused (401). Another org's is unknown. */
export async function revokeChannelCredential(db: D1Database, orgId: number, actor: Actor, username: string) {
  const [, removed] = await atomically(db, revokeChannelCredentialStatements(db, orgId, actor, username));
  if ((removed!.meta.changes ?? 0) === 0) throw notFound(OPS_MSG.noSuchChannelCredential);
  return { username };
}

// ---- the OTA endpoint ----------------------------------------------------------------------------------------------

export interface ChannelPush {
  authorization?: string;
  contentType?: string;
  body: string;
}

/** The answer to a push: its status and the …RS document; 401 asks for Basic credentials, 429 and 503 to send again. */
export interface ChannelAnswer {
  status: 200 | 400 | 401 | 415 | 429 | 503;
  xml: string;
}

/** The most statements one message may write (D1 runs a batch as one transaction; each statement is one query). */
const MAX_STATEMENTS = 900;

/** The user and password of an HTTP Basic Authorization header, or null when there is none or it is not Basic. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  if (!m) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(m[1]!), (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

const refused = (status: ChannelAnswer['status'], echo: OtaEcho, now: Date, ...errors: OtaError[]): ChannelAnswer => ({ status, xml: otaErrors(echo, now, errors) });

/**
 * The answer to a push from an address that sent too many wrong credentials lately (functions/routes/channel.ts counts
 * them): refused before its credentials are checked, to be sent again after `retryAfterS` seconds.
 */
export const tooManyFailedLogins = (body: string, now: Date, retryAfterS: number): ChannelAnswer =>
  refused(429, echoOf(body), now, otaError(EWT.authentication, ERR.authorizationError, `Too many wrong credentials from this address: send again in ${retryAfterS} seconds`));

/** The answer to a message larger than CHANNEL_MAX_BYTES, refused before it is read. */
export const oversizedPush = (now: Date): ChannelAnswer =>
  refused(400, {}, now, otaError(EWT.protocolViolation, ERR.unableToProcess, `The message is larger than ${CHANNEL_MAX_BYTES / 1024 / 1024} MiB: send it in parts`));

/**
 * One push: Basic credentials checked against channel_credentials (a password hash check whether or not the username
 * exists, so the time tells nothing), then the XML read whole, its codes resolved within the credential's org, amounts
 * in another currency converted to USD at the day's rate, and every change applied in one batch with its audit row and
 * the org's version moved; any problem refuses the whole message and changes nothing.
 */
export async function receivePush(d: { db: D1Database; pepper: string; now: Date }, push: ChannelPush): Promise<ChannelAnswer> {
  const { db, now } = d;
  const credentials = basicCredentials(push.authorization);
  if (!credentials) return refused(401, echoOf(push.body), now, otaError(EWT.authentication, ERR.passwordRequired, 'Send the channel manager credentials as HTTP Basic authentication'));
  const row = credentials.username.length <= 64 ? await channelCredential(db, credentials.username) : null;
  const verified = row ? (await verifyPassword(credentials.password, row.password_hash, d.pepper)).ok : await dummyVerify(credentials.password, d.pepper);
  if (!row || !verified) return refused(401, echoOf(push.body), now, otaError(EWT.authentication, ERR.authorizationError, 'These channel manager credentials are wrong or were revoked'));
  await touchChannelCredential(db, row.username);

  const type = (push.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(OTA_MEDIA_TYPES as readonly string[]).includes(type)) {
    return refused(415, echoOf(push.body), now, otaError(EWT.protocolViolation, ERR.unableToProcess, `Send the message as ${OTA_MEDIA_TYPES.join(' or ')}`));
  }
  const request = readOtaMessage(push.body);
  if (!request.ok) return refused(400, request.echo, now, ...request.errors);

  const hotels = await channelHotels(db, row.org_id, request.updates.map((u) => u.hotelCode));
  const needsRates = request.updates.some((u) => u.currency !== undefined && u.currency !== BASE_CURRENCY);
  const resolved = resolveUpdates(request.updates, hotels, needsRates ? await ratesFromUsd(db) : {});
  if (resolved.errors.length) return refused(400, request.echo, now, ...resolved.errors);

  const statements = resolved.changes.flatMap((c) => ariStatements(db, c.productId, c.update, c.planIds));
  if (statements.length > MAX_STATEMENTS) {
    return refused(400, request.echo, now, otaError(EWT.bizRule, ERR.unableToProcess, `The message makes ${statements.length} changes: send at most ${MAX_STATEMENTS} at a time (fewer messages or rate plans per message)`));
  }
  const detail = { echo_token: request.echo.echoToken ?? null, hotels: [...new Set(request.updates.map((u) => u.hotelCode))], updates: request.updates.length };
  try {
    await atomically(db, [...statements, ...channelChangeStatements(db, row.org_id, row.username, request.message, detail)]);
  } catch (err) {
    if (!isRetryableDbError(err)) throw err;
    return refused(503, request.echo, now, otaError(EWT.applicationError, ERR.systemError, 'The changes could not be saved just now and none was applied: send the message again'));
  }
  await publishOrgVersion(db, row.org_id);
  return { status: 200, xml: otaSuccess(request.echo, now) };
}

interface Change {
  productId: number;
  update: AriUpdate;
  /** The plans selling the room: the restrictions of an update naming no plan go to each. */
  planIds: number[];
}

/** The largest nightly price taken, in USD minor units (a million dollars). */
const MAX_PRICE_USD_MINOR = 100_000_000;

/**
 * Every update's codes resolved within the org's hotels, and its price converted to USD minor units; or every problem.
 * A hotel imported from a bed bank is refused by name: its rates and availability are the supplier's (docs/decisions/0058).
 */
export function resolveUpdates(updates: readonly ChannelUpdate[], hotels: ReadonlyMap<string, ChannelHotel>, rates: Rates): { changes: Change[]; errors: OtaError[] } {
  const changes: Change[] = [];
  const errors: OtaError[] = [];
  const seen = new Set<string>();
  const fail = (type: number, code: number, text: string, node: string) => {
    // One error per wrong code, however many messages name it.
    if (!seen.has(`${code} ${text}`) && errors.length < 20) errors.push(otaError(type, code, text, node));
    seen.add(`${code} ${text}`);
  };
  for (const u of updates) {
    const hotel = hotels.get(u.hotelCode);
    if (!hotel) {
      fail(EWT.bizRule, ERR.invalidHotelCode, `HotelCode "${u.hotelCode}" is not a hotel of this account`, u.node);
      continue;
    }
    // A bed bank's hotel is priced live from the supplier (docs/decisions/0071): ARI written for it would sell nothing.
    if (hotel.supplier) {
      fail(EWT.bizRule, ERR.invalidHotelCode, `Hotel ${hotel.code} is supplied by ${hotel.supplier}; its rates and availability come from the supplier`, u.node);
      continue;
    }
    const roomId = hotel.rooms.get(u.roomCode);
    if (roomId === undefined) {
      fail(EWT.bizRule, ERR.invalidRoomType, `InvTypeCode "${u.roomCode}" is not a room type of hotel ${hotel.code}`, u.node);
      continue;
    }
    const plan = u.ratePlanCode === undefined ? undefined : hotel.plans.get(u.ratePlanCode);
    if (u.ratePlanCode !== undefined && !plan) {
      fail(EWT.bizRule, ERR.invalidRateCode, `RatePlanCode "${u.ratePlanCode}" is not a rate plan of hotel ${hotel.code}`, u.node);
      continue;
    }
    if (plan && !plan.roomIds.has(roomId)) {
      fail(EWT.bizRule, ERR.invalidRateCode, `Rate plan ${u.ratePlanCode} of hotel ${hotel.code} does not sell room type ${u.roomCode}`, u.node);
      continue;
    }
    const update: AriUpdate = { room_id: roomId, from: u.from, to: u.to };
    if (plan) update.rate_plan_id = plan.id;
    if (u.weekdays) update.weekdays = u.weekdays;
    if (u.units !== undefined) update.units = u.units;
    if (u.stopSell !== undefined) update.stop_sell = u.stopSell;
    if (u.closedToArrival !== undefined) update.closed_to_arrival = u.closedToArrival;
    if (u.closedToDeparture !== undefined) update.closed_to_departure = u.closedToDeparture;
    if (u.minStay !== undefined) update.min_stay = u.minStay;
    if (u.maxStay !== undefined) update.max_stay = u.maxStay;
    if ((u.amount !== undefined || u.guestAmounts) && plan && u.currency) {
      const amount = u.amount ?? u.guestAmounts?.find((g) => g.guests === plan.baseOccupancy)?.amount;
      if (amount === undefined) {
        fail(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `Rate plan ${u.ratePlanCode} prices ${plan.baseOccupancy} guests: send a BaseByGuestAmt with NumberOfGuests="${plan.baseOccupancy}" (or one without NumberOfGuests)`, u.node);
        continue;
      }
      if (!knowsCurrency(rates, u.currency)) {
        fail(EWT.bizRule, ERR.invalidCurrency, `CurrencyCode ${u.currency} has no exchange rate here: send the amounts in ${BASE_CURRENCY} or another offered currency`, u.node);
        continue;
      }
      const usd = convertMinor(toMinor(amount, u.currency), u.currency, BASE_CURRENCY, rates);
      if (usd > MAX_PRICE_USD_MINOR) {
        fail(EWT.bizRule, ERR.invalidValue, `AmountAfterTax ${amount} ${u.currency} is more than a night may cost (1,000,000 ${BASE_CURRENCY})`, u.node);
        continue;
      }
      update.price_usd_minor = usd;
    }
    const planIds = plan ? [] : [...hotel.plans.values()].filter((p) => p.roomIds.has(roomId)).map((p) => p.id);
    changes.push({ productId: hotel.productId, update, planIds });
  }
  return { changes, errors };
}
