// Checked by `tsc` in `npm test` (the `types` lane): the typed client (src/stores/api.ts) types every request body from
// its route's declaration, so a store that sends a wrong body does not compile. Each `@ts-expect-error` below fails the
// type check if the client ever stops refusing the body under it.
import { request } from '../../src/stores/api';

export function wrongBodies() {
  // @ts-expect-error a product id is a number
  void request('$post', '/api/booking/preview', { body: { product_id: '12', check_in: '2026-12-01', guests: 2, currency: 'USD' } });
  // @ts-expect-error a checkout needs its idempotency key and traveller
  void request('$post', '/api/booking/checkout', { body: { product_id: 12, check_in: '2026-12-01', guests: 2, currency: 'USD' } });
  // @ts-expect-error a saved traveller is not any record
  void request('$post', '/api/user/travelers', { body: {} as Record<string, unknown> });
}

export function rightBodies() {
  void request('$post', '/api/booking/preview', { body: { product_id: 12, check_in: '2026-12-01', guests: 2, currency: 'USD' } });
  void request('$put', '/api/user/travelers/:id', {
    param: { id: 3 },
    body: { title: 'Mrs', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+33 1 23 45 67' },
  });
}
