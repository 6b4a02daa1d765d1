import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest, viewports } from './support/browser';
import { labelOf, pageApi, testvervoerderOrder } from './support/page-api';
import { LabelScreensPage } from './pages/label-screens-page';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';

const session = browserForEachTest();

/** Axe and no sideways scrolling at both widths (support/axe.ts). */
const checkScreen = (page: Page, name: string) => checkScreenAtBothWidths(page, `returns-${name}`);

describe('returns through the portal', () => {
  it('the user sets up the portal, a consumer makes a return for a shipped order, and the user marks it in Retouren', async () => {
    const { page, browser } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const orderNumber = `RP-${stamp}`;
    const slug = `e2e-${stamp.toLowerCase()}`;
    await logInAsDemo(page, `${baseUrl}/settings/return/portal`);

    // Set-up through the API: a shipped order (one with a label) of the demo organisation.
    const { orderId, courier: testCourier } = await testvervoerderOrder(page, {
      order_number: orderNumber,
      name: `Retour Klant ${stamp}`,
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      order_items: [
        { name: 'Regenjas', quantity: 1, unit_price_inc_btw: 59.95, weight: 700 },
        { name: 'Paraplu', quantity: 1, unit_price_inc_btw: 14.95, weight: 300 },
      ],
    });
    await labelOf(page, orderId);

    // /settings/return, tab portal: on, a slug of its own, the Testvervoerder offered.
    const form = page.getByTestId('return-portal-form');
    await form.waitFor();
    await form.getByLabel('Adres van het portaal').fill(slug);
    const courierBox = form.getByRole('checkbox', { name: testCourier.label });
    if (!(await courierBox.isChecked())) await courierBox.check();
    const enabled = form.getByRole('switch', { name: 'Retourportaal actief' });
    if (!(await enabled.isChecked())) await enabled.check({ force: true });
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Gelukt').first().waitFor();
    await page.getByTestId('return-portal-link').filter({ hasText: `/retour/${slug}` }).waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByTestId('return-portal-copy').click();
    await page.getByText('Gekopieerd naar klembord').first().waitFor();
    const shownLink = (await page.getByTestId('return-portal-link').textContent())?.trim();
    expect(shownLink).toMatch(new RegExp(`/retour/${slug}$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownLink);
    await checkScreen(page, 'settings-portal');
    await page.getByTestId('return-tab-address').click();
    await page.getByTestId('return-address-form').waitFor();
    await checkScreen(page, 'settings-address');
    await page.getByTestId('return-tab-payment-methods').click();
    await page.getByTestId('return-payment-form').waitFor();
    await checkScreen(page, 'settings-payment');

    // The consumer: another browser context, not logged in.
    const consumerContext = await browser.newContext({ locale: 'nl-NL', viewport: viewports.phone, acceptDownloads: true });
    await consumerContext.route(/^https?:\/\/(?!(localhost|127\.0\.0\.1)(:\d+)?\/)/, (route) => route.abort('blockedbyclient'));
    const consumer = await consumerContext.newPage();
    await consumer.goto(`${baseUrl}/retour/bestaat-niet-${stamp.toLowerCase()}`);
    await consumer.getByTestId('return-portal-not-found').waitFor();
    await checkScreen(consumer, 'portal-not-found');

    await consumer.goto(`${baseUrl}/retour/${slug}`);
    const lookup = consumer.getByTestId('return-lookup-form');
    await lookup.waitFor();
    await checkScreen(consumer, 'portal-lookup');
    // A wrong postcode shows nothing of the order.
    await lookup.getByLabel('Bestelnummer').fill(orderNumber);
    await lookup.getByLabel('Postcode').fill('9999 ZZ');
    await lookup.getByRole('button', { name: 'Bestelling zoeken' }).click();
    await lookup.getByTestId('form-error').filter({ hasText: 'We vinden geen verzonden bestelling' }).waitFor();
    await lookup.getByLabel('Postcode').fill('1012lg');
    await lookup.getByRole('button', { name: 'Bestelling zoeken' }).click();

    const choose = consumer.getByTestId('return-choose-form');
    await choose.waitFor();
    await choose.getByRole('checkbox', { name: /Regenjas/ }).check();
    await choose.getByLabel('Reden: Regenjas').first().click();
    await consumer.getByRole('option', { name: 'Te groot', exact: true }).click();
    await checkScreen(consumer, 'portal-choose');
    await choose.getByRole('button', { name: 'Retourlabel aanmaken' }).click();

    const done = consumer.getByTestId('return-done');
    await done.waitFor();
    const trackingNumber = (await consumer.getByTestId('return-tracking-number').textContent())?.trim() ?? '';
    expect(trackingNumber).toMatch(/^3STEST/);
    await consumer.getByTestId('return-qr').waitFor();
    await consumer.locator('a[data-testid="return-download"][href^="blob:"]').waitFor();
    const download = consumer.waitForEvent('download');
    await consumer.getByTestId('return-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`retourlabel-${trackingNumber}.pdf`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await checkScreen(consumer, 'portal-done');
    await consumerContext.close();

    // Retouren: the return with its tracking number and payment method; marked "Retour bevestigen".
    const labels = new LabelsTabPage(page);
    const screens = new LabelScreensPage(page);
    await labels.open(baseUrl, 'return', orderNumber);
    await labels.waitForRows(orderNumber, 1);
    const row = labels.row(orderNumber);
    expect(await row.textContent()).toContain(trackingNumber);
    expect(await row.getByTestId('label-payment').textContent()).toBe('Gefactureerd');
    await screens.menuAction('mark-confirm', row);
    await screens.waitForNotice('Label gemarkeerd');
    await row.getByTestId('label-marker').filter({ hasText: 'Retour bevestigen' }).waitFor();
    // Its detail shows the consumer's reason.
    await labels.openDetails(row);
    await screens.waitForDetail();
    expect(await screens.text('label-return-reasons')).toContain('Regenjas – Te groot');
  });

  it('a consumer pays the return label at the test provider’s checkout: a failed payment, then paid, then the label', async () => {
    const { page, browser } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const orderNumber = `RB-${stamp}`;
    const slug = `e2e-betaald-${stamp.toLowerCase()}`;
    await logInAsDemo(page, `${baseUrl}/settings/return/payment-methods`);
    const { orderId, courier: testCourier } = await testvervoerderOrder(page, {
      order_number: orderNumber,
      name: `Betaalde Retour ${stamp}`,
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      order_items: [{ name: 'Laarzen', quantity: 1, unit_price_inc_btw: 89.95, weight: 700 }],
    });
    await labelOf(page, orderId);
    // The portal through the API (the settings screens are the first test's): only consumer_paid, € 2,50.
    const before = await pageApi<{ data: { payment_methods: string[]; consumer_price_cents: number } }>(page, 'GET', '/return-settings');
    await pageApi(page, 'PATCH', '/return-settings', { payment_methods: ['consumer_paid'], consumer_price_cents: 250, portal: { enabled: true, slug, courier_ids: [testCourier.id] } });
    try {

      const consumerContext = await browser.newContext({ locale: 'nl-NL', viewport: viewports.phone, acceptDownloads: true });
      await consumerContext.route(/^https?:\/\/(?!(localhost|127\.0\.0\.1)(:\d+)?\/)/, (route) => route.abort('blockedbyclient'));
      const consumer = await consumerContext.newPage();
      await consumer.goto(`${baseUrl}/retour/${slug}`);
      const lookup = consumer.getByTestId('return-lookup-form');
      await lookup.getByLabel('Bestelnummer').fill(orderNumber);
      await lookup.getByLabel('Postcode').fill('1012 LG');
      await lookup.getByRole('button', { name: 'Bestelling zoeken' }).click();
      const choose = consumer.getByTestId('return-choose-form');
      await choose.waitFor();
      await choose.getByLabel('Reden: Laarzen').first().click();
      await consumer.getByRole('option', { name: 'Te klein', exact: true }).click();
      expect(await consumer.getByTestId('return-payment-amount').textContent()).toBe('Je betaalt € 2,50 voor het retourlabel.');
      await checkScreen(consumer, 'portal-pay');
      // Keyboard: the Betalen button is reached and pressed with the keyboard.
      await choose.getByRole('button', { name: 'Betalen' }).focus();
      await consumer.keyboard.press('Enter');

      // The test provider's checkout page: first Mislukt.
      await consumer.waitForURL(/\/api\/public\/test-payment\/tr_/);
      expect(await consumer.textContent('body')).toContain(`Retourzending ${orderNumber}`);
      await consumer.getByRole('button', { name: 'Mislukt' }).click();
      await consumer.waitForURL(new RegExp(`/retour/${slug}/betaling/`));
      const failed = consumer.getByTestId('return-payment-failed');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('De betaling is mislukt.');
      await checkScreen(consumer, 'portal-payment-failed');
      await failed.getByRole('button', { name: 'Opnieuw betalen' }).click();

      // The consumer goes back from the new checkout without paying: the portal waits for the open payment.
      await consumer.waitForURL(/\/api\/public\/test-payment\/tr_/);
      await consumer.goBack();
      const waiting = consumer.getByTestId('return-payment-waiting');
      await waiting.waitFor();
      expect(await waiting.textContent()).toContain('We wachten op je betaling');
      await checkScreen(consumer, 'portal-payment-waiting');
      await waiting.getByRole('link', { name: 'Betalen' }).click();

      // Now Betaald: back on the portal the label is made once and shown.
      await consumer.waitForURL(/\/api\/public\/test-payment\/tr_/);
      await consumer.getByRole('button', { name: 'Betaald' }).click();
      await consumer.waitForURL(new RegExp(`/retour/${slug}/betaling/`));
      const done = consumer.getByTestId('return-done');
      await done.waitFor();
      const trackingNumber = (await consumer.getByTestId('return-tracking-number').textContent())?.trim() ?? '';
      expect(trackingNumber).toMatch(/^3STEST/);
      await consumer.locator('a[data-testid="return-download"][href^="blob:"]').waitFor();
      const download = consumer.waitForEvent('download');
      await consumer.getByTestId('return-download').click();
      const stream = await (await download).createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
      await checkScreen(consumer, 'portal-paid-done');
      // Reading the page again makes no second label.
      await consumer.reload();
      await consumer.getByTestId('return-done').waitFor();
      expect((await consumer.getByTestId('return-tracking-number').textContent())?.trim()).toBe(trackingNumber);
      await consumerContext.close();

      const labels = new LabelsTabPage(page);
      await labels.open(baseUrl, 'return', orderNumber);
      await labels.waitForRows(orderNumber, 1);
      expect(await labels.row(orderNumber).getByTestId('label-payment').textContent()).toBe('Klant betaald');
    } finally {
      // The demo's portal as it was: the other test (and a rerun) offers the free return.
      await pageApi(page, 'PATCH', '/return-settings', { payment_methods: before.data.payment_methods, consumer_price_cents: before.data.consumer_price_cents });
    }
  });
});
