// The confirmation mail as a traveller's mail client shows it (docs/contract.md#after-booking): the HTML the outbox
// captured, rendered in the browser at a phone's 390 px and a desktop's 1280 px, in English and in French. Nothing may
// scroll sideways, the brand's header and the manage button must be on screen, and the receipt must read in full.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { day, issueCard, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface OutboxMail { to: string; subject: string; html: string; text: string }

/** Books a hotel (a cash card and the rest by card, paid on the simulator) as a traveller writing in `lang`; its confirmation. */
async function confirmationIn(request: APIRequestContext, lang: string): Promise<OutboxMail> {
  const hotels = (await (await request.get('/api/products/search?type=HLT&city=Paris&per_page=1')).json()).data as { product_id: number }[];
  const stay = { product_id: hotels[0]!.product_id, check_in: day(24), check_out: day(26), guests: 2, currency: 'USD' };
  const preview = await request.post(`/api/booking/preview?lang=${lang}`, { data: stay });
  expect(preview.status(), await preview.text()).toBe(200);
  const cash = await issueCard(request, { kind: 'cash', amount: 20 });
  const email = `mail-${lang}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const traveler = { title: 'Mrs', first_name: lang.startsWith('fr') ? 'Élodie' : 'Emma', last_name: 'Martin', email, phone: '+33 6 12 34 56 78' };
  const r = await request.post(`/api/booking/checkout?lang=${lang}`, {
    data: { ...stay, rate_id: (await preview.json()).data.rate_id, cash_card_id: cash.payment_card_id, traveler, idempotency_key: `mail-${crypto.randomUUID()}` },
  });
  expect(r.status(), await r.text()).toBe(200);
  const session = String((await r.json()).data.payment_url).split('/').pop();
  expect((await request.post(`/_sim/stripe/checkout/${session}/pay`, { data: { card: '4242424242424242' } })).status()).toBe(200);
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data as OutboxMail[];
      mail = mails.find((m) => /confirm/.test(m.subject));
      return !!mail;
    })
    .toBe(true);
  return mail!;
}

async function looksRight(page: Page, mail: OutboxMail, lang: 'en' | 'fr') {
  await page.setContent(mail.html, { waitUntil: 'load' });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `nothing scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    const button = page.getByRole('link', { name: lang === 'fr' ? 'Gérer votre réservation' : 'Manage your booking' });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box!.x + box!.width, 'the button fits the screen').toBeLessThanOrEqual(viewport.width);
    await keepScreen(page, `mail-confirmation-${lang}-${size}`, { fullPage: true });
  }
}

test('the confirmation mail reads well in a narrow and a wide mail client, in English and French', async ({ page }) => {
  await signInDemo(page);
  const en = await confirmationIn(page.request, 'en-US');
  const fr = await confirmationIn(page.request, 'fr-FR');

  await looksRight(page, en, 'en');
  await expect(page.getByText('Paid by card', { exact: true })).toBeVisible();
  await expect(page.getByText('Address', { exact: true })).toBeVisible();
  await expectClean(page, 'mail confirmation en');

  await looksRight(page, fr, 'fr');
  await expect(page.getByText('Payé par carte', { exact: true })).toBeVisible();
  await expect(page.getByText('Adresse', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Paid by card|Check-in|Booking reference|Free cancellation/);
  await expectClean(page, 'mail confirmation fr');
});
