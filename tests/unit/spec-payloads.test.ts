// The existing client's payloads (docs/decisions/0014): sign-up without the terms field, idempotency keys as payment
// providers take them, the package flag, and an org that offers discount cards only (one rule for island and API).
import { afterEach, describe, expect, it } from 'vitest';
import { MSG, SignUpBody, TERMS_VERSION, termsAccepted } from '../../src/shared/contract/auth';
import { CheckoutSchema, IdempotencyKeySchema } from '../../src/shared/contract/booking';
import { parseWalletOptions } from '../../src/shared/rules/wallet';
import { parseWalletEntry } from '../../src/shared/rules/wallet-entry';
import { $productCards, $wallet, applyProduct, cashCard, gateFor, resetWalletSelection, walletFromEntry } from '../../src/stores/wallet';

/** Exactly the spec's sign-up fields, in the spec's order: no confirm_password, no terms_accepted, no currency. */
const specSignUp = () => ({
  jsonRegister: {
    promotions: 0, accesscode: '', email_id: 'spec.client@example.com', password: 'Zebra7!stripe', googletoken: '', fbtoken: '',
    nationality: 1, site_url: 'https://travel.example/', mastercode: '', referral_code: '', language: 'en-US', title: 'Mr', site_id: 1,
    client_ip_address: '203.0.113.7', true_client_ip: '203.0.113.7', trip_id: '', referral_org: '',
    userdetails: { email_id: 'spec.client@example.com', first_name: 'Sam', last_name: 'Spec', country_code: 'US', mobile_no: '4155550100', mobile_country_code: '+1' },
  },
});

describe('sign-up with the spec’s fields only', () => {
  it('is a valid email sign-up that has accepted the terms', () => {
    const r = SignUpBody.safeParse(specSignUp());
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(termsAccepted(r.data!.jsonRegister)).toBe(true);
    expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}$/);
  });

  it('terms_accepted: false sent explicitly is still refused with the terms message', () => {
    const body = specSignUp();
    const r = SignUpBody.safeParse({ jsonRegister: { ...body.jsonRegister, terms_accepted: false } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['jsonRegister.terms_accepted', MSG.termsRequired]);
  });

  it('a social sign-up has accepted the terms only when it says so', () => {
    const base = { ...specSignUp().jsonRegister, password: '', googletoken: 'eyJ.a.b' };
    expect(termsAccepted(SignUpBody.parse({ jsonRegister: base }).jsonRegister)).toBe(false);
    expect(termsAccepted(SignUpBody.parse({ jsonRegister: { ...base, terms_accepted: true } }).jsonRegister)).toBe(true);
  });
});

describe('idempotency keys', () => {
  it.each([['a'], ['short'], ['order 42 / retry #1'], ['x'.repeat(255)], ['réservation-日本-😀'], ['😀'.repeat(255)]])('accepts %j', (key) => {
    expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it.each([[''], ['x'.repeat(256)], ['😀'.repeat(256)], ['line\nbreak'], ['tab\there'], ['nul\u0000'], ['\u200b'], ['\u00a0'], ['\ud800'], [42], [null]])(
    'refuses %j with the rule',
    (key) => {
      const r = IdempotencyKeySchema.safeParse(key);
      expect(r.success).toBe(false);
    },
  );
});

describe('the package flag at checkout', () => {
  const checkout = (extra: Record<string, unknown>) =>
    CheckoutSchema.safeParse({
      product_id: 1, check_in: '2030-01-10', check_out: '2030-01-12', guests: 2, currency: 'USD', idempotency_key: 'k',
      traveler: { title: 'Mr', first_name: 'Sam', last_name: 'Spec', email: 'sam@example.com', phone: '+1 415 555 0100' }, ...extra,
    });
  it('reads true/1 as a package and false/0/absent as not', () => {
    expect(checkout({ is_package: true }).data?.is_package).toBe(true);
    expect(checkout({ is_package: 1 }).data?.is_package).toBe(true);
    expect(checkout({ is_package: 0 }).data?.is_package).toBe(false);
    expect(checkout({}).data?.is_package).toBe(false);
    expect(checkout({ is_package: 'yes' }).success).toBe(false);
  });
});

describe('wallet option only-discount', () => {
  afterEach(() => {
    $wallet.set(null);
    resetWalletSelection();
  });

  it('offers discount cards only, whatever else the list names', () => {
    expect(parseWalletOptions('Discount Cards,Certificates,Cash Card,only-discount')).toEqual({ discountCards: true, certificates: false, cashCard: false, myvacations: false });
    expect(parseWalletOptions(' Only-Discount ')).toEqual({ discountCards: true, certificates: false, cashCard: false, myvacations: false });
    expect(parseWalletOptions('only-discount,myvacations').myvacations).toBe(true);
  });

  const entry = (options: string) =>
    parseWalletEntry({
      certidata: [{ payment_card_id: 1, card_code: 'CERT-1', status: 'ACTIVE', services: 'RST', payment_card_redemption_price: 80, payment_card_currency: 'USD' }],
      discountcarddata: [{ payment_card_id: 2, card_code: 'DISC-1', status: 'ACTIVE', pro_code: 'ACT', card_amount: 30, payment_card_currency: 'USD' }],
      cashcarddata: [{ payment_card_id: 3, card_code: 'CASH-1', status: 'ACTIVE', card_amount: 500, payment_card_currency: 'USD' }],
      orgcertidata: [{ payment_card_id: 4, card_code: 'ORG-1', status: 'ACTIVE', services: 'HLT', payment_card_redemption_price: 120, payment_card_currency: 'USD' }],
      exchange_rates: { USD: 1 },
      walletOptions: [{ org_site_wallet: options }],
    });

  it('the island offers no certificate, no cash card and no certificate gate; the discount card stays', () => {
    $wallet.set(walletFromEntry(entry('Discount Cards,Certificates,Cash Card')));
    applyProduct('RST');
    expect($productCards.get().certificates.map((c) => c.code)).toEqual(['CERT-1']);
    expect(cashCard()?.code).toBe('CASH-1');
    applyProduct('HLT');
    expect(gateFor('HLT').proceed).toBe(false);

    $wallet.set(walletFromEntry(entry('Discount Cards,Certificates,Cash Card,only-discount')));
    applyProduct('RST');
    expect($productCards.get().certificates).toEqual([]);
    expect(cashCard()).toBeNull();
    applyProduct('HLT');
    expect(gateFor('HLT').proceed).toBe(true);
    applyProduct('ACT');
    expect($productCards.get().discountCards.map((c) => c.code)).toEqual(['DISC-1']);
  });
});
