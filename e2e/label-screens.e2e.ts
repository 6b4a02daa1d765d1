import { describe, expect, it } from 'vitest';
import { baseUrl, browserForEachTest, screenshotPath } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { LabelScreensPage } from './pages/label-screens-page';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

const screenshot = screenshotPath;

const session = browserForEachTest();

describe('label screens', () => {
  it('shows Zendingdetails in full, deletes and delivers from the row menu, and makes a return label', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const number = (n: number) => `ZD-${stamp}-${n}`;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    const labels = new LabelsTabPage(page);
    const screens = new LabelScreensPage(page);

    for (const n of [1, 2, 3]) await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'zending@voorbeeld.nl', line: { name: 'Theepot', quantity: 1, weight: 500, price: '24,95' }, orderNumber: number(n), name: `Zending Test ${stamp} ${n}` });
    await dashboard.createLabelsFor(baseUrl, stamp, 3);
    await dashboard.waitForNotice('3 labels aangemaakt');

    // The PDF was their print: the Labels tab (ready, printed, canceled) lists them as Geprint.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 3);
    expect(await labels.statusOf(labels.row(number(1)))).toBe('Geprint');
    // (an investigation is offered too in a development setting, §6)
    expect(await screens.menuActions(labels.row(number(1)))).toEqual(expect.arrayContaining(['duplicate', 'deliver', 'delete']));

    // Zendingdetails: every block, Ja/Nee and dashes.
    await labels.openDetails(labels.row(number(1)));
    await screens.waitForDetail();
    expect(await screens.text('label-detail-name')).toBe(`Zending Test ${stamp} 1`);
    expect(await screens.text('label-detail-company')).toBe('–');
    expect(await screens.text('label-detail-email')).toBe('zending@voorbeeld.nl');
    expect(await screens.text('label-detail-phone')).toBe('–');
    expect(await screens.text('label-detail-order-number')).toBe(number(1));
    expect(await screens.text('label-detail-order-status')).toBe('–');
    expect(await screens.text('label-detail-shipment-type')).toBe('Pakket');
    expect(await screens.text('label-detail-is-return')).toBe('Nee');
    expect((await screens.texts('label-detail-option')).some((o) => o.endsWith(': Nee'))).toBe(true);
    expect(await screens.texts('label-detail-package-weight')).toEqual(['500 g']);
    expect(await screens.text('label-detail-tracking')).toMatch(/^3STEST/);
    expect(await screens.text('label-order-line')).toContain('Theepot');
    expect(await screens.text('label-order-line')).toContain('24,95');
    await screens.openInvoicing();
    expect(await screens.text('label-invoicing-empty')).toBe('Voor dit label is niets gefactureerd.');
    // not an export (NL), so no Export PDF; the Testvervoerder makes return labels to NL
    expect(await screens.isShown('export-pdf')).toBe(false);
    expect(await screens.returnButton().isEnabled()).toBe(true);
    await page.screenshot({ path: screenshot('e2e-label-detail.png'), fullPage: true }).catch(() => undefined);

    // Delete one from its row menu.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 3);
    await screens.menuAction('delete', labels.row(number(2)));
    await screens.confirm();
    await screens.waitForNotice('Label verwijderd!');
    await labels.waitForRows(number(2), 0);

    // Mark one delivered: it leaves Labels and is found on Bezorgd.
    await screens.menuAction('deliver', labels.row(number(3)));
    await screens.confirm();
    await screens.waitForNotice('Labels bezorgd!');
    await labels.waitForRows(number(3), 0);
    await labels.open(baseUrl, 'delivered', stamp);
    await labels.waitForRows(stamp, 1);
    expect(await labels.statusOf(labels.row(number(3)))).toBe('Bezorgd');
    const deliveredActions = await screens.menuActions(labels.row(number(3)));
    expect(deliveredActions).toEqual(expect.arrayContaining(['duplicate', 'delete']));
    expect(deliveredActions).not.toContain('deliver');

    // A return label for the first: made, downloaded and opened; then marked.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.openDetails(labels.row(number(1)));
    await screens.waitForDetail();
    const returnDownload = page.waitForEvent('download');
    await screens.returnButton().click();
    await returnDownload;
    await screens.waitForNotice('Retourlabel aangemaakt');
    await page.getByTestId('label-return-info').waitFor();
    expect(await screens.text('label-detail-is-return')).toBe('Ja');
    expect(await screens.text('label-detail-order-number')).toBe(number(1));
    expect(await screens.text('label-return-marker')).toBe('–');
    expect(await screens.text('label-return-payment')).toBe('N/A');
    expect(await screens.isShown('label-create-return')).toBe(false);
    await screens.menuAction('mark-confirm');
    await screens.waitForNotice('Label gemarkeerd');
    await page.getByTestId('label-return-marker').filter({ hasText: 'Retour bevestigen' }).waitFor();
    await page.screenshot({ path: screenshot('e2e-return-label.png'), fullPage: true }).catch(() => undefined);

    // Retouren (§2.6) lists the return label, not Labels; its marker and payment method show.
    await labels.open(baseUrl, 'return', number(1));
    await labels.waitForRows(number(1), 1);
    const returnRow = labels.row(number(1));
    expect(await returnRow.getByTestId('label-marker').textContent()).toBe('Retour bevestigen');
    expect(await returnRow.getByTestId('label-payment').textContent()).toBe('N/A');
    // Marked again from its row.
    await screens.menuAction('mark-item_missing', returnRow);
    await screens.waitForNotice('Label gemarkeerd');
    await returnRow.getByTestId('label-marker').filter({ hasText: 'Item ontbreekt' }).waitFor();
    // In bulk: the packing slips of the selected returns.
    await labels.selectRows(number(1));
    const slips = page.waitForEvent('download');
    await screens.bulk('labels-bulk-packing-slips');
    expect((await slips).suggestedFilename()).toBe('pakbonnen.pdf');
    await screens.waitForNotice('Pakbonnen gegenereerd');
    await page.screenshot({ path: screenshot('e2e-returns-tab.png'), fullPage: true }).catch(() => undefined);
  });

  it('shows the extra packages of a label, and refreshes, delivers and deletes a selection at once', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const number = (n: number) => `BK-${stamp}-${n}`;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    const labels = new LabelsTabPage(page);
    const screens = new LabelScreensPage(page);

    await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'zending@voorbeeld.nl', line: { name: 'Theepot', quantity: 1, weight: 500, price: '24,95' }, orderNumber: number(1), name: `Bulk Test ${stamp} 1`, extraPackages: [700, 900] });
    await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'zending@voorbeeld.nl', line: { name: 'Theepot', quantity: 1, weight: 500, price: '24,95' }, orderNumber: number(2), name: `Bulk Test ${stamp} 2` });
    await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'zending@voorbeeld.nl', line: { name: 'Theepot', quantity: 1, weight: 500, price: '24,95' }, orderNumber: number(3), name: `Bulk Test ${stamp} 3` });
    await dashboard.createLabelsFor(baseUrl, stamp, 3);
    await dashboard.waitForNotice('3 labels aangemaakt');

    // The three-package label shows 3 and, toggled, the tracking numbers of all three packages.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 3);
    const multi = labels.row(number(1));
    await multi.getByRole('button', { name: '2 pakketten extra tonen' }).click();
    const extra = multi.getByTestId('label-extra-packages').getByTestId('label-tracking');
    await extra.first().waitFor();
    const shown = (await extra.allTextContents()).map((t) => t.trim());
    expect(shown).toHaveLength(3);
    for (const tracking of shown) expect(tracking).toMatch(/^3STEST/);
    expect(new Set(shown).size).toBe(3);
    expect(shown[0]).toBe(await labels.trackingOf(multi));
    await multi.getByRole('button', { name: 'Extra pakketten verbergen' }).click();
    await multi.getByTestId('label-extra-packages').waitFor({ state: 'detached' });

    // Refresh the tracking of all three.
    await page.getByTestId('select-all').check();
    await screens.bulk('labels-bulk-track');
    await screens.waitForNotice('Tracking ververst voor 3 labels.');

    // Deliver two at once: they leave Labels for Bezorgd.
    await page.getByTestId('select-all').uncheck();
    await labels.row(number(1)).getByRole('checkbox').check();
    await labels.row(number(2)).getByRole('checkbox').check();
    await screens.bulk('labels-bulk-deliver');
    await screens.confirm();
    await screens.waitForNotice('Labels bezorgd!');
    await labels.waitForRows(stamp, 1);
    await labels.open(baseUrl, 'delivered', stamp);
    await labels.waitForRows(stamp, 2);

    // Delete both delivered labels at once.
    await page.getByTestId('select-all').check();
    await screens.bulk('labels-bulk-delete');
    await screens.confirm();
    await screens.waitForNotice('Labels verwijderd!');
    await labels.waitForRows(stamp, 0);
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 1);
    expect(await labels.row(number(3)).count()).toBe(1);
  });

  it('makes the label of one order from its form and opens the label page', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'zending@voorbeeld.nl', line: { name: 'Theepot', quantity: 1, weight: 500, price: '24,95' }, orderNumber: `EEN-${stamp}`, name: `Enkel Test ${stamp}` });
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 1);
    await dashboard.edit(dashboard.row(`EEN-${stamp}`));
    await new OrderFormPage(page).waitUntilShown('Bestelling aanpassen');

    const download = page.waitForEvent('download');
    await page.getByTestId('order-create-label').click();
    expect((await download).suggestedFilename()).toBe('labels.pdf');
    await page.waitForURL(/\/dashboard\/labels\/[0-9a-f-]{36}$/);
    const screens = new LabelScreensPage(page);
    await screens.waitForDetail();
    expect(await screens.text('label-detail-order-number')).toBe(`EEN-${stamp}`);
    expect(await screens.text('label-detail-tracking')).toMatch(/^3STEST/);
  });
});
