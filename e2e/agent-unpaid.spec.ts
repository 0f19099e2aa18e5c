// An agent's card booking left unpaid (docs/contract.md#unpaid-bookings), as the agent meets it on /agent/booking-history:
// "Complete payment" opens the booking's own payment page, and "Cancel" asks first in the traveller's cancel dialog
// (the same component), then the row says Cancelled. English and French, 1280 and 390 px, axe on the list and dialog.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { day } from './booking-helpers';
import { uniqueEmail } from './auth-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const AGENT = { email: 'agent@example.com', password: 'Agent1!pass' };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** A quote for a new client booked on the client's card and left unpaid, through the API (booking it has its own spec). */
async function unpaidCardBooking(page: Page, offset: number): Promise<{ ref: string; url: string }> {
  const client = await page.request.post('/api/agent/clients', {
    data: { title: 'Mrs', first_name: 'Irène', last_name: 'Joliot', email: uniqueEmail('unpaid'), nationality: 1, country_code: 'FR', phone_country_code: '+33', mobile_no: '612345678', notes: '' },
  });
  expect(client.status()).toBe(201);
  const search = await (await page.request.get('/api/products/search?type=HLT&currency=USD&per_page=5')).json();
  const quote = await page.request.post('/api/agent/quotes', {
    data: { client_id: (await client.json()).data.client_id, product_id: search.data[0].product_id, check_in: day(offset), check_out: day(offset + 2), guests: 2, currency: 'USD', markup_percent: 10 },
  });
  expect(quote.status()).toBe(201);
  const booked = await page.request.post(`/api/agent/quotes/${(await quote.json()).data.quote_id}/book`, { data: { pay_by: 'card' } });
  expect(booked.status()).toBe(200);
  const data = (await booked.json()).data;
  expect(data.status).toBe('PENDING_PAYMENT');
  return { ref: data.booking_id, url: data.payment_url };
}

const texts = {
  en: { pay: 'Complete payment', cancel: 'Cancel', dialog: 'Cancel this booking?', confirm: 'Yes, cancel the booking', cancelled: 'Cancelled', lang: 'en-US' },
  fr: { pay: 'Finaliser le paiement', cancel: 'Annuler', dialog: 'Annuler cette réservation\u202f?', confirm: 'Oui, annuler la réservation', cancelled: 'Annulée', lang: 'fr-FR' },
};

for (const [lang, l] of Object.entries(texts)) {
  test(`an agent completes or cancels a client's unpaid card booking from the bookings list (${lang})`, async ({ page }) => {
    const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: AGENT.email, password: AGENT.password }, navAgent: 'playwright' } });
    expect(r.status()).toBe(200);
    const toPay = await unpaidCardBooking(page, lang === 'en' ? 80 : 82);
    const toCancel = await unpaidCardBooking(page, lang === 'en' ? 84 : 86);

    await page.goto(`/agent/booking-history?lang=${l.lang}`);
    const payRow = page.getByTestId('agent-booking-row').filter({ hasText: toPay.ref });
    const cancelRow = page.getByTestId('agent-booking-row').filter({ hasText: toCancel.ref });
    await expect(cancelRow.getByRole('button', { name: `${l.cancel} ${toCancel.ref}` })).toBeVisible();
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await cancelRow.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `no sideways scroll at ${viewport.width}`).toBeLessThanOrEqual(0);
      await keepScreen(page, `agent-unpaid-${lang}-${size}`);
    }
    await expectClean(page, `agent unpaid list ${lang}`);

    // Cancel: the traveller's dialog, with what cancelling now gives back, then the row says Cancelled.
    await cancelRow.getByRole('button', { name: `${l.cancel} ${toCancel.ref}` }).click();
    const dialog = page.getByRole('dialog', { name: l.dialog });
    await expect(dialog.getByTestId('quote-fee')).toBeVisible();
    await keepScreen(page, `agent-unpaid-dialog-${lang}-phone`);
    await expectClean(page, `agent unpaid dialog ${lang}`);
    await dialog.getByRole('button', { name: l.confirm }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cancelRow).toContainText(l.cancelled);
    await expect(cancelRow.getByRole('button', { name: `${l.pay} ${toCancel.ref}` })).toHaveCount(0);

    // Complete payment: the booking's own open payment page.
    await payRow.getByRole('button', { name: `${l.pay} ${toPay.ref}` }).click();
    await expect(page).toHaveURL(toPay.url);
  });
}
