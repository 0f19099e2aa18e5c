// The channel managers' OpenTravel wire (functions/outside/channel-ota.ts) and the pure parts of its flow: real-looking
// OTA_HotelAvailNotifRQ and OTA_HotelRateAmountNotifRQ read into updates by codes, precise errors for what is wrong,
// the …RS answers, the codes resolved within an org's hotels and amounts converted to USD.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { echoOf, ERR, EWT, MAX_MESSAGES, MAX_RANGE_NIGHTS, OTA_NAMESPACE, otaErrors, otaSuccess, readOtaMessage, type OtaError } from '../../functions/outside/channel-ota';
import { basicCredentials, resolveUpdates } from '../../functions/flows/channel';
import type { ChannelHotel } from '../../functions/db/channel';

const AVAIL = `<?xml version="1.0" encoding="UTF-8"?>
<OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="a1b2c3-avail" TimeStamp="2026-11-27T10:15:00+00:00" Version="1.002">
  <AvailStatusMessages HotelCode="P17">
    <AvailStatusMessage BookingLimit="7" BookingLimitMessageType="SetLimit">
      <StatusApplicationControl Start="2027-03-01" End="2027-03-31" InvTypeCode="STD"/>
    </AvailStatusMessage>
    <AvailStatusMessage>
      <StatusApplicationControl Start="2027-03-10" End="2027-03-12" InvTypeCode="STD"/>
      <RestrictionStatus Status="Close"/>
    </AvailStatusMessage>
    <AvailStatusMessage>
      <StatusApplicationControl Start="2027-03-01" End="2027-03-31" InvTypeCode="STD" RatePlanCode="BAR" Mon="false" Tue="false" Weds="false" Thur="false" Fri="true" Sat="true" Sun="false"/>
      <RestrictionStatus Status="Close" Restriction="Arrival"/>
      <LengthsOfStay>
        <LengthOfStay MinMaxMessageType="SetMinLOS" Time="2" TimeUnit="Day"/>
        <LengthOfStay MinMaxMessageType="SetMaxLOS" Time="14" TimeUnit="Day"/>
      </LengthsOfStay>
    </AvailStatusMessage>
    <AvailStatusMessage>
      <StatusApplicationControl Start="2027-04-01" End="2027-04-01" InvTypeCode="STD" RatePlanCode="BAR"/>
      <RestrictionStatus Status="Close" Restriction="Master"/>
      <RestrictionStatus Status="Open" Restriction="Departure"/>
    </AvailStatusMessage>
  </AvailStatusMessages>
</OTA_HotelAvailNotifRQ>`;

const RATES = `<?xml version="1.0" encoding="UTF-8"?>
<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/">
  <soap-env:Body>
    <OTA_HotelRateAmountNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="rates-42" Version="1.0" TimeStamp="2026-11-27T10:16:00Z">
      <RateAmountMessages HotelCode="P17">
        <RateAmountMessage>
          <StatusApplicationControl Start="2027-03-01" End="2027-03-31" InvTypeCode="STD" RatePlanCode="BAR"/>
          <Rates>
            <Rate>
              <BaseByGuestAmts>
                <BaseByGuestAmt AmountAfterTax="189.00" CurrencyCode="EUR"/>
              </BaseByGuestAmts>
            </Rate>
          </Rates>
        </RateAmountMessage>
        <RateAmountMessage>
          <StatusApplicationControl Start="2027-04-01" End="2027-04-30" InvTypeCode="STD" RatePlanCode="BAR" Sat="true" Sun="true"/>
          <Rates>
            <Rate>
              <BaseByGuestAmts>
                <BaseByGuestAmt NumberOfGuests="1" AmountAfterTax="15000" DecimalPlaces="2" CurrencyCode="USD"/>
                <BaseByGuestAmt NumberOfGuests="2" AmountAfterTax="17500" DecimalPlaces="2" CurrencyCode="USD"/>
              </BaseByGuestAmts>
            </Rate>
          </Rates>
        </RateAmountMessage>
      </RateAmountMessages>
    </OTA_HotelRateAmountNotifRQ>
  </soap-env:Body>
</soap-env:Envelope>`;

const errorsOf = (xml: string): OtaError[] => {
  const r = readOtaMessage(xml);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.updates)}`);
  return r.errors;
};
const avail = (inner: string, list = 'HotelCode="P17"') =>
  `<OTA_HotelAvailNotifRQ xmlns="${OTA_NAMESPACE}" EchoToken="t" Version="1.0"><AvailStatusMessages ${list}>${inner}</AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
const control = (attrs = '') => `<StatusApplicationControl Start="2027-03-01" End="2027-03-05" InvTypeCode="STD" ${attrs}/>`;

describe('OTA_HotelAvailNotifRQ', () => {
  it('reads units, stop sell, closed to arrival and departure, stays and weekdays into updates by codes', () => {
    const r = readOtaMessage(AVAIL);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message).toBe('OTA_HotelAvailNotifRQ');
    expect(r.echo).toMatchObject({ echoToken: 'a1b2c3-avail', version: '1.002' });
    const base = { hotelCode: 'P17', roomCode: 'STD' };
    expect(r.updates).toEqual([
      { ...base, from: '2027-03-01', to: '2027-03-31', units: 7, node: '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]' },
      { ...base, from: '2027-03-10', to: '2027-03-12', stopSell: true, node: '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[2]' },
      {
        ...base, ratePlanCode: 'BAR', from: '2027-03-01', to: '2027-03-31', weekdays: [5, 6], closedToArrival: true, minStay: 2, maxStay: 14,
        node: '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[3]',
      },
      { ...base, ratePlanCode: 'BAR', from: '2027-04-01', to: '2027-04-01', stopSell: true, closedToDeparture: false, node: '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[4]' },
    ]);
  });

  it('takes a namespace prefix, weekday flags as 1/0, Open to lift a closure and SetMaxLOS 0 as no longest stay', () => {
    const xml = `<ota:OTA_HotelAvailNotifRQ xmlns:ota="${OTA_NAMESPACE}"><ota:AvailStatusMessages HotelCode="H-1"><ota:AvailStatusMessage>
      <ota:StatusApplicationControl Start="2027-01-01" End="2027-01-31" InvTypeCode="DBL" Sun="0"/>
      <ota:RestrictionStatus Status="Open" Restriction="Master"/>
      <ota:LengthsOfStay><ota:LengthOfStay MinMaxMessageType="SetMaxLOS" Time="0"/><ota:LengthOfStay MinMaxMessageType="SetMinLOS" Time="0"/></ota:LengthsOfStay>
    </ota:AvailStatusMessage></ota:AvailStatusMessages></ota:OTA_HotelAvailNotifRQ>`;
    const r = readOtaMessage(xml);
    expect(r.ok && r.updates[0]).toMatchObject({ hotelCode: 'H-1', roomCode: 'DBL', weekdays: [1, 2, 3, 4, 5, 6], stopSell: false, maxStay: null, minStay: 1 });
  });

  it('names each missing or wrong attribute with its OTA type, code and node', () => {
    const errors = errorsOf(
      avail(
        `<AvailStatusMessage BookingLimit="-3"><StatusApplicationControl Start="2027-02-30" End="2027-03-05"/></AvailStatusMessage>
         <AvailStatusMessage>${control('Mon="yes"')}<RestrictionStatus Status="Shut"/></AvailStatusMessage>
         <AvailStatusMessage>${control()}<LengthsOfStay><LengthOfStay MinMaxMessageType="SetForwardMinStay" Time="3"/></LengthsOfStay></AvailStatusMessage>
         <AvailStatusMessage>${control()}</AvailStatusMessage>`,
        '',
      ),
    );
    const summary = errors.map((e) => [e.type, e.code, e.text]);
    expect(summary).toEqual([
      [EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'AvailStatusMessages has no HotelCode'],
      [EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'AvailStatusMessage 1: StatusApplicationControl has no InvTypeCode'],
      [EWT.bizRule, ERR.startDate, 'AvailStatusMessage 1: StatusApplicationControl: Start "2027-02-30" is not a date (YYYY-MM-DD)'],
      [EWT.bizRule, ERR.invalidValue, 'AvailStatusMessage 1: BookingLimit "-3" is not a whole number from 0 to 10000'],
      [EWT.bizRule, ERR.invalidValue, 'AvailStatusMessage 2: StatusApplicationControl: Mon is "yes", not true or false'],
      [EWT.bizRule, ERR.invalidValue, 'AvailStatusMessage 2: RestrictionStatus Status "Shut" is not Open or Close'],
      [EWT.bizRule, ERR.invalidValue, 'AvailStatusMessage 3: LengthOfStay MinMaxMessageType "SetForwardMinStay" is not SetMinLOS or SetMaxLOS'],
      [EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'AvailStatusMessage 4 changes nothing: send BookingLimit, RestrictionStatus or LengthsOfStay'],
    ]);
    expect(errors[1]!.node).toBe('/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]/StatusApplicationControl');
    expect(errors[5]!.node).toBe('/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[2]/RestrictionStatus[1]');
  });

  it('refuses an End before Start, a range over two years and a message with one bad part whole (no updates at all)', () => {
    expect(errorsOf(avail(`<AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="2027-03-05" End="2027-03-01" InvTypeCode="STD"/></AvailStatusMessage>`))).toEqual([
      expect.objectContaining({ type: EWT.bizRule, code: ERR.dateRange, text: 'AvailStatusMessage 1: StatusApplicationControl: End 2027-03-01 comes before Start 2027-03-05' }),
    ]);
    expect(errorsOf(avail(`<AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="2027-01-01" End="2029-01-02" InvTypeCode="STD"/></AvailStatusMessage>`))[0]!.text).toContain(`more than ${MAX_RANGE_NIGHTS} nights`);
    const oneBad = readOtaMessage(avail(`<AvailStatusMessage BookingLimit="3">${control()}</AvailStatusMessage><AvailStatusMessage BookingLimit="x">${control()}</AvailStatusMessage>`));
    expect(oneBad.ok).toBe(false);
    expect(oneBad).not.toHaveProperty('updates');
  });

  it('refuses a max stay shorter than the min stay, AdjustLimit and every weekday switched off', () => {
    const texts = errorsOf(
      avail(
        `<AvailStatusMessage>${control()}<LengthsOfStay><LengthOfStay MinMaxMessageType="SetMinLOS" Time="5"/><LengthOfStay MinMaxMessageType="SetMaxLOS" Time="3"/></LengthsOfStay></AvailStatusMessage>
         <AvailStatusMessage BookingLimit="2" BookingLimitMessageType="AdjustLimit">${control()}</AvailStatusMessage>
         <AvailStatusMessage BookingLimit="2">${control('Mon="false" Tue="false" Weds="false" Thur="false" Fri="false" Sat="false" Sun="false"')}</AvailStatusMessage>`,
      ),
    ).map((e) => e.text);
    expect(texts).toEqual([
      'AvailStatusMessage 1: SetMaxLOS 3 is shorter than SetMinLOS 5',
      'AvailStatusMessage 2: BookingLimitMessageType "AdjustLimit" is not supported: send SetLimit (the rooms for sale)',
      'AvailStatusMessage 3: StatusApplicationControl: every weekday flag is false, so no night is named',
    ]);
  });
});

describe('OTA_HotelRateAmountNotifRQ', () => {
  it('reads amounts after tax with their currency, in a SOAP body, with implied decimals and prices by guests', () => {
    const r = readOtaMessage(RATES);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message).toBe('OTA_HotelRateAmountNotifRQ');
    expect(r.echo).toMatchObject({ message: 'OTA_HotelRateAmountNotifRQ', echoToken: 'rates-42', version: '1.0' });
    expect(r.updates).toEqual([
      { hotelCode: 'P17', roomCode: 'STD', ratePlanCode: 'BAR', from: '2027-03-01', to: '2027-03-31', amount: 189, currency: 'EUR', node: '/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]/RateAmountMessage[1]/Rates/Rate[1]' },
      {
        hotelCode: 'P17', roomCode: 'STD', ratePlanCode: 'BAR', from: '2027-04-01', to: '2027-04-30', weekdays: [6, 7],
        guestAmounts: [{ guests: 1, amount: 150 }, { guests: 2, amount: 175 }], currency: 'USD',
        node: '/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]/RateAmountMessage[2]/Rates/Rate[1]',
      },
    ]);
  });

  it('takes a Rate’s own dates over the control’s', () => {
    const xml = `<OTA_HotelRateAmountNotifRQ xmlns="${OTA_NAMESPACE}"><RateAmountMessages HotelCode="P1"><RateAmountMessage>
      <StatusApplicationControl InvTypeCode="STD" RatePlanCode="BAR" Mon="true"/>
      <Rates><Rate Start="2027-05-01" End="2027-05-10"><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="99.5" CurrencyCode="usd"/></BaseByGuestAmts></Rate>
      <Rate Start="2027-06-01" End="2027-06-10" Sat="true"><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="120" CurrencyCode="USD"/></BaseByGuestAmts></Rate></Rates>
    </RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`;
    const r = readOtaMessage(xml);
    expect(r.ok && r.updates.map((u) => [u.from, u.to, u.weekdays, u.amount, u.currency])).toEqual([
      ['2027-05-01', '2027-05-10', [1], 99.5, 'USD'],
      ['2027-06-01', '2027-06-10', [6], 120, 'USD'],
    ]);
  });

  it('needs a RatePlanCode, AmountAfterTax and a CurrencyCode, and one currency per Rate', () => {
    const xml = `<OTA_HotelRateAmountNotifRQ xmlns="${OTA_NAMESPACE}"><RateAmountMessages HotelCode="P1"><RateAmountMessage>
      <StatusApplicationControl Start="2027-05-01" End="2027-05-10" InvTypeCode="STD"/>
      <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountBeforeTax="99" CurrencyCode="USD"/><BaseByGuestAmt NumberOfGuests="2" AmountAfterTax="1,20" CurrencyCode="EUR"/></BaseByGuestAmts></Rate></Rates>
    </RateAmountMessage><RateAmountMessage><StatusApplicationControl Start="2027-05-01" End="2027-05-10" InvTypeCode="STD" RatePlanCode="BAR"/></RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`;
    expect(errorsOf(xml).map((e) => [e.code, e.text])).toEqual([
      [ERR.requiredFieldMissing, 'RateAmountMessage 1: StatusApplicationControl has no RatePlanCode'],
      [ERR.requiredFieldMissing, 'RateAmountMessage 1: BaseByGuestAmt has no AmountAfterTax'],
      [ERR.invalidCurrency, 'RateAmountMessage 1: BaseByGuestAmt: every amount of a Rate is in one currency (USD, then EUR)'],
      [ERR.invalidValue, 'RateAmountMessage 1: BaseByGuestAmt: AmountAfterTax "1,20" is not an amount such as 120.50'],
      [ERR.requiredFieldMissing, 'RateAmountMessage 2 has no Rates/Rate'],
    ]);
  });
});

describe('both notices’ frame: the lists, their messages and each one’s StatusApplicationControl', () => {
  const AVAIL_BODY = `<AvailStatusMessage BookingLimit="3">${control()}</AvailStatusMessage>`;
  const RATE_BODY = `<RateAmountMessage>${control('RatePlanCode="BAR"')}<Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="99" CurrencyCode="USD"/></BaseByGuestAmts></Rate></Rates></RateAmountMessage>`;
  const notices = [
    { kind: 'AvailStatus', root: 'OTA_HotelAvailNotifRQ', one: AVAIL_BODY, twoControls: `<AvailStatusMessage BookingLimit="3">${control()}${control()}</AvailStatusMessage>`, noControl: '<AvailStatusMessage BookingLimit="3"/>' },
    { kind: 'RateAmount', root: 'OTA_HotelRateAmountNotifRQ', one: RATE_BODY, twoControls: `<RateAmountMessage>${control('RatePlanCode="BAR"')}${control('RatePlanCode="BAR"')}</RateAmountMessage>`, noControl: '<RateAmountMessage/>' },
  ] as const;
  const notice = (root: string, inside: string) => `<${root} xmlns="${OTA_NAMESPACE}" EchoToken="t" Version="1.0">${inside}</${root}>`;

  for (const n of notices) {
    const list = (inner: string) => notice(n.root, `<${n.kind}Messages HotelCode="P17">${inner}</${n.kind}Messages>`);
    it(`${n.root}: no list, an empty list, and a message without exactly one control are named with their nodes`, () => {
      expect(errorsOf(notice(n.root, '')).map((e) => [e.code, e.text, e.node])).toEqual([[ERR.requiredFieldMissing, `The message has no ${n.kind}Messages`, `/${n.root}`]]);
      expect(errorsOf(list('')).map((e) => [e.code, e.text, e.node])).toEqual([[ERR.requiredFieldMissing, `${n.kind}Messages has no ${n.kind}Message`, `/${n.root}/${n.kind}Messages[1]`]]);
      expect(errorsOf(list(`${n.one}${n.twoControls}${n.noControl}`)).map((e) => [e.code, e.text, e.node])).toEqual([
        [ERR.requiredFieldMissing, `${n.kind}Message 2 needs one StatusApplicationControl (it has 2)`, `/${n.root}/${n.kind}Messages[1]/${n.kind}Message[2]`],
        [ERR.requiredFieldMissing, `${n.kind}Message 3 needs one StatusApplicationControl (it has 0)`, `/${n.root}/${n.kind}Messages[1]/${n.kind}Message[3]`],
      ]);
    });

    it(`${n.root}: messages are counted over every list, and more than ${MAX_MESSAGES} are refused whole`, () => {
      const ok = readOtaMessage(notice(n.root, `<${n.kind}Messages HotelCode="P1">${n.one}</${n.kind}Messages><${n.kind}Messages HotelCode="P2">${n.one}</${n.kind}Messages>`));
      expect(ok.ok && ok.updates.map((u) => [u.hotelCode, u.roomCode, u.node])).toEqual([
        ['P1', 'STD', n.kind === 'AvailStatus' ? `/${n.root}/${n.kind}Messages[1]/${n.kind}Message[1]` : `/${n.root}/${n.kind}Messages[1]/${n.kind}Message[1]/Rates/Rate[1]`],
        ['P2', 'STD', n.kind === 'AvailStatus' ? `/${n.root}/${n.kind}Messages[2]/${n.kind}Message[1]` : `/${n.root}/${n.kind}Messages[2]/${n.kind}Message[1]/Rates/Rate[1]`],
      ]);
      const many = errorsOf(list(n.one.repeat(MAX_MESSAGES + 1)));
      expect(many.map((e) => [e.type, e.code, e.text])).toEqual([[EWT.bizRule, ERR.unableToProcess, `The message has ${MAX_MESSAGES + 1} ${n.kind}Message: send at most ${MAX_MESSAGES} at a time`]]);
      expect(readOtaMessage(list(n.one.repeat(MAX_MESSAGES))).ok).toBe(true);
    });
  }
});

describe('what is not an OTA ARI message', () => {
  it('malformed XML names its line and column', () => {
    const [e] = errorsOf(`<OTA_HotelAvailNotifRQ xmlns="${OTA_NAMESPACE}" EchoToken="x">\n  <AvailStatusMessages HotelCode="P1">\n</OTA_HotelAvailNotifRQ>`);
    expect(e).toMatchObject({ type: EWT.processingException, code: ERR.unableToProcess });
    expect(e!.text).toMatch(/^The XML is malformed at line 3, column \d+: /);
    // The answer still names the message it answers and echoes its token.
    expect(readOtaMessage(`<OTA_HotelAvailNotifRQ EchoToken="x"><oops></OTA_HotelAvailNotifRQ>`).echo).toMatchObject({ message: 'OTA_HotelAvailNotifRQ' });
  });

  it('refuses a DOCTYPE, so no entity expands (billion laughs) and none is fetched (XXE)', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><OTA_HotelAvailNotifRQ EchoToken="&lol2;"/>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><OTA_HotelAvailNotifRQ EchoToken="&x;"/>`;
    for (const xml of [laughs, xxe]) expect(errorsOf(xml)).toEqual([expect.objectContaining({ type: EWT.protocolViolation, code: ERR.unableToProcess, text: 'A DOCTYPE or ENTITY declaration is not accepted' })]);
  });

  it('another OTA message is not implemented here; an empty body or two roots are refused', () => {
    expect(errorsOf(`<OTA_HotelResNotifRQ xmlns="${OTA_NAMESPACE}"/>`)[0]).toMatchObject({ type: EWT.noImplementation, code: ERR.unableToProcess });
    expect(errorsOf('  ')[0]).toMatchObject({ type: EWT.requiredFieldMissing });
    expect(errorsOf('<a/><b/>')[0]!.text).toBe('The XML must have one root element: the OTA message');
    expect(errorsOf('<OTA_HotelAvailNotifRQ><constructor/></OTA_HotelAvailNotifRQ>')[0]).toMatchObject({ code: ERR.unableToProcess });
  });

  it('never throws, whatever the bytes: every input is read or refused with errors', () => {
    const fragments = fc.constantFrom(
      '<OTA_HotelAvailNotifRQ>', '</OTA_HotelAvailNotifRQ>', '<AvailStatusMessages HotelCode="P1">', '</AvailStatusMessages>', '<AvailStatusMessage BookingLimit="2">',
      '</AvailStatusMessage>', control(), '<RestrictionStatus Status="Close"/>', '<![CDATA[x]]>', '<!-- c -->', '&amp;', '&bogus;', '"', '<', '>', '<?xml version="1.0"?>',
      '<RateAmountMessages HotelCode="P1">', '<BaseByGuestAmt AmountAfterTax="1" CurrencyCode="USD"/>', '__proto__', ' ',
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(fragments, { maxLength: 30 }).map((a) => a.join(''))), (xml) => {
        const r = readOtaMessage(xml);
        if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
        const answer = r.ok ? otaSuccess(r.echo, new Date()) : otaErrors(r.echo, new Date(), r.errors);
        expect(new XMLParser().parse(answer)).toBeTruthy();
      }),
      { numRuns: 500 },
    );
  });
});

describe('the …RS answers', () => {
  const now = new Date('2026-11-27T10:15:30.123Z');
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);

  it('echo EchoToken and Version, stamp the time and carry <Success/> in the OTA namespace', () => {
    const xml = otaSuccess({ message: 'OTA_HotelAvailNotifRQ', echoToken: 'a1b2c3-avail', version: '1.002' }, now);
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelAvailNotifRS xmlns="${OTA_NAMESPACE}" EchoToken="a1b2c3-avail" TimeStamp="2026-11-27T10:15:30Z" Version="1.002"><Success/></OTA_HotelAvailNotifRS>`,
    );
  });

  it('list each error with Type, Code, Status, ShortText and NodeList, its text escaped', () => {
    const xml = otaErrors({ message: 'OTA_HotelRateAmountNotifRQ', echoToken: 'e"<&' }, now, [
      { type: EWT.bizRule, code: ERR.invalidHotelCode, text: 'HotelCode "P<9>" & co is not a hotel of this account', node: '/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]' },
      { type: EWT.requiredFieldMissing, code: ERR.requiredFieldMissing, text: 'x' },
    ]);
    const rs = parse(xml).OTA_HotelRateAmountNotifRS;
    expect(rs).toMatchObject({ xmlns: OTA_NAMESPACE, EchoToken: 'e"<&', Version: '1.0' });
    expect(rs.Success).toBeUndefined();
    expect(rs.Errors.Error).toEqual([
      { '#text': 'HotelCode "P<9>" & co is not a hotel of this account', Type: '3', Code: '392', Status: 'NotProcessed', ShortText: 'Invalid hotel code', NodeList: '/OTA_HotelRateAmountNotifRQ/RateAmountMessages[1]' },
      { '#text': 'x', Type: '10', Code: '321', Status: 'NotProcessed', ShortText: 'Required field missing' },
    ]);
  });

  it('answer OTA_ErrorRS when no message could be named, and echoOf reads the token of a body not parsed', () => {
    expect(parse(otaErrors({}, now, [{ type: 4, code: ERR.passwordRequired, text: 'x' }]))).toHaveProperty('OTA_ErrorRS');
    expect(echoOf('<OTA_HotelAvailNotifRQ xmlns="x" EchoToken="tok-1" Version="2.0">')).toEqual({ message: 'OTA_HotelAvailNotifRQ', echoToken: 'tok-1', version: '2.0' });
    expect(echoOf('{"json": true}')).toEqual({ message: undefined });
  });
});

describe('HTTP Basic credentials', () => {
  const basic = (s: string) => `Basic ${Buffer.from(s, 'utf8').toString('base64')}`;
  it('reads user and password (the password may hold colons); anything else is none', () => {
    expect(basicCredentials(basic('cm-abc:pa:ss'))).toEqual({ username: 'cm-abc', password: 'pa:ss' });
    expect(basicCredentials(`basic ${Buffer.from('u:p').toString('base64')}`)).toEqual({ username: 'u', password: 'p' });
    for (const h of [undefined, '', 'Bearer x', 'Basic', 'Basic !!!', basic('nocolon'), basic(':nouser'), `Basic ${Buffer.from([0xff, 0x3a]).toString('base64')}`]) expect(basicCredentials(h)).toBeNull();
  });
});

describe('codes resolved within the org’s hotels', () => {
  const hotel: ChannelHotel = {
    productId: 17,
    code: 'P17',
    rooms: new Map([['STD', 101], ['DLX', 102]]),
    plans: new Map([
      ['BAR', { id: 201, baseOccupancy: 2, roomIds: new Set([101, 102]) }],
      ['NRF', { id: 202, baseOccupancy: 2, roomIds: new Set([101]) }],
    ]),
  };
  const hotels = new Map([['P17', hotel]]);
  const rates = { EUR: 0.9, JPY: 150 };
  const u = { hotelCode: 'P17', roomCode: 'STD', from: '2027-03-01', to: '2027-03-31', node: '/n' };

  it('Master Close with a rate plan stops that plan; without one the room, and restrictions go to every plan selling the room', () => {
    const { changes, errors } = resolveUpdates([{ ...u, ratePlanCode: 'NRF', stopSell: true }, { ...u, roomCode: 'DLX', stopSell: true, minStay: 3, units: 4 }], hotels, rates);
    expect(errors).toEqual([]);
    expect(changes).toEqual([
      { productId: 17, update: { room_id: 101, rate_plan_id: 202, from: '2027-03-01', to: '2027-03-31', stop_sell: true }, planIds: [] },
      { productId: 17, update: { room_id: 102, from: '2027-03-01', to: '2027-03-31', units: 4, stop_sell: true, min_stay: 3 }, planIds: [201] },
    ]);
  });

  it('converts an amount in another currency to USD minor units, and takes the amount for the plan’s base occupancy', () => {
    const { changes } = resolveUpdates(
      [
        { ...u, ratePlanCode: 'BAR', amount: 189, currency: 'EUR' },
        { ...u, ratePlanCode: 'BAR', guestAmounts: [{ guests: 1, amount: 150 }, { guests: 2, amount: 175 }], currency: 'USD' },
        { ...u, ratePlanCode: 'BAR', amount: 30000, currency: 'JPY' },
      ],
      hotels,
      rates,
    );
    expect(changes.map((c) => c.update.price_usd_minor)).toEqual([21000, 17500, 20000]);
  });

  it('refuses unknown hotel, room and rate codes, a plan that does not sell the room, an unknown currency and a missing occupancy price', () => {
    const { changes, errors } = resolveUpdates(
      [
        { ...u, hotelCode: 'P99', units: 1 },
        { ...u, roomCode: 'SUITE', units: 1 },
        { ...u, ratePlanCode: 'XYZ', stopSell: true },
        { ...u, roomCode: 'DLX', ratePlanCode: 'NRF', stopSell: true },
        { ...u, ratePlanCode: 'BAR', amount: 10, currency: 'XXX' },
        { ...u, ratePlanCode: 'BAR', guestAmounts: [{ guests: 1, amount: 150 }, { guests: 3, amount: 200 }], currency: 'USD' },
        { ...u, hotelCode: 'P99', units: 2 },
      ],
      hotels,
      rates,
    );
    expect(changes).toHaveLength(0);
    expect(errors.map((e) => [e.type, e.code, e.text])).toEqual([
      [EWT.bizRule, ERR.invalidHotelCode, 'HotelCode "P99" is not a hotel of this account'],
      [EWT.bizRule, ERR.invalidRoomType, 'InvTypeCode "SUITE" is not a room type of hotel P17'],
      [EWT.bizRule, ERR.invalidRateCode, 'RatePlanCode "XYZ" is not a rate plan of hotel P17'],
      [EWT.bizRule, ERR.invalidRateCode, 'Rate plan NRF of hotel P17 does not sell room type DLX'],
      [EWT.bizRule, ERR.invalidCurrency, 'CurrencyCode XXX has no exchange rate here: send the amounts in USD or another offered currency'],
      [EWT.requiredFieldMissing, ERR.requiredFieldMissing, 'Rate plan BAR prices 2 guests: send a BaseByGuestAmt with NumberOfGuests="2" (or one without NumberOfGuests)'],
    ]);
  });
});
