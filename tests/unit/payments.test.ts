// Payments' pure parts: the simulator reads the SDK's form bodies and signs as Stripe does (the SDK's own check
// accepts it), a held certificate counts as spent for other checkouts, and the success page's polling backs off.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { parseStripeForm, stripeSignature } from '../../functions/dev/sim/stripe';
import { nextPollDelay } from '../../src/islands/booking/CheckoutSuccess';
import { cardProblem, type WalletCard } from '../../src/shared/rules/wallet';

describe('the payment simulator', () => {
  it('reads the SDK\u2019s nested form encoding, numbered keys as arrays', () => {
    const body = new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '12345',
      'line_items[0][price_data][product_data][name]': 'Hotel, Lisbon',
      'metadata[booking_ref]': 'BK-AAAAA-BBBBB',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '12345', product_data: { name: 'Hotel, Lisbon' } } }],
      metadata: { booking_ref: 'BK-AAAAA-BBBBB' },
    });
  });

  it('signs a payload so that the SDK verifies it with the same secret, and only with it', async () => {
    const stripe = new Stripe('sk_test_unit');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
    const header = await stripeSignature(payload, 'whsec_unit');
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_unit').id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload.replace('evt_1', 'evt_2'), header, 'whsec_unit')).toThrow();
  });
});

describe('holds', () => {
  const certificate: WalletCard = {
    id: 1, kind: 'certificate', code: 'CERT-1', name: 'Gift', status: 'HELD', services: ['HLT'], proCode: '', amountMinor: 5000, redemptionMinor: 5000, currency: 'USD',
  } as unknown as WalletCard;
  it('a certificate held by a pending booking is refused to another checkout as spent (409), not as unfit', () => {
    expect(cardProblem(certificate, 'certificate', 'HLT')).toMatchObject({ reason: 'spent' });
  });
});

describe('waiting for the payment confirmation', () => {
  it('asks again after 1 s, then half as long again each time, never more than every 10 s', () => {
    const delays: number[] = [];
    let d: number | null = null;
    for (let i = 0; i < 10; i++) delays.push((d = nextPollDelay(d)));
    expect(delays.slice(0, 5)).toEqual([1000, 1500, 2250, 3375, 5063]);
    expect(Math.max(...delays)).toBe(10_000);
    expect(delays.every((x, i) => i === 0 || x >= delays[i - 1]!)).toBe(true);
  });
});

describe('the cancellation policy', () => {
  it('is free until N days before check-in by product type, and resorts are non-refundable', async () => {
    const { freeCancellationUntil, cancellableAt } = await import('../../src/shared/rules/cancellation');
    expect(freeCancellationUntil('HLT', '2027-01-10')).toBe('2027-01-08');
    expect(freeCancellationUntil('ACT', '2027-03-01')).toBe('2027-02-28');
    expect(freeCancellationUntil('STY', '2027-01-05')).toBe('2026-12-29');
    expect(freeCancellationUntil('RST', '2027-01-10')).toBeNull();
    expect(cancellableAt('HLT', '2027-01-10', 'UTC', Date.parse('2027-01-08T17:59:59Z'))).toBe(true);
    expect(cancellableAt('HLT', '2027-01-10', 'UTC', Date.parse('2027-01-08T18:00:00Z'))).toBe(false);
    expect(cancellableAt('RST', '2027-01-10', 'UTC', Date.parse('2026-01-01T00:00:00Z'))).toBe(false);
  });
});
