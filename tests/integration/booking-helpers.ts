// Shared steps of the booking and wallet tests: signing in, issuing cards, finding products, booking bodies.
import { expect } from 'vitest';
import { ACME, call, Client } from './helpers';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const key = () => `test-${crypto.randomUUID()}`;
export const traveler = { title: 'Mrs', first_name: 'Ana', last_name: 'García', email: 'ana@example.com', phone: '+34 612 345 678' };

export async function signIn(email = 'demo@example.com', password = 'Demo1!pass', host = 'localhost'): Promise<Client> {
  const client = new Client(host);
  const r = await client.call('/api/signIn', {
    body: {
      jsonSign: {
        usr_type: 2, email_id: email, password, googletoken: '', fbtoken: '', site_url: `http://${host}`, accesscode: '', isPasswordAttempt: 0,
        promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: email, first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'vitest',
    },
    headers: { 'cf-connecting-ip': `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  expect(r.status, `sign-in as ${email}: ${r.text}`).toBe(200);
  return client;
}

export interface IssueOptions {
  email?: string;
  kind: 'certificate' | 'discount' | 'cash';
  /** Without one, the card is named by its kind (src/shared/i18n/card-names.ts). */
  name?: string;
  services?: string[];
  pro_code?: string;
  amount: number;
  currency?: string;
  status?: string;
  to?: 'user' | 'unassigned' | 'org';
  host?: string;
}

export async function issue(o: IssueOptions): Promise<{ payment_card_id: number; card_code: string }> {
  const { host, ...body } = o;
  const r = await call('/api/dev/wallet/issue', { host: host ?? 'localhost', body: { email: o.to && o.to !== 'user' ? undefined : (o.email ?? 'demo@example.com'), currency: 'USD', ...body } });
  expect(r.status, r.text).toBe(200);
  return r.json.data;
}

/** The first product of a type in the org, with its USD unit price. */
export async function firstProduct(type: 'HLT' | 'ACT' | 'RST' | 'STY', host = 'localhost', offset = 0) {
  const r = await call(`/api/products/search?type=${type}&sort=price&per_page=50`, { host });
  expect(r.status).toBe(200);
  return r.json.data[offset] as { product_id: number; price: number; type: string; name: string };
}

export const bookingBody = (productId: number, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  check_in: day(20),
  check_out: day(22),
  guests: 2,
  currency: 'USD',
  ...extra,
});

export async function walletOf(client: Client, currency = 'USD') {
  const r = await client.call('/api/booking/get-paymentcard-by-user', { body: { currency } });
  expect(r.status, r.text).toBe(200);
  return r.json.data[0];
}

export function cardIn(entry: any, id: number) {
  return [...entry.certidata, ...entry.discountcarddata, ...entry.cashcarddata].find((c: any) => c.payment_card_id === id);
}

export async function reservationsOf(client: Client) {
  const r = await client.call('/api/reservations', { body: { json: { token: '' } } });
  expect(r.status, r.text).toBe(200);
  return r.json.data as any[];
}

export { ACME };

/**
 * A checkout with a card part is PENDING_PAYMENT until the provider's webhook confirms it: pays it on the payment
 * simulator with the success test card (the webhook is delivered before the hook answers) and returns the booking
 * as its owner sees it then. A checkout that needed no card payment is returned as it was.
 */
export async function payPending(reply: { json: any }, opts: { host?: string; client?: Client } = {}) {
  const data = reply.json.data;
  if (data.status !== 'PENDING_PAYMENT') return data;
  const session = String(data.payment_url).split('/').pop();
  const paid = await call(`/_sim/stripe/checkout/${session}/pay`, { host: opts.host, body: { card: '4242424242424242' } });
  expect(paid.status, paid.text).toBe(200);
  const read = () => (opts.client ? opts.client.call(`/api/bookings/${data.booking_id}`) : call(`/api/bookings/${data.booking_id}`, { host: opts.host }));
  let got = await read();
  // The simulator's first webhook delivery comes before its answer; one that failed under load is retried a moment later,
  // as Stripe does: the booking is read again until the webhook has been handled (a few seconds at most).
  for (let i = 0; i < 40 && got.status === 200 && got.json.data.status === 'PENDING_PAYMENT'; i++) {
    await new Promise((done) => setTimeout(done, 250));
    got = await read();
  }
  expect(got.status, got.text).toBe(200);
  return got.json.data;
}
