import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForEachTest } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { LabelsTabPage } from './pages/labels-tab-page';
import { registerNewOrganisation } from './pages/onboarding';
import { QuotaDashboard } from './pages/quota-dashboard';

const session = browserForEachTest();

describe('the label quota', () => {
  it('refuses 60 labels for a new trial organisation (50 a month) and makes none', async () => {
    const { page } = session;
    const email = `quota-${randomBytes(4).toString('hex')}@voorbeeld.nl`;

    // A new organisation: the trial plan, 50 labels a month, the built-in Testvervoerder.
    await registerNewOrganisation(page, `${baseUrl}/dashboard`, { organisation: 'Kaaswinkel De Limiet', name: 'Pieter de Vries', email });
    const frame = new AppFrame(page);
    await frame.waitUntilShown();
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await dashboard.waitForEmpty();

    // Sixty test orders, ten at a time.
    const quota = new QuotaDashboard(page);
    for (let n = 1; n <= 6; n++) await quota.generateTestOrders(n * 10);
    expect(await quota.ordersCount()).toBe(60);

    // All sixty on one page, all selected.
    await quota.setPageSize(100, 60);
    await page.getByTestId('select-all').check();
    expect(await dashboard.selectionCount()).toBe('60 geselecteerd');

    // Labels aanmaken: refused before any label is made.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/label/create' && r.request().method() === 'POST');
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    expect((await answer).status()).toBe(403);
    const dialog = quota.quotaDialog();
    await dialog.waitFor();
    expect(await dialog.getByTestId('label-refusal-quota_exceeded').textContent()).toContain(
      'Je hebt deze maand 0 van de 50 labels van je abonnement gebruikt en wilt er nu 60 aanmaken.',
    );
    const toPlans = dialog.getByRole('button', { name: 'Abonnement bekijken' });
    expect(await toPlans.isVisible()).toBe(true);

    // Nothing was made: the orders stay, the Labels tab is empty.
    expect(await quota.ordersCount()).toBe(60);
    await dialog.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await quota.ordersCount()).toBe(60);
    const labels = new LabelsTabPage(page);
    await labels.open(baseUrl, 'labels');
    await page.getByTestId('labels-empty').waitFor();
    expect(await labels.rows().count()).toBe(0);

    // The way out the dialog offers: the plans page.
    await dashboard.open(baseUrl);
    await quota.waitForOrdersCount(60);
    await quota.setPageSize(100, 60);
    await page.getByTestId('select-all').check();
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    await quota.quotaDialog().waitFor();
    await quota.quotaDialog().getByRole('button', { name: 'Abonnement bekijken' }).click();
    await frame.waitForPath('/settings/plans');
    expect(frame.pathname()).toBe('/settings/plans');
  });
});
