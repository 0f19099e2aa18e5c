// The wallet rules of docs/contract.md#wallet and docs/product.md#states, docs/product.md#validation, docs/product.md#constants, with the spec's cases and property tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beforeBooking, bookingPriceUsdMinor, cardProblem, cardsForProduct, cashCardUsable, certificateFits, computeAmounts,
  defaultOrgCertificate, discountCapMinor, discountCardFits, discountFactor, nightsBetween, parseWalletOptions, pickCashCard,
  selectForProduct, walletShown, type WalletCard,
} from '../../src/shared/rules/wallet';

const RATES = { EUR: 0.92, GBP: 0.79, JPY: 151.2, MXN: 17.1 };
let nextId = 1;
function card(over: Partial<WalletCard> & Pick<WalletCard, 'kind'>): WalletCard {
  return { id: nextId++, code: `C${nextId}`, status: 'ACTIVE', services: [], proCode: '', amountMinor: 0, redemptionMinor: 0, currency: 'USD', productCode: '', owner: 'user', ...over };
}
const cert = (services: string[], redemptionMinor = 5_000, over: Partial<WalletCard> = {}) => card({ kind: 'certificate', services, redemptionMinor, ...over });
const disc = (proCode: string, amountMinor = 10_000, over: Partial<WalletCard> = {}) => card({ kind: 'discount', proCode, amountMinor, ...over });
const cash = (amountMinor: number, over: Partial<WalletCard> = {}) => card({ kind: 'cash', amountMinor, ...over });

describe('which cards count', () => {
  it('only ACTIVE cards are used', () => {
    for (const status of ['INACTIVE', 'REDEEMED', 'EXPIRED', 'active', '']) {
      expect(certificateFits(cert(['HLT'], 5_000, { status }), 'HLT')).toBe(false);
      expect(discountCardFits(disc('HLT', 100, { status }), 'HLT')).toBe(false);
      expect(cashCardUsable(cash(100, { status }))).toBe(false);
    }
  });

  it('a certificate fits when ACTIVE and its services list the product', () => {
    expect(certificateFits(cert(['HLT', 'ACT']), 'ACT')).toBe(true);
    expect(certificateFits(cert(['HLT']), 'ACT')).toBe(false);
    expect(certificateFits(cert([]), 'HLT')).toBe(false);
    expect(certificateFits(disc('HLT'), 'HLT')).toBe(false);
  });

  it('a discount card fits when its pro_code equals or contains the product code in any case and it holds an amount', () => {
    expect(discountCardFits(disc('HLT'), 'HLT')).toBe(true);
    expect(discountCardFits(disc('hlt'), 'HLT')).toBe(true);
    expect(discountCardFits(disc('HLT-ACT'), 'act')).toBe(true);
    expect(discountCardFits(disc('RST'), 'HLT')).toBe(false);
    expect(discountCardFits(disc('HLT', 0), 'HLT')).toBe(false);
    expect(discountCardFits(disc('HLT', -5), 'HLT')).toBe(false);
    expect(discountCardFits(disc('HLT'), '')).toBe(false);
  });

  it('explains why a card may not pay, telling a spent card from one that never fits', () => {
    expect(cardProblem(cert(['HLT']), 'certificate', 'HLT')).toBeNull();
    expect(cardProblem(disc('hlt'), 'discount', 'HLT')).toBeNull();
    expect(cardProblem(cash(1), 'cash', 'ACT')).toBeNull();
    expect(cardProblem(cert(['HLT']), 'certificate', 'ACT')).toMatchObject({ reason: 'unfit', message: expect.stringMatching(/cannot be used/) });
    expect(cardProblem(cert(['HLT'], 1, { status: 'INACTIVE' }), 'certificate', 'HLT')).toMatchObject({ reason: 'unfit', message: expect.stringMatching(/not active/) });
    expect(cardProblem(cert(['HLT'], 1, { status: 'REDEEMED' }), 'certificate', 'HLT')).toMatchObject({ reason: 'spent' });
    expect(cardProblem(cash(100), 'discount', 'HLT')).toMatchObject({ reason: 'unfit', message: expect.stringMatching(/not a discount card/) });
    expect(cardProblem(disc('STY'), 'discount', 'HLT')).toMatchObject({ reason: 'unfit' });
    expect(cardProblem(disc('HLT', 0), 'discount', 'HLT')).toMatchObject({ reason: 'spent' });
    expect(cardProblem(cash(0), 'cash', 'HLT')).toMatchObject({ reason: 'spent', message: expect.stringMatching(/no balance/) });
    expect(cardProblem(cash(0, { status: 'EXPIRED' }), 'cash', 'HLT')).toMatchObject({ reason: 'unfit' });
  });
});

describe('wallet options', () => {
  it('reads the org_site_wallet list', () => {
    expect(parseWalletOptions('Discount Cards,Certificates,Cash Card,myvacations')).toEqual({ discountCards: true, certificates: true, cashCard: true, myvacations: true });
    expect(parseWalletOptions(' discount cards , Cash Card')).toEqual({ discountCards: true, certificates: false, cashCard: true, myvacations: false });
    expect(parseWalletOptions('')).toEqual({ discountCards: false, certificates: false, cashCard: false, myvacations: false });
  });

  it('the wallet is shown when any returned entry has org_site_wallet', () => {
    expect(walletShown([{ walletOptions: [{ org_site_wallet: 'Cash Card' }] }])).toBe(true);
    expect(walletShown([{ walletOptions: [] }, { walletOptions: [{ org_site_wallet: 'Certificates' }] }])).toBe(true);
    expect(walletShown([{ walletOptions: [{ org_site_wallet: '' }] }])).toBe(false);
    expect(walletShown(null)).toBe(false);
  });
});

describe('selecting a product', () => {
  const hotelCert = cert(['HLT']);
  const hotelCert2 = cert(['HLT', 'RST']);
  const actCert = cert(['ACT']);
  const hotelDisc = disc('HLT');
  const actDisc = disc('ACT');
  const cards = [hotelCert, hotelCert2, actCert, hotelDisc, actDisc];

  it('filters certificates and discount cards to the product', () => {
    const fits = cardsForProduct(cards, 'HLT');
    expect(fits.certificates.map((c) => c.id)).toEqual([hotelCert.id, hotelCert2.id]);
    expect(fits.discountCards.map((c) => c.id)).toEqual([hotelDisc.id]);
  });

  it('keeps the current selection when it still fits', () => {
    expect(selectForProduct(cards, 'RST', { kind: 'certificate', id: hotelCert2.id }).selection).toEqual({ kind: 'certificate', id: hotelCert2.id });
  });

  it('picks the first fit when the current one no longer fits', () => {
    expect(selectForProduct(cards, 'ACT', { kind: 'certificate', id: hotelCert.id }).selection).toEqual({ kind: 'certificate', id: actCert.id });
    expect(selectForProduct(cards, 'ACT', { kind: 'discount', id: hotelDisc.id }).selection).toEqual({ kind: 'discount', id: actDisc.id });
  });

  it('clears the other kind: only one kind stays selected', () => {
    const r = selectForProduct(cards, 'HLT', { kind: 'discount', id: hotelDisc.id });
    expect(r.selection).toEqual({ kind: 'discount', id: hotelDisc.id });
    expect(r.certificates.length).toBe(2);
  });

  it('with nothing selected, prefers a certificate, then a discount card, else nothing', () => {
    expect(selectForProduct(cards, 'HLT', null).selection).toEqual({ kind: 'certificate', id: hotelCert.id });
    expect(selectForProduct([hotelDisc], 'HLT', null).selection).toEqual({ kind: 'discount', id: hotelDisc.id });
    expect(selectForProduct(cards, 'STY', null).selection).toBeNull();
    expect(selectForProduct(cards, 'STY', { kind: 'certificate', id: hotelCert.id }).selection).toBeNull();
  });
});

describe('the default org certificate', () => {
  const orgLow = cert(['HLT'], 5_000, { owner: 'org' });
  const orgHigh = cert(['HLT'], 15_000, { owner: 'org' });
  const orgOther = cert(['ACT'], 90_000, { owner: 'org' });
  const orgInactive = cert(['HLT'], 99_000, { owner: 'org', status: 'INACTIVE' });

  it('is the org certificate with the highest redemption price for the product', () => {
    expect(defaultOrgCertificate([], [orgLow, orgHigh, orgOther, orgInactive], 'HLT')?.id).toBe(orgHigh.id);
  });

  it('compares redemption prices across currencies in USD', () => {
    const eur = cert(['HLT'], 14_000, { owner: 'org', currency: 'EUR' }); // about 152 USD
    expect(defaultOrgCertificate([], [orgHigh, eur], 'HLT', RATES)?.id).toBe(eur.id);
  });

  it('does not exist when the user has a certificate for the product, or the org none', () => {
    expect(defaultOrgCertificate([cert(['HLT'])], [orgHigh], 'HLT')).toBeNull();
    expect(defaultOrgCertificate([cert(['ACT'])], [orgHigh], 'HLT')?.id).toBe(orgHigh.id);
    expect(defaultOrgCertificate([], [orgOther], 'HLT')).toBeNull();
  });
});

describe('before booking', () => {
  const orgHotel = cert(['HLT'], 10_000, { owner: 'org' });
  const base = { certificatesEnabled: true, selectedCertificate: null, orgCards: [orgHotel], userCards: [] as WalletCard[], product: 'HLT' };

  it('opens the certificate modal and blocks when certificates are on, none selected and the org has a default', () => {
    const r = beforeBooking(base);
    expect(r.proceed).toBe(false);
    expect(r.proceed === false && r.defaultCertificate.id).toBe(orgHotel.id);
  });

  it('proceeds when certificates are off', () => {
    expect(beforeBooking({ ...base, certificatesEnabled: false }).proceed).toBe(true);
  });

  it('proceeds when a certificate is selected', () => {
    const mine = cert(['HLT']);
    expect(beforeBooking({ ...base, userCards: [mine], selectedCertificate: mine }).proceed).toBe(true);
  });

  it('proceeds when the org has no certificate for the product', () => {
    expect(beforeBooking({ ...base, product: 'ACT' }).proceed).toBe(true);
    expect(beforeBooking({ ...base, orgCards: [cert(['HLT'], 1, { owner: 'org', status: 'INACTIVE' })] }).proceed).toBe(true);
  });

  it('proceeds when no default exists because the user holds a certificate for the product', () => {
    expect(beforeBooking({ ...base, userCards: [cert(['HLT'])] }).proceed).toBe(true);
  });

  it('always proceeds with a fitting discount card', () => {
    expect(beforeBooking({ ...base, userCards: [disc('hlt')] }).proceed).toBe(true);
    expect(beforeBooking({ ...base, userCards: [disc('ACT')] }).proceed).toBe(false);
    expect(beforeBooking({ ...base, userCards: [disc('HLT', 0)] }).proceed).toBe(false);
  });
});

describe('amounts', () => {
  it('the discount cap factor is 1.10 for hotels and 1.05 for every other type', () => {
    expect(discountFactor('HLT')).toBe(1.1);
    for (const p of ['ACT', 'RST', 'STY']) expect(discountFactor(p)).toBe(1.05);
    expect(discountCapMinor(20_000, 'HLT')).toBe(2_000);
    expect(discountCapMinor(20_000, 'STY')).toBe(1_000);
    expect(discountCapMinor(999, 'ACT')).toBe(49);
  });

  it('a certificate takes off its redemption price', () => {
    const c = cert(['HLT'], 5_000);
    const r = computeAmounts({ priceMinor: 20_000, product: 'HLT', currency: 'USD', rates: RATES, certificate: c });
    expect(r).toMatchObject({ priceMinor: 20_000, certificateMinor: 5_000, discountMinor: 0, cashMinor: 0, totalMinor: 15_000 });
    expect(r.spends).toEqual([{ cardId: c.id, kind: 'certificate', amountMinor: 5_000, cardMinor: 5_000 }]);
  });

  it('a certificate worth more than the price brings the total to 0, not below', () => {
    const r = computeAmounts({ priceMinor: 3_000, product: 'ACT', currency: 'USD', rates: RATES, certificate: cert(['ACT'], 5_000) });
    expect(r).toMatchObject({ certificateMinor: 3_000, totalMinor: 0 });
  });

  it('a discount card takes off at most price × (factor − 1)', () => {
    const big = disc('HLT', 100_000);
    const r = computeAmounts({ priceMinor: 20_000, product: 'HLT', currency: 'USD', rates: RATES, discountCard: big });
    expect(r).toMatchObject({ discountMinor: 2_000, totalMinor: 18_000 });
    expect(r.spends[0]).toMatchObject({ kind: 'discount', amountMinor: 2_000, cardMinor: 2_000 });
    const act = computeAmounts({ priceMinor: 20_000, product: 'ACT', currency: 'USD', rates: RATES, discountCard: disc('ACT', 100_000) });
    expect(act.discountMinor).toBe(1_000);
  });

  it('a small discount card takes off what it holds', () => {
    const r = computeAmounts({ priceMinor: 20_000, product: 'HLT', currency: 'USD', rates: RATES, discountCard: disc('HLT', 700) });
    expect(r).toMatchObject({ discountMinor: 700, totalMinor: 19_300 });
    expect(r.spends[0]!.cardMinor).toBe(700);
  });

  it('the cash card pays what is left, up to its balance', () => {
    const part = computeAmounts({ priceMinor: 20_000, product: 'STY', currency: 'USD', rates: RATES, cashCard: cash(5_000) });
    expect(part).toMatchObject({ cashMinor: 5_000, totalMinor: 15_000 });
    const all = computeAmounts({ priceMinor: 20_000, product: 'STY', currency: 'USD', rates: RATES, discountCard: disc('STY', 50_000), cashCard: cash(90_000) });
    expect(all).toMatchObject({ discountMinor: 1_000, cashMinor: 19_000, totalMinor: 0 });
    expect(all.spends.find((s) => s.kind === 'cash')!.cardMinor).toBe(19_000);
  });

  it('card amounts in another currency are converted through USD', () => {
    // 100.00 EUR certificate on a booking in GBP: 100 / 0.92 × 0.79 = 85.869… GBP, never rounded up.
    const eurCert = cert(['HLT'], 10_000, { currency: 'EUR' });
    const r = computeAmounts({ priceMinor: 50_000, product: 'HLT', currency: 'GBP', rates: RATES, certificate: eurCert });
    expect(r.certificateMinor).toBe(8_586);
    expect(r.spends[0]!.cardMinor).toBe(10_000);
    // A JPY cash card of ¥3,000 on a USD booking: 3000 / 151.2 = 19.84 USD; spending it all empties the card exactly.
    const yen = cash(3_000, { currency: 'JPY' });
    const y = computeAmounts({ priceMinor: 50_000, product: 'HLT', currency: 'USD', rates: RATES, cashCard: yen });
    expect(y.cashMinor).toBe(1_984);
    expect(y.spends[0]!.cardMinor).toBe(3_000);
    // Paying part of a EUR balance takes the converted part from the card.
    const eurCash = cash(100_000, { currency: 'EUR' });
    const p = computeAmounts({ priceMinor: 10_000, product: 'HLT', currency: 'USD', rates: RATES, cashCard: eurCash });
    expect(p).toMatchObject({ cashMinor: 10_000, totalMinor: 0 });
    expect(p.spends[0]!.cardMinor).toBe(9_200);
  });

  it('prices nightly for hotels, resorts and stays and per person for activities', () => {
    expect(nightsBetween('2027-03-01', '2027-03-04')).toBe(3);
    expect(nightsBetween('2027-03-01', '2027-03-01')).toBe(1);
    expect(nightsBetween('2027-03-01', undefined)).toBe(1);
    expect(bookingPriceUsdMinor(12_000, 'HLT', 3, 2)).toBe(36_000);
    expect(bookingPriceUsdMinor(4_500, 'ACT', 3, 2)).toBe(9_000);
    expect(bookingPriceUsdMinor(20_000, 'STY', 2, 6)).toBe(40_000);
  });

  it('picks the cash card worth most', () => {
    const small = cash(1_000);
    const big = cash(100_000, { currency: 'JPY' }); // about 661 USD
    expect(pickCashCard([small, big, cash(999_999, { status: 'INACTIVE' })], RATES)?.id).toBe(big.id);
    expect(pickCashCard([cash(0)], RATES)).toBeNull();
  });
});

describe('amount properties', () => {
  const currency = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'MXN');
  const product = fc.constantFrom('HLT', 'ACT', 'RST', 'STY');
  const maybeCard = (kind: 'certificate' | 'discount' | 'cash') =>
    fc.option(
      fc.record({ amount: fc.integer({ min: 0, max: 5_000_000 }), currency }).map(({ amount, currency: cur }) =>
        kind === 'certificate' ? cert(['HLT', 'ACT', 'RST', 'STY'], amount, { currency: cur }) : kind === 'discount' ? disc('HLT,ACT,RST,STY', amount, { currency: cur }) : cash(amount, { currency: cur }),
      ),
      { nil: null },
    );
  const inputs = fc.record({
    priceMinor: fc.integer({ min: 0, max: 10_000_000 }),
    product,
    currency,
    certificate: maybeCard('certificate'),
    discountCard: maybeCard('discount'),
    cashCard: maybeCard('cash'),
  });

  it('the total is never below 0 nor above the price, and the parts add up', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = computeAmounts({ ...i, rates: RATES });
        expect(r.totalMinor).toBeGreaterThanOrEqual(0);
        expect(r.totalMinor).toBeLessThanOrEqual(i.priceMinor);
        for (const part of [r.certificateMinor, r.discountMinor, r.cashMinor]) expect(part).toBeGreaterThanOrEqual(0);
        expect(r.certificateMinor + r.discountMinor + r.cashMinor + r.totalMinor).toBe(i.priceMinor);
      }),
    );
  });

  it('the discount never exceeds price × (factor − 1)', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = computeAmounts({ ...i, rates: RATES });
        const factor = i.product === 'HLT' ? 1.1 : 1.05;
        expect(r.discountMinor).toBeLessThanOrEqual(i.priceMinor * (factor - 1) + 1e-9);
      }),
    );
  });

  it('no card gives more than it holds, in its own currency', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = computeAmounts({ ...i, rates: RATES });
        for (const s of r.spends) {
          const held = s.kind === 'certificate' ? i.certificate!.redemptionMinor : s.kind === 'discount' ? i.discountCard!.amountMinor : i.cashCard!.amountMinor;
          expect(s.cardMinor).toBeGreaterThanOrEqual(0);
          expect(s.cardMinor).toBeLessThanOrEqual(held);
        }
      }),
    );
  });
});
