// Channel managers over real HTTP (docs/contract.md#rooms-rates-and-availability, docs/decisions/0058-ota-xml.md): an
// admin makes credentials; OTA_HotelAvailNotifRQ and OTA_HotelRateAmountNotifRQ pushed with them change the hotel's
// nights in D1 (units, stop sell, closed to arrival, stays by weekday, prices in USD and converted from EUR); wrong
// credentials, malformed XML, unknown codes and a hotel imported from the bed bank are refused in OpenTravel's <Errors>
// and change nothing; revoked credentials stop working.
import { beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, freshIp, signedInClient, verifiedAccount, DB_TEST_TIMEOUT } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { foldRateRanges, foldRoomRanges, type RateRange, type RoomRange } from '../../src/shared/rules/ari-ranges';
import { LIMITS } from '../../functions/http/rate-limit';

const NS = 'http://www.opentravel.org/OTA/2003/05';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const nightsFrom = (from: string, n: number) => Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

let host: string;
let orgId: number;
let admin: Client;
let member: Client;
let acmeAdmin: Client;
let hotel: { id: number; code: string; std: number; bar: number; nrf: number };
let other: { id: number; code: string };
let acmeHotelCode: string;
/** A hotel the org imported from its bed bank, with a room type as the import writes one (no rooms of its own for sale). */
let imported: { id: number; code: string };
let credentials: { username: string; password: string };

const basic = (c: { username: string; password: string }) => `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;

function push(xml: string, opts: { auth?: string | null; type?: string; host?: string; ip?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': opts.type ?? 'application/xml', 'cf-connecting-ip': opts.ip ?? freshIp() };
  const auth = opts.auth === undefined ? basic(credentials) : opts.auth;
  if (auth !== null) headers.authorization = auth;
  return call('/api/channel/ota', { method: 'POST', rawBody: xml, host: opts.host ?? 'localhost', headers });
}

interface OtaAnswer {
  root: string;
  attrs: Record<string, string>;
  success: boolean;
  errors: { Type: string; Code: string; ShortText?: string; NodeList?: string; text: string }[];
}

function read(r: Reply): OtaAnswer {
  expect(String(r.headers['content-type'])).toMatch(/^application\/xml/);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'Error' }).parse(r.text);
  const root = Object.keys(doc).find((k) => k !== '?xml')!;
  const { Success, Errors, ...attrs } = doc[root];
  const errors = ((Errors?.Error ?? []) as Record<string, string>[]).map(({ '#text': text, ...a }) => ({ ...a, text: text! })) as OtaAnswer['errors'];
  return { root, attrs, success: Success !== undefined, errors };
}

function expectSuccess(r: Reply, root: string) {
  expect(r.status, r.text).toBe(200);
  const a = read(r);
  expect(a.root).toBe(root);
  expect(a.success, r.text).toBe(true);
  expect(a.attrs.xmlns).toBe(NS);
  return a;
}

function expectErrors(r: Reply, status: number, root: string) {
  expect(r.status, r.text).toBe(status);
  const a = read(r);
  expect(a.root).toBe(root);
  expect(a.success).toBe(false);
  expect(a.errors.length).toBeGreaterThan(0);
  return a;
}

const availRQ = (inner: string, hotelCode = hotel.code, token = 'avail-1') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<OTA_HotelAvailNotifRQ xmlns="${NS}" EchoToken="${token}" TimeStamp="${new Date().toISOString()}" Version="1.0">
  <AvailStatusMessages HotelCode="${hotelCode}">${inner}</AvailStatusMessages>
</OTA_HotelAvailNotifRQ>`;

const rateRQ = (messages: { from: string; to: string; amount: string; currency: string; room?: string; plan?: string }[], hotelCode = hotel.code, token = 'rates-1') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<OTA_HotelRateAmountNotifRQ xmlns="${NS}" EchoToken="${token}" Version="1.0">
  <RateAmountMessages HotelCode="${hotelCode}">${messages
    .map(
      (m) => `
    <RateAmountMessage>
      <StatusApplicationControl Start="${m.from}" End="${m.to}" InvTypeCode="${m.room ?? 'STD'}" RatePlanCode="${m.plan ?? 'BAR'}"/>
      <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="${m.amount}" CurrencyCode="${m.currency}"/></BaseByGuestAmts></Rate></Rates>
    </RateAmountMessage>`,
    )
    .join('')}
  </RateAmountMessages>
</OTA_HotelRateAmountNotifRQ>`;

/** A room's nights from `from` to `to` as its ranges make them (the Worker's own folding rule). */
const roomNights = async (from: string, to: string, roomId = hotel.std) =>
  foldRoomRanges(await d1Query<RoomRange>(`SELECT * FROM room_ranges WHERE room_id = ${roomId} AND to_night >= '${from}' AND from_night <= '${to}'`), [], from, to);
/** The standard room's nights under a plan from `from` to `to`, from its ranges. */
const rateNights = async (from: string, to: string, planId = hotel.bar) =>
  foldRateRanges(
    await d1Query<RateRange>(`SELECT * FROM rate_ranges WHERE room_id = ${hotel.std} AND rate_plan_id = ${planId} AND to_night >= '${from}' AND from_night <= '${to}'`),
    from,
    to,
  );
/** Everything the org's ARI holds, to prove a refused message changed nothing. */
const ariSnapshot = async () =>
  JSON.stringify([
    await d1Query(`SELECT * FROM room_ranges WHERE product_id IN (${hotel.id}, ${other.id}) ORDER BY id`),
    await d1Query(`SELECT * FROM rate_ranges WHERE product_id IN (${hotel.id}, ${other.id}) ORDER BY id`),
    await d1Query(`SELECT * FROM room_nights WHERE product_id IN (${hotel.id}, ${other.id}) ORDER BY room_id, night`),
  ]);
const orgVersion = async () => (await d1Query<{ version: number }>(`SELECT version FROM orgs WHERE id = ${orgId}`))[0]!.version;

async function audit(action: string) {
  const r = await admin.call('/api/admin/audit?page=1');
  expect(r.status, r.text).toBe(200);
  return (r.json.data as { action: string; target: string; actor_email: string; detail: any }[]).filter((a) => a.action === action);
}

beforeAll(async () => {
  const slug = `channel-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name) VALUES ('Channel ${slug}'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests)
       SELECT org_id, 'HLT', 'Hôtel du Canal', 'Lyon', 'FR', 45.76, 4.83, 10000, 'night', 2 FROM org_domains WHERE host = '${host}';
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests)
       SELECT org_id, 'HLT', 'Hôtel du Quai', 'Lyon', 'FR', 45.75, 4.84, 12000, 'night', 2 FROM org_domains WHERE host = '${host}';
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  await d1Query(DEFAULT_INVENTORY_SQL);
  const products = await d1Query<{ id: number; code: string }>(`SELECT id, code FROM products WHERE org_id = ${orgId} ORDER BY id`);
  const [first, second] = products;
  // A second plan selling the standard room: a restriction without a RatePlanCode goes to both.
  await d1Query(
    `INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, base_occupancy) VALUES (${first!.id}, ${orgId}, 'NRF', '{"en-US":"Non-refundable"}', 'RO', 0, 2);
     INSERT INTO rate_plan_rooms (rate_plan_id, room_id) SELECT last_insert_rowid(), id FROM room_types WHERE product_id = ${first!.id} AND code = 'STD';`,
  );
  const [ids] = await d1Query<{ std: number; bar: number; nrf: number }>(
    `SELECT (SELECT id FROM room_types WHERE product_id = ${first!.id} AND code = 'STD') AS std,
            (SELECT id FROM rate_plans WHERE product_id = ${first!.id} AND code = 'BAR') AS bar,
            (SELECT id FROM rate_plans WHERE product_id = ${first!.id} AND code = 'NRF') AS nrf`,
  );
  hotel = { id: first!.id, code: first!.code, ...ids! };
  other = second!;
  expect(hotel.code).toBe(`P${hotel.id}`);
  const [supplied] = await d1Query<{ id: number; code: string }>(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
     VALUES (${orgId}, 'HLT', 'Hôtel de la Banque', 'Lyon', 'FR', 45.77, 4.85, 0, 'night', 2, 'Europe/Paris', 'hotelbeds', '99017');
     SELECT id, code FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds'`,
  );
  imported = supplied!;
  expect(imported.code).toBe(`P${imported.id}`);
  await d1Query(
    `INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units, position)
     VALUES (${imported.id}, ${orgId}, 'DBL.ST', '{"en-US":"Double room"}', 2, 1, 3, 0, 0)`,
  );
  acmeHotelCode = (await d1Query<{ code: string }>(`SELECT p.code FROM products p JOIN org_domains d ON d.org_id = p.org_id WHERE d.host = 'acme.localhost' AND p.price_unit = 'night' LIMIT 1`))[0]!.code;

  const [a, m] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a.email}';`);
  const [sa, sm, acme] = await Promise.all([
    signedInClient(a.email, a.password, host),
    signedInClient(m.email, m.password, host),
    signedInClient('admin@acme.example.com', 'Admin1!pass', 'acme.localhost'),
  ]);
  admin = sa.client;
  member = sm.client;
  acmeAdmin = acme.client;
}, DB_TEST_TIMEOUT);

describe('channel manager credentials (the console)', () => {
  it('an admin makes credentials: the password is shown once, the list never shows it, and the making is audited', async () => {
    const r = await admin.call('/api/admin/channel-credentials', { method: 'POST' });
    expect(r.status, r.text).toBe(201);
    credentials = r.json.data;
    expect(credentials.username).toMatch(/^cm-[a-z2-7]{16}$/);
    expect(credentials.password.length).toBeGreaterThanOrEqual(32);
    const list = await admin.call('/api/admin/channel-credentials');
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([{ username: credentials.username, created_at: expect.any(String), last_used_at: null }]);
    expect(list.text).not.toContain(credentials.password);
    const [stored] = await d1Query<{ password_hash: string }>(`SELECT password_hash FROM channel_credentials WHERE username = '${credentials.username}'`);
    expect(stored!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect((await audit('channel_credential.create')).map((a) => a.target)).toContain(`channel:${credentials.username}`);
  });

  it('only the org’s admins reach them: a member gets 403, nobody signed in 401, another org’s admin sees none of them', async () => {
    expect((await member.call('/api/admin/channel-credentials')).status).toBe(403);
    expect((await member.call('/api/admin/channel-credentials', { method: 'POST' })).status).toBe(403);
    expect((await call('/api/admin/channel-credentials', { host })).status).toBe(401);
    const acme = await acmeAdmin.call('/api/admin/channel-credentials');
    expect(acme.status).toBe(200);
    expect(JSON.stringify(acme.json.data)).not.toContain(credentials.username);
    const revoke = await acmeAdmin.call(`/api/admin/channel-credentials/${credentials.username}`, { method: 'DELETE' });
    expect(revoke.status, revoke.text).toBe(404);
    expectErrorShape(revoke.json, 'NOT_FOUND');
    expect(revoke.json.error.message).toBe('No such channel manager credentials');
  });
});

describe('OTA_HotelAvailNotifRQ', () => {
  it('sets rooms for sale, stops the room, closes Fridays and Saturdays to arrival and sets a minimum stay by weekday', async () => {
    const from = day(60);
    const to = day(73);
    const stop = day(64);
    const versionBefore = await orgVersion();
    const r = await push(
      availRQ(`
    <AvailStatusMessage BookingLimit="7" BookingLimitMessageType="SetLimit">
      <StatusApplicationControl Start="${from}" End="${to}" InvTypeCode="STD"/>
    </AvailStatusMessage>
    <AvailStatusMessage>
      <StatusApplicationControl Start="${stop}" End="${stop}" InvTypeCode="STD"/>
      <RestrictionStatus Status="Close" Restriction="Master"/>
    </AvailStatusMessage>
    <AvailStatusMessage>
      <StatusApplicationControl Start="${from}" End="${to}" InvTypeCode="STD" RatePlanCode="BAR" Mon="false" Tue="false" Weds="false" Thur="false" Fri="true" Sat="true" Sun="false"/>
      <RestrictionStatus Status="Close" Restriction="Arrival"/>
      <LengthsOfStay><LengthOfStay MinMaxMessageType="SetMinLOS" Time="2" TimeUnit="Day"/></LengthsOfStay>
    </AvailStatusMessage>`),
    );
    const answer = expectSuccess(r, 'OTA_HotelAvailNotifRS');
    expect(answer.attrs).toMatchObject({ EchoToken: 'avail-1', Version: '1.0' });
    expect(answer.attrs.TimeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const rooms = await roomNights(from, to);
    expect(rooms.map((n) => n.night)).toEqual(nightsFrom(from, 14));
    expect(rooms.every((n) => n.units === 7)).toBe(true);
    expect(rooms.filter((n) => n.stop_sell === 1).map((n) => n.night)).toEqual([stop]);

    const rates = await rateNights(from, to);
    const weekend = rates.filter((n) => [5, 6].includes(isoWeekday(n.night)));
    expect(weekend.length).toBe(4);
    for (const n of rates) {
      const friSat = [5, 6].includes(isoWeekday(n.night));
      expect([n.night, n.closed_to_arrival, n.min_stay]).toEqual([n.night, friSat ? 1 : 0, friSat ? 2 : 1]);
      expect(n.price_usd_minor).toBe(10000);
    }
    // The plan's restriction stayed with the plan named.
    expect((await rateNights(from, to, hotel.nrf)).every((n) => n.closed_to_arrival === 0 && n.min_stay === 1)).toBe(true);

    expect(await orgVersion()).toBeGreaterThan(versionBefore);
    const [row] = await audit('channel.ari');
    expect(row).toMatchObject({ actor_email: `channel manager ${credentials.username}`, target: 'OTA_HotelAvailNotifRQ', detail: { echo_token: 'avail-1', hotels: [hotel.code], updates: 3 } });
    const list = await admin.call('/api/admin/channel-credentials');
    expect(list.json.data[0].last_used_at).toEqual(expect.any(String));
  });

  it('Master Close with a RatePlanCode stops that plan alone; without one an Arrival closure goes to every plan selling the room', async () => {
    const night = day(80);
    const r = await push(
      availRQ(`
    <AvailStatusMessage><StatusApplicationControl Start="${night}" End="${night}" InvTypeCode="STD" RatePlanCode="NRF"/><RestrictionStatus Status="Close"/></AvailStatusMessage>
    <AvailStatusMessage><StatusApplicationControl Start="${night}" End="${night}" InvTypeCode="STD"/><RestrictionStatus Status="Close" Restriction="Departure"/></AvailStatusMessage>`),
    );
    expectSuccess(r, 'OTA_HotelAvailNotifRS');
    expect((await roomNights(night, night))[0]?.stop_sell ?? 0).toBe(0);
    expect((await rateNights(night, night, hotel.nrf))[0]).toMatchObject({ stop_sell: 1, closed_to_departure: 1 });
    expect((await rateNights(night, night, hotel.bar))[0]).toMatchObject({ stop_sell: 0, closed_to_departure: 1 });
  });
});

describe('OTA_HotelRateAmountNotifRQ', () => {
  it('sets prices in USD, and converts EUR to USD at the day’s rate', async () => {
    const usdFrom = day(90);
    const eurFrom = day(95);
    const r = await push(rateRQ([{ from: usdFrom, to: day(94), amount: '150.00', currency: 'USD' }, { from: eurFrom, to: day(99), amount: '200', currency: 'EUR' }]));
    const answer = expectSuccess(r, 'OTA_HotelRateAmountNotifRS');
    expect(answer.attrs.EchoToken).toBe('rates-1');
    expect((await rateNights(usdFrom, day(94))).map((n) => n.price_usd_minor)).toEqual([15000, 15000, 15000, 15000, 15000]);
    const eurPerUsd = (await call('/api/general/getCurrencyRate', { body: { fromCurrency: 'USD', toCurrency: 'EUR' } })).json.roeRate as number;
    const eur = await rateNights(eurFrom, day(99));
    expect(eur).toHaveLength(5);
    for (const n of eur) expect(Math.abs(n.price_usd_minor! - Math.round(20000 / eurPerUsd)), `${n.night}: ${n.price_usd_minor}`).toBeLessThanOrEqual(Math.ceil(20000 / eurPerUsd / 100));
    expect(new Set(eur.map((n) => n.price_usd_minor)).size).toBe(1);
    // Another plan's prices are its own.
    expect((await rateNights(usdFrom, day(94), hotel.nrf)).every((n) => n.price_usd_minor !== 15000)).toBe(true);
  });
});

describe('refusals: in OpenTravel’s <Errors>, nothing changed', () => {
  it('no credentials, wrong ones and another kind of authorization get 401 with WWW-Authenticate and EWT 4', async () => {
    const before = await ariSnapshot();
    const cases: [string | null, string][] = [
      [null, '182'],
      [basic({ username: credentials.username, password: 'wrong-password' }), '497'],
      [basic({ username: 'cm-nobodynobodynob', password: credentials.password }), '497'],
      ['Bearer abc', '182'],
    ];
    for (const [auth, code] of cases) {
      const r = await push(availRQ(`<AvailStatusMessage BookingLimit="0"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage>`, hotel.code, 'no-auth'), { auth });
      const a = expectErrors(r, 401, 'OTA_HotelAvailNotifRS');
      expect(String(r.headers['www-authenticate'])).toMatch(/^Basic realm=/);
      expect(a.attrs.EchoToken).toBe('no-auth');
      expect(a.errors[0]).toMatchObject({ Type: '4', Code: code });
    }
    expect(await ariSnapshot()).toBe(before);
  });

  it('malformed XML, a DOCTYPE and another message are refused with 400', async () => {
    const before = await ariSnapshot();
    const malformed = expectErrors(await push(`<OTA_HotelAvailNotifRQ xmlns="${NS}" EchoToken="bad-xml"><AvailStatusMessages HotelCode="${hotel.code}"></OTA_HotelAvailNotifRQ>`), 400, 'OTA_HotelAvailNotifRS');
    expect(malformed.attrs.EchoToken).toBe('bad-xml');
    expect(malformed.errors[0]).toMatchObject({ Type: '12', Code: '450' });
    expect(malformed.errors[0]!.text).toMatch(/^The XML is malformed at line 1, column \d+/);
    const doctype = expectErrors(await push(`<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><OTA_HotelAvailNotifRQ EchoToken="&a;"/>`), 400, 'OTA_HotelAvailNotifRS');
    expect(doctype.errors[0]!.text).toBe('A DOCTYPE or ENTITY declaration is not accepted');
    const other = expectErrors(await push(`<OTA_HotelResNotifRQ xmlns="${NS}" EchoToken="res"/>`), 400, 'OTA_HotelResNotifRS');
    expect(other.errors[0]).toMatchObject({ Type: '2' });
    const notXml = expectErrors(await push('{"not": "xml"}'), 400, 'OTA_ErrorRS');
    expect(notXml.errors[0]).toMatchObject({ Code: '450' });
    expect(await ariSnapshot()).toBe(before);
  });

  it('unknown hotel (another org’s included), room and rate codes are refused with their OTA codes', async () => {
    const before = await ariSnapshot();
    for (const [xml, code, text] of [
      [availRQ(`<AvailStatusMessage BookingLimit="3"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage>`, acmeHotelCode), '392', `HotelCode "${acmeHotelCode}" is not a hotel of this account`],
      [availRQ(`<AvailStatusMessage BookingLimit="3"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage>`, 'NOPE'), '392', 'HotelCode "NOPE" is not a hotel of this account'],
      [availRQ(`<AvailStatusMessage BookingLimit="3"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="SUITE"/></AvailStatusMessage>`), '402', `InvTypeCode "SUITE" is not a room type of hotel ${hotel.code}`],
      [rateRQ([{ from: day(60), to: day(61), amount: '99', currency: 'USD', plan: 'PROMO' }]), '249', `RatePlanCode "PROMO" is not a rate plan of hotel ${hotel.code}`],
    ] as const) {
      const a = expectErrors(await push(xml), 400, xml.includes('RateAmount') ? 'OTA_HotelRateAmountNotifRS' : 'OTA_HotelAvailNotifRS');
      expect(a.errors).toEqual([expect.objectContaining({ Type: '3', Code: code, text, NodeList: expect.stringMatching(/^\/OTA_Hotel/) })]);
    }
    expect(await ariSnapshot()).toBe(before);
  });

  it('a hotel imported from the bed bank is refused (its ARI comes from the supplier) and nothing of it is written', async () => {
    const versionBefore = await orgVersion();
    const text = `Hotel ${imported.code} is supplied by hotelbeds; its rates and availability come from the supplier`;
    const avail = availRQ(
      `<AvailStatusMessage BookingLimit="3"><StatusApplicationControl Start="${day(60)}" End="${day(62)}" InvTypeCode="DBL.ST"/><RestrictionStatus Status="Close"/></AvailStatusMessage>`,
      imported.code,
    );
    expect(expectErrors(await push(avail), 400, 'OTA_HotelAvailNotifRS').errors).toEqual([
      expect.objectContaining({ Type: '3', Code: '392', ShortText: 'Invalid hotel code', text, NodeList: '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]' }),
    ]);
    const rates = rateRQ([{ from: day(60), to: day(62), amount: '99', currency: 'USD', room: 'DBL.ST' }], imported.code);
    expect(expectErrors(await push(rates), 400, 'OTA_HotelRateAmountNotifRS').errors).toEqual([expect.objectContaining({ Type: '3', Code: '392', text })]);
    // Beside one of the org's own hotels in the same message: the whole message is refused, the own hotel's part too.
    const before = await ariSnapshot();
    const both = `<OTA_HotelAvailNotifRQ xmlns="${NS}"><AvailStatusMessages HotelCode="${hotel.code}"><AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage></AvailStatusMessages>
      <AvailStatusMessages HotelCode="${imported.code}"><AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="DBL.ST"/></AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
    expect(expectErrors(await push(both), 400, 'OTA_HotelAvailNotifRS').errors).toEqual([expect.objectContaining({ Code: '392', text })]);
    expect(await ariSnapshot()).toBe(before);
    for (const table of ['room_ranges', 'rate_ranges', 'room_nights']) {
      expect(await d1Query(`SELECT * FROM ${table} WHERE product_id = ${imported.id}`), table).toEqual([]);
    }
    expect(await orgVersion()).toBe(versionBefore);
  });

  it('a message with one bad part changes nothing: the good parts before and after it are not applied either', async () => {
    const before = await ariSnapshot();
    const versionBefore = await orgVersion();
    const a = expectErrors(
      await push(
        rateRQ([
          { from: day(100), to: day(105), amount: '111', currency: 'USD' },
          { from: day(100), to: day(105), amount: '222', currency: 'USD', room: 'NOSUCHROOM' },
          { from: day(106), to: day(108), amount: '333', currency: 'USD' },
        ]),
      ),
      400,
      'OTA_HotelRateAmountNotifRS',
    );
    expect(a.errors).toEqual([expect.objectContaining({ Code: '402', NodeList: '/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]/RateAmountMessage[2]/Rates/Rate[1]' })]);
    // A second hotel of the org named in the same message with a wrong attribute: nothing of either is applied.
    const both = `<OTA_HotelAvailNotifRQ xmlns="${NS}"><AvailStatusMessages HotelCode="${other.code}"><AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage></AvailStatusMessages>
      <AvailStatusMessages HotelCode="${hotel.code}"><AvailStatusMessage BookingLimit="lots"><StatusApplicationControl Start="${day(60)}" End="${day(61)}" InvTypeCode="STD"/></AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
    expect(expectErrors(await push(both), 400, 'OTA_HotelAvailNotifRS').errors[0]).toMatchObject({ Type: '3', Code: '320' });
    expect(await ariSnapshot()).toBe(before);
    expect(await orgVersion()).toBe(versionBefore);
  });

  it('a body that is not XML by its type gets 415; one over 1 MiB gets 400, both in <Errors>', async () => {
    const before = await ariSnapshot();
    const json = expectErrors(await push(availRQ(''), { type: 'application/json' }), 415, 'OTA_HotelAvailNotifRS');
    expect(json.errors[0]!.text).toBe('Send the message as application/xml or text/xml');
    const big = availRQ(`<!-- ${'x'.repeat(1024 * 1024)} -->`);
    const tooLarge = expectErrors(await push(big), 400, 'OTA_ErrorRS');
    expect(tooLarge.errors[0]!.text).toBe('The message is larger than 1 MiB: send it in parts');
    // text/xml is taken as well.
    expectSuccess(await push(availRQ(`<AvailStatusMessage BookingLimit="9"><StatusApplicationControl Start="${day(120)}" End="${day(120)}" InvTypeCode="STD"/></AvailStatusMessage>`), { type: 'text/xml; charset=utf-8' }), 'OTA_HotelAvailNotifRS');
    expect(JSON.parse(await ariSnapshot())[0]).not.toEqual(JSON.parse(before)[0]);
  });

  it('a request from a browser on another site is refused before anything is read', async () => {
    const r = await call('/api/channel/ota', { method: 'POST', rawBody: availRQ(''), headers: { 'content-type': 'application/xml', authorization: basic(credentials), origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expectErrorShape(r.json, 'FORBIDDEN');
  });
});

describe('wrong credentials per address (docs/decisions/0012)', () => {
  const { max, windowMs } = LIMITS.channelLoginIp;
  const stopNight = (token: string) =>
    availRQ(`<AvailStatusMessage BookingLimit="0"><StatusApplicationControl Start="${day(70)}" End="${day(70)}" InvTypeCode="STD"/></AvailStatusMessage>`, hotel.code, token);

  it(`of ${max + 30} pushes with wrong credentials sent at once from one address, at most ${max} are checked and the rest get 429 in <Errors> with Retry-After`, async () => {
    const before = await ariSnapshot();
    const ip = freshIp();
    const wrong = (i: number) => basic(i % 2 ? { username: credentials.username, password: `wrong-${i}` } : { username: `cm-guess${String(i).padStart(9, 'x')}`, password: `wrong-${i}` });
    const replies = await Promise.all(Array.from({ length: max + 30 }, (_, i) => push(stopNight('guessing'), { auth: wrong(i), ip })));
    const statuses = replies.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});
    expect(Object.keys(statuses).sort(), JSON.stringify(statuses)).toEqual(['401', '429']);
    expect(statuses[401], JSON.stringify(statuses)).toBeLessThanOrEqual(max);
    for (const r of replies.filter((x) => x.status === 429)) {
      const a = expectErrors(r, 429, 'OTA_HotelAvailNotifRS');
      expect(a.attrs.EchoToken).toBe('guessing');
      expect(a.errors[0]).toMatchObject({ Type: '4', Code: '497' });
      expect(a.errors[0]!.text).toMatch(/^Too many wrong credentials from this address: send again in \d+ seconds$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['www-authenticate']).toBeUndefined();
    }
    // While the address is over its limit, no credentials are checked from it, good ones included.
    expectErrors(await push(stopNight('good-but-waiting'), { ip }), 429, 'OTA_HotelAvailNotifRS');
    expect(await ariSnapshot()).toBe(before);
  }, 60_000);

  it('good credentials still pass from another address, and only wrong ones count against an address', async () => {
    const ip = freshIp();
    await Promise.all(Array.from({ length: 40 }, (_, i) => push(stopNight('elsewhere'), { auth: basic({ username: credentials.username, password: `wrong-${i}` }), ip })));
    expect((await push(stopNight('elsewhere'), { auth: basic({ username: credentials.username, password: 'wrong' }), ip })).status).toBe(429);
    // The channel manager's own server, at another address, is not held up.
    const other = freshIp();
    expectSuccess(await push(stopNight('good-1'), { ip: other }), 'OTA_HotelAvailNotifRS');
    // One failure short of the limit, accepted pushes from that address do not count: the limit's last attempt is still there.
    for (let i = 0; i < max - 1; i++) expect((await push(stopNight('typo'), { auth: basic({ ...credentials, password: 'typo' }), ip: other })).status).toBe(401);
    for (let i = 0; i < 3; i++) expectSuccess(await push(stopNight(`good-${i + 2}`), { ip: other }), 'OTA_HotelAvailNotifRS');
    expect((await push(stopNight('typo'), { auth: basic({ ...credentials, password: 'typo' }), ip: other })).status).toBe(401);
    expectErrors(await push(stopNight('typo'), { auth: basic({ ...credentials, password: 'typo' }), ip: other }), 429, 'OTA_HotelAvailNotifRS');
  }, 60_000);
});

describe('revoking', () => {
  it('revoked credentials get 401 from the next message on; revoking again is 404', async () => {
    const r = await admin.call(`/api/admin/channel-credentials/${credentials.username}`, { method: 'DELETE' });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toEqual({ username: credentials.username });
    expect((await admin.call('/api/admin/channel-credentials')).json.data).toEqual([]);
    const refused = expectErrors(await push(rateRQ([{ from: day(60), to: day(61), amount: '1', currency: 'USD' }])), 401, 'OTA_HotelRateAmountNotifRS');
    expect(refused.errors[0]).toMatchObject({ Type: '4', Code: '497' });
    expect((await admin.call(`/api/admin/channel-credentials/${credentials.username}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.call('/api/admin/channel-credentials/not-a-username', { method: 'DELETE' })).status).toBe(404);
    expect((await audit('channel_credential.revoke')).map((a) => a.target)).toEqual([`channel:${credentials.username}`]);
  });
});
