// The wallet store reads the wallet answer with a hand check (no zod on the page): it must give what WalletEntrySchema
// gives (defaults filled, unknown fields dropped) and refuse what the schema refuses.
import { describe, expect, it } from 'vitest';
import { WalletEntrySchema } from '../../src/shared/contract/booking';
import { parseWalletEntry } from '../../src/shared/rules/wallet-entry';

const card = {
  payment_card_id: 7,
  card_code: 'DISC-0007',
  card_name: 'Ten percent',
  card_type: 'discount',
  pro_code: 'HLT',
  status: 'ACTIVE',
  services: 'HLT, RST',
  card_amount: 25,
  payment_card_redemption_price: 0,
  payment_product_code: 'P1',
  payment_card_currency: 'EUR',
};
const full = {
  certidata: [{ ...card, payment_card_id: 1, card_type: 'certificate' }],
  discountcarddata: [card],
  cashcarddata: [{ ...card, payment_card_id: 3, card_type: 'cash', extra: 'dropped' }],
  certificate_details: { count: 1, active_count: 1, total_value: 100, currency: 'USD' },
  discountcard_details: { count: 1, active_count: 1, total_value: 25, currency: 'USD' },
  orgcertidata: [],
  exchange_rates: { EUR: 0.92, GBP: 0.79 },
  walletOptions: [{ org_site_wallet: 'Certificates,Discount Cards' }, { org_site_wallet: null }, {}],
  unknown_field: true,
};

describe('the wallet answer check', () => {
  it('gives what the schema gives for a full answer, a minimal card and an empty answer', () => {
    const minimalCard = { payment_card_id: 9, card_code: 'C-9', status: 'ACTIVE' };
    for (const answer of [full, { certidata: [minimalCard] }, {}]) {
      expect(parseWalletEntry(answer)).toEqual(WalletEntrySchema.parse(answer));
    }
  });

  it('refuses what the schema refuses', () => {
    const bad: unknown[] = [
      null,
      [],
      'wallet',
      { certidata: {} },
      { certidata: [{ ...card, payment_card_id: '7' }] },
      { discountcarddata: [{ ...card, card_code: undefined }] },
      { cashcarddata: [{ ...card, status: 1 }] },
      { cashcarddata: [{ ...card, card_type: 'gift' }] },
      { cashcarddata: [{ ...card, card_amount: '25' }] },
      { orgcertidata: [null] },
      { exchange_rates: { EUR: '0.9' } },
      { exchange_rates: [] },
      { walletOptions: {} },
      { walletOptions: [{ org_site_wallet: 3 }] },
      { certificate_details: { count: 1, active_count: 1, total_value: 1 } },
    ];
    for (const answer of bad) {
      expect(WalletEntrySchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
      expect(() => parseWalletEntry(answer), JSON.stringify(answer)).toThrow();
    }
  });
});
