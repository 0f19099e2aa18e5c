// The console's suppliers page as an admin uses it (decision 0068): the simulator's credentials saved once the supplier
// accepts them (the secret then shown only as saved), "Import hotels" watched to its end, and the count of hotels on
// the site. Axe on the page; English and French at 1280x800 and 390x844.
import { expect, test, type Page } from '@playwright/test';
import { openPage } from './auth-helpers';
import { expectNoSeriousAxeViolation, PORT } from './admin-helpers';
import { inPage } from './in-page';
import { keepScreen } from './screens';

/** Acme (org 2): the spec connects its supplier, so org 1 stays as the other specs expect. */
const ACME = `http://acme.localhost:${PORT}`;

async function signInAsAcmeAdmin(page: Page) {
  await page.goto(`${ACME}/privacy-policy`);
  const r = await inPage(page, '/api/signIn', 'POST', { jsonSign: { usr_type: 2, email_id: 'admin@acme.example.com', password: 'Admin1!pass' }, navAgent: 'playwright' });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const noSideways = async (page: Page, what: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), what).toBeLessThanOrEqual(0);

test('an admin connects the bed bank, imports its hotels and watches the import to its end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAcmeAdmin(page);
  await openPage(page, `${ACME}/admin/suppliers?lang=en-US`);
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Suppliers' })).toHaveAttribute('aria-current', 'page');
  const panel = page.getByTestId('supplier').filter({ has: page.getByRole('heading', { name: 'Hotelbeds' }) });

  await panel.getByLabel('API key').fill('sim-small-key');
  await panel.getByLabel('Secret', { exact: true }).fill('not-the-secret');
  await panel.getByLabel('Markup (%)').fill('12.5');
  await panel.getByLabel('Sell this supplier’s hotels').check();
  await panel.getByRole('button', { name: 'Save and check' }).click();
  await expect(page.getByTestId('supplier-message')).toHaveText('The supplier refused this API key and secret: check them and try again');
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-suppliers-refused-en-1280');

  await panel.getByLabel('Secret', { exact: true }).fill('sim-secret');
  await panel.getByRole('button', { name: 'Save and check' }).click();
  await expect(page.getByTestId('supplier-message')).toHaveText('Saved: the supplier accepted the credentials.');
  await expect(panel.getByLabel('Secret', { exact: true })).toHaveValue('');
  await expect(panel).toContainText('A secret is saved. Leave this empty to keep it.');

  // The test account's 360 hotels come in two pages: each answered slowly, so the running import can be seen.
  await inPage(page, '/_sim/hotelbeds/control', 'POST', { latency_ms: 2_000 });
  await panel.getByRole('button', { name: 'Import hotels' }).click();
  const job = page.getByTestId('supplier-import');
  try {
    await expect(job).toHaveAttribute('data-status', 'running');
    // Stopped at once (decision 0079), it says so, in French too, and starts again.
    await panel.getByRole('button', { name: 'Stop the import' }).click();
    await expect(job).toHaveAttribute('data-status', 'failed');
    await expect(job).toContainText(/The import was stopped after [\d,]+ hotels\./);
    await expect(panel.getByRole('button', { name: 'Stop the import' })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreen(page, 'admin-suppliers-stopped-en-1280', { fullPage: true });
    await openPage(page, `${ACME}/admin/suppliers?lang=fr-FR`);
    await expect(page.getByTestId('supplier-import')).toContainText(/L’import a été arrêté après [\d\u202f]+ hôtels\./);
    await keepScreen(page, 'admin-suppliers-stopped-fr-1280', { fullPage: true });
    await openPage(page, `${ACME}/admin/suppliers?lang=en-US`);
    await panel.getByRole('button', { name: 'Import hotels' }).click();
    await expect(job).toHaveAttribute('data-status', 'running');
    await expect(panel.getByRole('button', { name: 'Stop the import' })).toBeEnabled();
    await expect(panel.getByRole('button', { name: 'Import hotels' })).toBeDisabled();
    // Disconnecting would be refused while it runs: it is not offered, and the page says why.
    await expect(panel.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    await expect(panel.getByTestId('supplier-disconnect-wait')).toHaveText('An import is running: wait for it to finish before disconnecting');
    await expect(job.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expectNoSeriousAxeViolation(page);
    await keepScreen(page, 'admin-suppliers-running-en-1280');
  } finally {
    await inPage(page, '/_sim/hotelbeds/control', 'POST', { latency_ms: 0 });
  }
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  // The test account holds 360 hotels; one whose name and city an own hotel of the org has would be left out.
  const held = (await inPage(page, '/api/admin/suppliers', 'GET')).json.data[0].hotels as number;
  expect(held).toBeGreaterThanOrEqual(350);
  const count = (n: number, lang: string) => new Intl.NumberFormat(lang).format(n);
  await expect(job).toContainText(`Last import finished: ${count(held, 'en-US')} hotels.`);
  await expect(page.getByTestId('supplier-hotels')).toHaveText(`Hotels from this supplier on your site: ${count(held, 'en-US')}`);
  await expect(panel.getByRole('button', { name: 'Import hotels' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  await expect(panel.getByTestId('supplier-disconnect-wait')).toHaveCount(0);
  await keepScreen(page, 'admin-suppliers-done-en-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('supplier-hotels')).toHaveText(`Hotels from this supplier on your site: ${count(held, 'en-US')}`);
  await noSideways(page, 'en 390');
  await keepScreen(page, 'admin-suppliers-done-en-390', { fullPage: true });

  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await openPage(page, `${ACME}/admin/suppliers?lang=fr-FR`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fournisseurs' })).toBeVisible();
    await expect(page.getByTestId('supplier-hotels')).toHaveText(`Hôtels de ce fournisseur sur votre site\u202f: ${count(held, 'fr-FR')}`);
    await expect(page.getByTestId('supplier-import')).toContainText(`Dernier import terminé\u202f: ${count(held, 'fr-FR')} hôtels.`);
    await expect(page.getByRole('button', { name: 'Enregistrer et vérifier' })).toBeVisible();
    await noSideways(page, `fr ${width}`);
    if (width === 1280) await expectNoSeriousAxeViolation(page);
    await keepScreen(page, `admin-suppliers-fr-${width}`, { fullPage: true });
  }
  // The imported hotels in the console's products area, apart from the own products: found by typing a name, taken
  // off sale and put back (decision 0068 amended). Axe on the list and on the hotel; English and French at both sizes.
  const sample = (await inPage(page, '/api/admin/suppliers/hotelbeds/hotels?page=2', 'GET')).json.data[1] as { product_id: number; name: string };
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, `${ACME}/admin/products?lang=en-US`);
  await page.getByRole('navigation', { name: 'Which products' }).getByRole('link', { name: 'From the bed bank' }).click();
  await expect(page.getByTestId('imported-hotels-count')).toHaveText(`Hotels found: ${count(held, 'en-US')}`);
  const search = page.getByRole('searchbox', { name: 'Search by name, city or code' });
  await search.fill(sample.name);
  const row = page.getByTestId('imported-hotel-row').filter({ has: page.getByRole('link', { name: `Details of ${sample.name}`, exact: true }) });
  await expect(row).toHaveAttribute('data-on-sale', 'true');
  await expect(page.getByTestId('imported-hotel-row')).not.toHaveCount(0);
  await expect.poll(async () => (await page.getByTestId('imported-hotel-row').count()) < 25).toBe(true);
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-imported-hotels-en-1280');
  await row.getByRole('link', { name: `Details of ${sample.name}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: sample.name })).toBeVisible();
  await expect(page.getByTestId('imported-hotel-rooms')).toBeVisible();
  await page.getByRole('button', { name: 'Take off sale' }).click();
  await expect(page.getByTestId('imported-hotel-status')).toHaveText('Taken off sale.');
  await expect(page.getByTestId('imported-hotel-sale')).toHaveText('Off sale');
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-imported-hotel-off-en-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Put back on sale' }).click();
  await expect(page.getByTestId('imported-hotel-status')).toHaveText('Back on sale.');
  await expect(page.getByTestId('imported-hotel-sale')).toHaveText('On sale');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page, 'imported hotel en 390');
  await keepScreen(page, 'admin-imported-hotel-en-390', { fullPage: true });
  // Back to the list: the same search.
  await page.getByRole('link', { name: 'Back to the bed bank’s hotels' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search by name, city or code' })).toHaveValue(sample.name);
  await expect(row).toHaveAttribute('data-on-sale', 'true');
  await noSideways(page, 'imported hotels en 390');
  await keepScreen(page, 'admin-imported-hotels-en-390', { fullPage: true });
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await openPage(page, `${ACME}/admin/products?from=hotelbeds&q=${encodeURIComponent(sample.name)}&lang=fr-FR`);
    await expect(page.getByRole('link', { name: 'De la banque de lits' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('imported-hotels-count')).toContainText('Hôtels trouvés\u202f:');
    await expect(page.getByRole('link', { name: `Détails de ${sample.name}`, exact: true })).toBeVisible();
    await noSideways(page, `imported hotels fr ${width}`);
    await keepScreen(page, `admin-imported-hotels-fr-${width}`, { fullPage: true });
    await page.getByRole('link', { name: `Détails de ${sample.name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Retirer de la vente' })).toBeVisible();
    await expect(page.getByTestId('imported-hotel-sale')).toHaveText('En vente');
    await noSideways(page, `imported hotel fr ${width}`);
    if (width === 1280) await expectNoSeriousAxeViolation(page);
    await keepScreen(page, `admin-imported-hotel-fr-${width}`, { fullPage: true });
  }

  // Acme's hotel searches are other specs' (booking, b2b-mode), and a connected supplier's hotels join them (decision
  // 0071): the supplier is switched off again, its hotels kept.
  const off = await inPage(page, '/api/admin/suppliers/hotelbeds', 'PUT', { api_key: 'sim-small-key', markup_percent: 12.5, enabled: false });
  expect(off.status, JSON.stringify(off.json)).toBe(200);

  // Then the admin disconnects it (decision 0079), asked first in a dialog: in French on a phone the admin looks and
  // keeps it (Escape), in English on a laptop disconnects. Its credentials are forgotten, its imported hotels kept.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, `${ACME}/admin/suppliers?lang=fr-FR`);
  await page.getByRole('button', { name: 'Déconnecter' }).click();
  const asked = page.getByRole('dialog', { name: 'Déconnecter Hotelbeds\u202f?' });
  await expect(asked).toContainText('Les hôtels importés restent dans vos produits');
  await expect(asked.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await noSideways(page, 'disconnect fr 390');
  await keepScreen(page, 'admin-suppliers-disconnect-fr-390');
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  await expect(page.getByRole('button', { name: 'Déconnecter' })).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, `${ACME}/admin/suppliers?lang=en-US`);
  await expect(panel.getByLabel('API key')).toHaveValue('sim-small-key');
  await panel.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Hotelbeds?' });
  await expect(dialog).toContainText('Your site stops selling this supplier’s hotels at once, and its API key and secret are forgotten.');
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-suppliers-disconnect-en-1280');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('supplier-message')).toHaveText('Disconnected: the API key and secret are forgotten.');
  await expect(panel.getByLabel('API key')).toHaveValue('');
  await expect(panel).toContainText('No secret saved yet.');
  await expect(panel.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Import hotels' })).toBeDisabled();
  await expect(page.getByTestId('supplier-hotels')).toHaveText(`Hotels from this supplier on your site: ${count(held, 'en-US')}`);
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-suppliers-disconnected-en-1280', { fullPage: true });
  expect((await inPage(page, '/api/admin/suppliers', 'GET')).json.data[0]).toMatchObject({ configured: false, api_key: null, secret_set: false, hotels: held });
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await openPage(page, `${ACME}/admin/suppliers?lang=fr-FR`);
    await expect(page.getByTestId('supplier')).toContainText('Aucun secret enregistré pour l’instant.');
    await expect(page.getByRole('button', { name: 'Déconnecter' })).toHaveCount(0);
    await noSideways(page, `disconnected fr ${width}`);
    await keepScreen(page, `admin-suppliers-disconnected-fr-${width}`, { fullPage: true });
  }
});
