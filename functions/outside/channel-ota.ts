// The channel managers' wire (docs/contract.md#rooms-rates-and-availability, docs/decisions/0058-ota-xml.md): OpenTravel
// 2003/05 OTA_HotelAvailNotifRQ and OTA_HotelRateAmountNotifRQ read into neutral updates named by codes, and the
// matching …RS written with <Success/> or <Errors>. Pure: no database, no request; the flow resolves the codes.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export const OTA_NAMESPACE = 'http://www.opentravel.org/OTA/2003/05';

/** OTA Error Warning Type (EWT): what kind of refusal an Error is. */
export const EWT = {
  noImplementation: 2,
  bizRule: 3,
  authentication: 4,
  protocolViolation: 7,
  requiredFieldMissing: 10,
  processingException: 12,
  applicationError: 13,
} as const;

/** OTA Error Codes (ERR) used here, each with the code list's own short text. */
export const ERR = {
  invalidCurrency: 61,
  endDate: 135,
  startDate: 136,
  passwordRequired: 182,
  invalidRateCode: 249,
  invalidValue: 320,
  requiredFieldMissing: 321,
  invalidHotelCode: 392,
  invalidRoomType: 402,
  dateRange: 404,
  systemError: 448,
  unableToProcess: 450,
  authorizationError: 497,
} as const;

const SHORT_TEXT: Record<number, string> = {
  61: 'Invalid currency code',
  135: 'End date is invalid',
  136: 'Start date is invalid',
  182: 'Password required',
  249: 'Invalid rate code',
  320: 'Invalid value',
  321: 'Required field missing',
  392: 'Invalid hotel code',
  402: 'Invalid room type',
  404: 'Invalid start date-end date combination',
  448: 'System error',
  450: 'Unable to process',
  497: 'Authorization error',
};

/** One <Error>: its EWT type, its ERR code, why in words, and (NodeList) the XPath of the node at fault. */
export interface OtaError {
  type: number;
  code: number;
  text: string;
  node?: string;
}

export const otaError = (type: number, code: number, text: string, node?: string): OtaError => ({ type, code, text, ...(node ? { node } : {}) });

/** What an answer echoes of the request (OTA_PayloadStdAttributes): the message's name, EchoToken and Version. */
export interface OtaEcho {
  /** The request's root element (OTA_…RQ); the answer is its …RS. */
  message?: string;
  echoToken?: string;
  version?: string;
}

export type OtaMessage = 'OTA_HotelAvailNotifRQ' | 'OTA_HotelRateAmountNotifRQ';
export const OTA_MESSAGES: readonly OtaMessage[] = ['OTA_HotelAvailNotifRQ', 'OTA_HotelRateAmountNotifRQ'];

/**
 * One range of nights to change, named by the codes the channel manager knows: the product's code (HotelCode), the
 * room type's (InvTypeCode) and the rate plan's (RatePlanCode). `from` and `to` are nights, both included, as
 * OpenTravel's Start and End; `weekdays` ISO (1 = Monday), all nights when absent.
 */
export interface ChannelUpdate {
  hotelCode: string;
  roomCode: string;
  ratePlanCode?: string;
  from: string;
  to: string;
  weekdays?: number[];
  units?: number;
  /** Master Close/Open: the plan's stop sell with a RatePlanCode, the room's without. */
  stopSell?: boolean;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  minStay?: number;
  /** null: no longest stay (SetMaxLOS Time="0"). */
  maxStay?: number | null;
  /** A night's price after tax in `currency`, for the plan's base occupancy (a BaseByGuestAmt without NumberOfGuests, or the only one). */
  amount?: number;
  /** Prices by NumberOfGuests when several are sent: the flow takes the one for the plan's base occupancy. */
  guestAmounts?: { guests: number; amount: number }[];
  currency?: string;
  /** The XPath of the message it came from, for errors about its codes. */
  node: string;
}

export type OtaRequest =
  | { ok: true; echo: OtaEcho; message: OtaMessage; updates: ChannelUpdate[] }
  | { ok: false; echo: OtaEcho; errors: OtaError[] };

/** The most messages one request may carry (each becomes one or more statements of one D1 batch). */
export const MAX_MESSAGES = 500;
/** The longest range of one message, in nights (two years and a day). */
export const MAX_RANGE_NIGHTS = 731;
/** At most this many errors are listed: the first ones say what to fix. */
const MAX_ERRORS = 20;

type Attrs = Record<string, string>;
type XmlNode = { $?: Attrs } & Record<string, unknown>;

/**
 * Attributes kept (grouped under `$`, which no element name can be), every element a list (so a repeated one is never
 * mistaken for a single one), namespace prefixes dropped (a message may say ota:OTA_HotelAvailNotifRQ), values as sent.
 * Only the five predefined entities are decoded: a DOCTYPE is refused before parsing, so none can be declared.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '$',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: { enabled: true, maxEntityCount: 1, maxTotalExpansions: 100_000, maxExpandedLength: 1_000_000 },
  maxNestedTags: 32,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true });

const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const v = node?.[name];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
};
const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  const v = node?.$?.[name];
  return typeof v === 'string' ? v.trim() : undefined;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** OpenTravel's weekday flags on StatusApplicationControl (and Rate), in ISO order. */
const WEEKDAY_FLAGS = ['Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat', 'Sun'] as const;
const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

/** A code as OpenTravel writes it (StringLength1to16 and its kin): printable, no spaces at either end, at most 64. */
const CODE = /^[\x21-\x7e][\x20-\x7e]{0,63}$/;

/** Collects a message's errors (at most MAX_ERRORS) beside the value being read. */
class Problems {
  readonly list: OtaError[] = [];
  add(type: number, code: number, text: string, node?: string) {
    if (this.list.length < MAX_ERRORS) this.list.push(otaError(type, code, text, node));
  }
  get full() {
    return this.list.length >= MAX_ERRORS;
  }
}

/** Reads an attribute the message must carry: missing is EWT 10 / ERR 321. */
function required(p: Problems, node: XmlNode, name: string, where: string, path: string): string | undefined {
  const v = attr(node, name);
  if (v === undefined || v === '') p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${where} has no ${name}`, path);
  return v || undefined;
}

function code(p: Problems, node: XmlNode, name: string, where: string, path: string, needed: boolean): string | undefined {
  const v = needed ? required(p, node, name, where, path) : attr(node, name) || undefined;
  if (v !== undefined && !CODE.test(v)) {
    p.add(EWT.bizRule, ERR.invalidValue, `${where}: ${name} "${v.slice(0, 64)}" is not a code (printable characters, at most 64)`, path);
    return undefined;
  }
  return v;
}

function wholeNumber(p: Problems, raw: string | undefined, name: string, min: number, max: number, where: string, path: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    p.add(EWT.bizRule, ERR.invalidValue, `${where}: ${name} "${raw.slice(0, 20)}" is not a whole number from ${min} to ${max}`, path);
    return undefined;
  }
  return Number(raw);
}

/** The weekday flags of a node (Mon … Sun): null when they are wrong, undefined when they name every day. */
function weekdaysOf(p: Problems, node: XmlNode, where: string, path: string): number[] | undefined | null {
  const flags = WEEKDAY_FLAGS.map((flag) => attr(node, flag)?.toLowerCase());
  let ok = true;
  for (const [i, v] of flags.entries()) {
    if (v !== undefined && !TRUE.has(v) && !FALSE.has(v)) {
      p.add(EWT.bizRule, ERR.invalidValue, `${where}: ${WEEKDAY_FLAGS[i]} is "${v.slice(0, 10)}", not true or false`, path);
      ok = false;
    }
  }
  if (!ok) return null;
  if (flags.every((v) => v === undefined)) return undefined;
  // The days set to true when any is; else every day but those set to false.
  const on = flags.some((v) => v !== undefined && TRUE.has(v));
  const days = flags.flatMap((v, i) => ((on ? v !== undefined && TRUE.has(v) : !(v !== undefined && FALSE.has(v))) ? [i + 1] : []));
  if (days.length === 0) {
    p.add(EWT.bizRule, ERR.invalidValue, `${where}: every weekday flag is false, so no night is named`, path);
    return null;
  }
  return days.length === 7 ? undefined : days;
}

interface Nights {
  from: string;
  to: string;
  weekdays?: number[];
}

/**
 * The nights of a StatusApplicationControl (or of a Rate carrying its own dates, the control's standing for what the
 * Rate does not say): Start, End and the weekday flags. Null when any is missing or wrong (each problem listed).
 */
function nightsOf(p: Problems, node: XmlNode, where: string, path: string, fallback?: { from?: string; to?: string; weekdays?: number[] }): Nights | null {
  const start = attr(node, 'Start') || fallback?.from;
  const end = attr(node, 'End') || fallback?.to;
  let ok = true;
  const fail = (type: number, code: number, text: string) => {
    p.add(type, code, `${where}: ${text}`, path);
    ok = false;
  };
  if (!start) fail(EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'no Start');
  else if (!isDay(start)) fail(EWT.bizRule, ERR.startDate, `Start "${start.slice(0, 20)}" is not a date (YYYY-MM-DD)`);
  if (!end) fail(EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'no End');
  else if (!isDay(end)) fail(EWT.bizRule, ERR.endDate, `End "${end.slice(0, 20)}" is not a date (YYYY-MM-DD)`);
  if (ok && end! < start!) fail(EWT.bizRule, ERR.dateRange, `End ${end} comes before Start ${start}`);
  else if (ok && daysBetween(start!, end!) + 1 > MAX_RANGE_NIGHTS) fail(EWT.bizRule, ERR.dateRange, `Start ${start} to End ${end} is more than ${MAX_RANGE_NIGHTS} nights: send it in parts`);
  const own = weekdaysOf(p, node, where, path);
  if (own === null) return null;
  const weekdays = own ?? (WEEKDAY_FLAGS.some((f) => attr(node, f) !== undefined) ? undefined : fallback?.weekdays);
  return ok ? { from: start!, to: end!, ...(weekdays ? { weekdays } : {}) } : null;
}

/** The XPath of the n-th (1-based) element `name` under `parent`. */
const at = (parent: string, name: string, n: number) => `${parent}/${name}[${n}]`;

/** One `…Message` of a notice with its one StatusApplicationControl read: the hotel, room and rate plan it names. */
interface StatusMessage {
  hotelCode: string | undefined;
  roomCode: string | undefined;
  ratePlanCode: string | undefined;
  m: XmlNode;
  path: string;
  /** How a problem names the message ("AvailStatusMessage 3"). */
  where: string;
  control: XmlNode;
  controlPath: string;
}

/**
 * What both notices share: each `<kind>Messages` list (its HotelCode) and each of its `<kind>Message`, with its one
 * StatusApplicationControl (InvTypeCode; RatePlanCode, needed by the rates' notice). A message without exactly one control
 * is a problem and is passed over; `read` gives the updates of the others. Stops once the problems are full, and says
 * so when the notice holds more than MAX_MESSAGES messages.
 */
function statusMessages(
  p: Problems, root: XmlNode, rootPath: string, kind: 'AvailStatus' | 'RateAmount', planNeeded: boolean, read: (s: StatusMessage) => ChannelUpdate[],
): ChannelUpdate[] {
  const out: ChannelUpdate[] = [];
  const listName = `${kind}Messages`;
  const messageName = `${kind}Message`;
  const lists = children(root, listName);
  if (lists.length === 0) p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `The message has no ${listName}`, rootPath);
  let count = 0;
  for (const [li, list] of lists.entries()) {
    const listPath = at(rootPath, listName, li + 1);
    const hotelCode = code(p, list, 'HotelCode', listName, listPath, true);
    const messages = children(list, messageName);
    if (messages.length === 0) p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${listName} has no ${messageName}`, listPath);
    for (const [mi, m] of messages.entries()) {
      if (p.full) return out;
      count++;
      const path = at(listPath, messageName, mi + 1);
      const where = `${messageName} ${count}`;
      const controls = children(m, 'StatusApplicationControl');
      if (controls.length !== 1) {
        p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${where} needs one StatusApplicationControl (it has ${controls.length})`, path);
        continue;
      }
      const control = controls[0]!;
      const controlPath = `${path}/StatusApplicationControl`;
      const roomCode = code(p, control, 'InvTypeCode', `${where}: StatusApplicationControl`, controlPath, true);
      const ratePlanCode = code(p, control, 'RatePlanCode', `${where}: StatusApplicationControl`, controlPath, planNeeded);
      for (const update of read({ hotelCode, roomCode, ratePlanCode, m, path, where, control, controlPath })) out.push(update);
    }
  }
  if (count > MAX_MESSAGES) p.add(EWT.bizRule, ERR.unableToProcess, `The message has ${count} ${messageName}: send at most ${MAX_MESSAGES} at a time`, rootPath);
  return out;
}

function availUpdates(p: Problems, root: XmlNode, rootPath: string): ChannelUpdate[] {
  return statusMessages(p, root, rootPath, 'AvailStatus', false, ({ hotelCode, roomCode, ratePlanCode, m, path, where, control, controlPath }) => {
    const nights = nightsOf(p, control, `${where}: StatusApplicationControl`, controlPath);
    const update: Partial<ChannelUpdate> = {};

    const limit = attr(m, 'BookingLimit');
    const limitType = attr(m, 'BookingLimitMessageType');
    if (limitType !== undefined && limitType !== 'SetLimit') {
      p.add(EWT.bizRule, ERR.invalidValue, `${where}: BookingLimitMessageType "${limitType.slice(0, 20)}" is not supported: send SetLimit (the rooms for sale)`, path);
    }
    const units = wholeNumber(p, limit, 'BookingLimit', 0, 10_000, where, path);
    if (units !== undefined) update.units = units;

    for (const [ri, r] of children(m, 'RestrictionStatus').entries()) {
      const rPath = at(path, 'RestrictionStatus', ri + 1);
      const status = required(p, r, 'Status', `${where}: RestrictionStatus`, rPath);
      const restriction = attr(r, 'Restriction') || 'Master';
      if (status !== undefined && status !== 'Open' && status !== 'Close') {
        p.add(EWT.bizRule, ERR.invalidValue, `${where}: RestrictionStatus Status "${status.slice(0, 20)}" is not Open or Close`, rPath);
        continue;
      }
      const closed = status === 'Close';
      if (restriction === 'Master') update.stopSell = closed;
      else if (restriction === 'Arrival') update.closedToArrival = closed;
      else if (restriction === 'Departure') update.closedToDeparture = closed;
      else p.add(EWT.bizRule, ERR.invalidValue, `${where}: RestrictionStatus Restriction "${restriction.slice(0, 20)}" is not Master, Arrival or Departure`, rPath);
    }

    for (const [si, stays] of children(m, 'LengthsOfStay').entries()) {
      for (const [li2, los] of children(stays, 'LengthOfStay').entries()) {
        const lPath = at(at(path, 'LengthsOfStay', si + 1), 'LengthOfStay', li2 + 1);
        const kind = required(p, los, 'MinMaxMessageType', `${where}: LengthOfStay`, lPath);
        const unit = attr(los, 'TimeUnit');
        if (unit !== undefined && unit !== 'Day') p.add(EWT.bizRule, ERR.invalidValue, `${where}: LengthOfStay TimeUnit "${unit.slice(0, 20)}" is not Day`, lPath);
        const time = wholeNumber(p, required(p, los, 'Time', `${where}: LengthOfStay`, lPath), 'Time', 0, 365, `${where}: LengthOfStay`, lPath);
        if (kind === undefined || time === undefined) continue;
        if (kind === 'SetMinLOS') update.minStay = Math.max(1, time);
        else if (kind === 'SetMaxLOS') update.maxStay = time === 0 ? null : time;
        else p.add(EWT.bizRule, ERR.invalidValue, `${where}: LengthOfStay MinMaxMessageType "${kind.slice(0, 30)}" is not SetMinLOS or SetMaxLOS`, lPath);
      }
    }
    if (update.minStay !== undefined && typeof update.maxStay === 'number' && update.maxStay < update.minStay) {
      p.add(EWT.bizRule, ERR.invalidValue, `${where}: SetMaxLOS ${update.maxStay} is shorter than SetMinLOS ${update.minStay}`, path);
    }
    if (limit === undefined && children(m, 'RestrictionStatus').length === 0 && children(m, 'LengthsOfStay').length === 0) {
      p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${where} changes nothing: send BookingLimit, RestrictionStatus or LengthsOfStay`, path);
    }
    return hotelCode && roomCode && nights ? [{ hotelCode, roomCode, ...(ratePlanCode ? { ratePlanCode } : {}), ...nights, ...update, node: path }] : [];
  });
}

/** A decimal amount as sent; with DecimalPlaces and no point, OpenTravel's implied decimals (12345 with 2 is 123.45). */
function amountOf(raw: string, decimalPlaces: string | undefined): number | null {
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(raw)) return null;
  if (decimalPlaces !== undefined && !raw.includes('.')) {
    if (!/^[0-6]$/.test(decimalPlaces)) return null;
    return Number(raw) / 10 ** Number(decimalPlaces);
  }
  return Number(raw);
}

function rateUpdates(p: Problems, root: XmlNode, rootPath: string): ChannelUpdate[] {
  return statusMessages(p, root, rootPath, 'RateAmount', true, ({ hotelCode, roomCode, ratePlanCode, m, path, where, control, controlPath }) => {
    const out: ChannelUpdate[] = [];
    const rates = children(m, 'Rates').flatMap((r) => children(r, 'Rate'));
    // A Rate may carry its own dates and weekdays; the control's stand for what it does not say.
    const ownDates = rates.some((r) => attr(r, 'Start') || attr(r, 'End'));
    const controlWeekdays = ownDates ? weekdaysOf(p, control, `${where}: StatusApplicationControl`, controlPath) : undefined;
    const controlDefaults = { from: attr(control, 'Start'), to: attr(control, 'End'), ...(controlWeekdays ? { weekdays: controlWeekdays } : {}) };
    const controlNights = ownDates ? null : nightsOf(p, control, `${where}: StatusApplicationControl`, controlPath);
    if (rates.length === 0) p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${where} has no Rates/Rate`, path);
    for (const [ri, rate] of rates.entries()) {
      const rPath = at(`${path}/Rates`, 'Rate', ri + 1);
      const rWhere = rates.length > 1 ? `${where}, Rate ${ri + 1}` : where;
      const nights = ownDates ? nightsOf(p, rate, rWhere, rPath, controlDefaults) : controlNights;
      const amounts = children(rate, 'BaseByGuestAmts').flatMap((a) => children(a, 'BaseByGuestAmt'));
      if (amounts.length === 0) {
        p.add(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `${rWhere} has no BaseByGuestAmts/BaseByGuestAmt`, rPath);
        continue;
      }
      let currency: string | undefined;
      const priced: { guests?: number; amount: number }[] = [];
      for (const [ai, a] of amounts.entries()) {
        const aPath = at(`${rPath}/BaseByGuestAmts`, 'BaseByGuestAmt', ai + 1);
        const aWhere = `${rWhere}: BaseByGuestAmt`;
        const raw = required(p, a, 'AmountAfterTax', aWhere, aPath);
        const cur = required(p, a, 'CurrencyCode', aWhere, aPath)?.toUpperCase();
        if (cur !== undefined && !/^[A-Z]{3}$/.test(cur)) p.add(EWT.bizRule, ERR.invalidCurrency, `${aWhere}: CurrencyCode "${cur.slice(0, 10)}" is not a currency code`, aPath);
        else if (cur !== undefined && currency !== undefined && cur !== currency) p.add(EWT.bizRule, ERR.invalidCurrency, `${aWhere}: every amount of a Rate is in one currency (${currency}, then ${cur})`, aPath);
        else if (cur !== undefined) currency = cur;
        const guestsRaw = attr(a, 'NumberOfGuests');
        const guests = wholeNumber(p, guestsRaw, 'NumberOfGuests', 1, 40, aWhere, aPath);
        if (raw === undefined) continue;
        const amount = amountOf(raw, attr(a, 'DecimalPlaces'));
        if (amount === null) {
          p.add(EWT.bizRule, ERR.invalidValue, `${aWhere}: AmountAfterTax "${raw.slice(0, 20)}" is not an amount such as 120.50`, aPath);
          continue;
        }
        if (guestsRaw !== undefined && guests === undefined) continue;
        if (priced.some((x) => x.guests === guests)) {
          p.add(EWT.bizRule, ERR.invalidValue, `${aWhere}: two amounts for ${guests === undefined ? 'the room' : `${guests} guests`}`, aPath);
          continue;
        }
        priced.push({ ...(guests !== undefined ? { guests } : {}), amount });
      }
      if (!hotelCode || !roomCode || !ratePlanCode || !nights || !currency || priced.length === 0) continue;
      const plain = priced.length === 1 ? priced[0]! : priced.find((x) => x.guests === undefined);
      const price = plain
        ? { amount: plain.amount }
        : { guestAmounts: priced.map((x) => ({ guests: x.guests!, amount: x.amount })).sort((x, y) => x.guests - y.guests) };
      out.push({ hotelCode, roomCode, ratePlanCode, ...nights, ...price, currency, node: rPath });
    }
    return out;
  });
}

/** The root element's name as written, for an answer to a message that does not parse. */
function sniffMessage(xml: string): string | undefined {
  return /<(?:[A-Za-z_][\w.-]*:)?(OTA_[A-Za-z]{1,60}RQ)[\s/>]/.exec(xml.slice(0, 4096))?.[1];
}

/** The OTA message of a SOAP envelope's body, or the document's root itself. */
function rootOf(doc: Record<string, unknown>): { name: string; node: XmlNode } | null {
  const names = Object.keys(doc);
  if (names.length !== 1) return null;
  const name = names[0]!;
  const nodes = doc[name] as XmlNode[];
  if (!Array.isArray(nodes) || nodes.length !== 1) return null;
  if (name === 'Envelope') {
    const body = children(nodes[0], 'Body');
    if (body.length !== 1) return null;
    const { $: _attrs, ...inside } = body[0]!;
    return rootOf(inside);
  }
  return { name, node: nodes[0]! };
}

/**
 * Reads one OTA_HotelAvailNotifRQ or OTA_HotelRateAmountNotifRQ (bare, or in a SOAP envelope's body). Every problem is
 * listed with its OTA type and code and the node at fault: malformed XML (with its line and column), a DOCTYPE, another
 * message, a missing or wrong attribute. A message with any problem gives no updates: it applies whole or not at all.
 */
export function readOtaMessage(xml: string): OtaRequest {
  const text = xml.replace(/^\uFEFF/, '');
  // Until the XML is read, what can be seen of it: an answer to a malformed message still names it and echoes its token.
  const echo: OtaEcho = echoOf(text);
  const refuse = (...errors: OtaError[]): OtaRequest => ({ ok: false, echo, errors });
  if (text.trim() === '') return refuse(otaError(EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'The request body is empty: send an OTA_HotelAvailNotifRQ or OTA_HotelRateAmountNotifRQ'));
  // No DOCTYPE, so no entity can be declared: nothing can expand (billion laughs) or be fetched (XXE).
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return refuse(otaError(EWT.protocolViolation, ERR.unableToProcess, 'A DOCTYPE or ENTITY declaration is not accepted'));
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return refuse(otaError(EWT.processingException, ERR.unableToProcess, `The XML is malformed at line ${line}${col ? `, column ${col}` : ''}: ${msg}`));
  }
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    return refuse(otaError(EWT.processingException, ERR.unableToProcess, `The XML could not be read: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`));
  }
  const root = rootOf(doc);
  if (!root) return refuse(otaError(EWT.processingException, ERR.unableToProcess, 'The XML must have one root element: the OTA message'));
  echo.message = /^OTA_[A-Za-z]{1,60}RQ$/.test(root.name) ? root.name : echo.message;
  const echoToken = attr(root.node, 'EchoToken');
  const version = attr(root.node, 'Version');
  // Now read from the root element itself.
  delete echo.echoToken;
  delete echo.version;
  if (echoToken) echo.echoToken = echoToken.slice(0, 128);
  if (version) echo.version = version.slice(0, 32);
  if (!(OTA_MESSAGES as readonly string[]).includes(root.name)) {
    return refuse(otaError(EWT.noImplementation, ERR.unableToProcess, `${root.name.slice(0, 80)} is not taken here: send OTA_HotelAvailNotifRQ or OTA_HotelRateAmountNotifRQ`, `/${root.name.slice(0, 80)}`));
  }
  const message = root.name as OtaMessage;
  const p = new Problems();
  const rootPath = `/${message}`;
  const updates = message === 'OTA_HotelAvailNotifRQ' ? availUpdates(p, root.node, rootPath) : rateUpdates(p, root.node, rootPath);
  if (p.list.length) return { ok: false, echo, errors: p.list };
  return { ok: true, echo, message, updates };
}

/** The answer's root element: the request's …RS, or OTA_ErrorRS when no OTA message could be named. */
const answerName = (echo: OtaEcho) => (echo.message ? echo.message.replace(/RQ$/, 'RS') : 'OTA_ErrorRS');

function answer(echo: OtaEcho, now: Date, content: Record<string, unknown>): string {
  const root = {
    '@xmlns': OTA_NAMESPACE,
    ...(echo.echoToken ? { '@EchoToken': echo.echoToken } : {}),
    '@TimeStamp': now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    '@Version': echo.version ?? '1.0',
    ...content,
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [answerName(echo)]: root })}`;
}

/** The …RS of an applied message: <Success/>. */
export const otaSuccess = (echo: OtaEcho, now: Date) => answer(echo, now, { Success: '' });

/** The …RS of a refused one: <Errors><Error Type Code Status ShortText NodeList>why</Error>…</Errors>. */
export function otaErrors(echo: OtaEcho, now: Date, errors: readonly OtaError[]): string {
  const Error = errors.map((e) => ({
    '@Type': String(e.type),
    '@Code': String(e.code),
    '@Status': 'NotProcessed',
    ...(SHORT_TEXT[e.code] ? { '@ShortText': SHORT_TEXT[e.code] } : {}),
    ...(e.node ? { '@NodeList': e.node } : {}),
    '#text': e.text,
  }));
  return answer(echo, now, { Errors: { Error } });
}

/** The echo of a request not read (refused before its body was): its message name and EchoToken when they can be seen. */
export function echoOf(xml: string): OtaEcho {
  const head = xml.slice(0, 4096);
  const message = sniffMessage(head);
  const token = message ? /\sEchoToken\s*=\s*"([^"<&]{1,128})"/.exec(head)?.[1] : undefined;
  const version = message ? /\sVersion\s*=\s*"([^"<&]{1,32})"/.exec(head)?.[1] : undefined;
  return { message, ...(token ? { echoToken: token } : {}), ...(version ? { version } : {}) };
}
