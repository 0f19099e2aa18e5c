// The booking rules shared by the search box, the calendar and the API: eligible types, earliest check-in, week start,
// request schemas, and reading wire card entries for the wallet rules.
import { describe, expect, it } from 'vitest';
import {
  addDays, CheckoutSchema, eligibleTypes, minCheckInDate, PreviewSchema, SearchQuerySchema, TravelerSchema, weekStartsOn,
} from '../../src/shared/contract/booking';
import { monthGrid } from '../../src/shared/rules/booking-dates';
import { walletCardFromEntry } from '../../src/shared/rules/wallet-entry';
import { certificateFits, discountCardFits } from '../../src/shared/rules/wallet';

describe('booking rules', () => {
  it('maps the org’s eligible products to bookable types (hotel, activities, resorts or weeks, stays)', () => {
    expect(eligibleTypes('hotel,hotelgd,stays,resorts,weeks,activities,condo,cruises')).toEqual(['HLT', 'ACT', 'RST', 'STY']);
    expect(eligibleTypes('hotel,activities,stays,cruises,dailydeals')).toEqual(['HLT', 'ACT', 'STY']);
    expect(eligibleTypes('weeks')).toEqual(['RST']);
    expect(eligibleTypes('')).toEqual([]);
  });

  it('the earliest check-in is today plus minCheckinDays', () => {
    expect(minCheckInDate(1, '2026-12-31')).toBe('2027-01-01');
    expect(minCheckInDate(3, '2027-02-27')).toBe('2027-03-02');
    expect(minCheckInDate(0, '2026-05-05')).toBe('2026-05-05');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('weeks start on Sunday unless the org’s calendar type is Monday', () => {
    expect(weekStartsOn('Monday')).toBe(1);
    expect(weekStartsOn('Sunday')).toBe(0);
    expect(weekStartsOn(undefined)).toBe(0);
    // November 2026 starts on a Sunday.
    expect(monthGrid('2026-11', 0)[0]).toBe('2026-11-01');
    expect(monthGrid('2026-11', 1)[0]).toBe('2026-10-26');
    // December 2026 starts on a Tuesday.
    expect(monthGrid('2026-12', 0)[0]).toBe('2026-11-29');
    expect(monthGrid('2026-12', 1)[0]).toBe('2026-11-30');
    expect(monthGrid('2026-12', 1)).toHaveLength(42);
  });

  it('search queries: both coordinates or none, dates in order, real days only, never a crash on odd text', () => {
    expect(SearchQuerySchema.safeParse({ type: 'hlt', city: 'Paris' }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ latitude: '40' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ check_in: '2027-02-29' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ check_in: '2028-02-29' }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ check_in: '2027-03-10', check_out: '2027-03-01' }).success).toBe(false);
    for (const odd of ['tomorrow', '', '9999-99-99', '2027-1-1', '٢٠٢٧-٠١-٠١']) expect(() => SearchQuerySchema.safeParse({ check_in: odd })).not.toThrow();
    expect(SearchQuerySchema.parse({ page: '', guests: '' })).toMatchObject({ type: 'HLT', page: undefined, guests: undefined });
  });

  it('the traveller needs a title, names in letters, a valid email and 6 to 15 phone digits', () => {
    const ok = { title: 'Mrs', first_name: 'Zoë', last_name: "O'Brien-Núñez", email: 'zoe@example.com', phone: '+353 1 234 5678' };
    expect(TravelerSchema.safeParse(ok).success).toBe(true);
    const message = (patch: object) => TravelerSchema.safeParse({ ...ok, ...patch }).error?.issues[0]?.message;
    expect(message({ title: 'Dr' })).toBe('Please Select Title');
    expect(message({ first_name: '' })).toBe('Please Enter First Name');
    expect(message({ last_name: ' ' })).toBe('Please Enter Last Name');
    expect(message({ email: 'zoe' })).toBe('Invalid Mail');
    expect(message({ first_name: 'R2D2' })).toBeTruthy();
    expect(message({ phone: '12345' })).toBeTruthy();
    expect(message({ phone: '1'.repeat(16) })).toBeTruthy();
  });

  it('preview and checkout bodies accept only whole, positive ids and known shapes', () => {
    const body = { product_id: 3, check_in: '2027-01-10', check_out: '2027-01-12', guests: 2, currency: 'eur' };
    expect(PreviewSchema.parse(body).currency).toBe('EUR');
    expect(PreviewSchema.safeParse({ ...body, certificate_id: 0 }).success).toBe(false);
    expect(PreviewSchema.safeParse({ ...body, guests: 2.5 }).success).toBe(false);
    expect(CheckoutSchema.safeParse({ ...body, idempotency_key: 'abc', traveler: {} }).success).toBe(false);
  });

  it('reads a wire card entry into minor units of its own currency for the wallet rules', () => {
    const cert = walletCardFromEntry(
      { payment_card_id: 7, card_code: 'C-1', card_name: 'Hotel', pro_code: '', status: 'ACTIVE', services: 'HLT, RST', card_amount: 0, payment_card_redemption_price: 150.5, payment_product_code: 'HLT', payment_card_currency: 'eur' },
      'certificate',
      'user',
    );
    expect(cert).toMatchObject({ id: 7, redemptionMinor: 15050, currency: 'EUR', services: ['HLT', 'RST'] });
    expect(certificateFits(cert, 'RST')).toBe(true);
    const disc = walletCardFromEntry(
      { payment_card_id: 8, card_code: 'D-1', card_name: '', pro_code: 'act', status: 'ACTIVE', services: '', card_amount: 1234, payment_card_redemption_price: 0, payment_product_code: '', payment_card_currency: 'JPY' },
      'discount',
      'user',
    );
    expect(disc.amountMinor).toBe(1234);
    expect(discountCardFits(disc, 'ACT')).toBe(true);
  });
});
