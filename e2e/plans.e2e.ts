import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { LabelJobPanel } from './pages/label-job-panel';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { registerNewOrganisation } from './pages/onboarding';
import { PlansPages } from './pages/plans-pages';
import { QuotaDashboard } from './pages/quota-dashboard';

const session = browserForEachTest();

/**
 * Issue 16 parts 1 and 2 (docs/plans.md): a new trial organisation (one registration on
 * the shared app) over its quota changes plan and then makes its labels; the
 * addon-not-active page enables ANALYTICS and goes on to the analytics screen.
 */
describe('plans and add-ons', () => {
  it('a trial organisation over its quota changes plan and makes the labels; enables Analytics where it is needed', { timeout: 240_000 }, async () => {
    const { page } = session;
    const email = `plans-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
    await registerNewOrganisation(page, `${baseUrl}/dashboard`, { organisation: 'Theehuis Het Abonnement', name: 'Sanne Bakker', email });
    const frame = new AppFrame(page);
    await frame.waitUntilShown();
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await dashboard.waitForEmpty();

    // Sixty test orders: more than the trial's 50 labels a month.
    const quota = new QuotaDashboard(page);
    for (let n = 1; n <= 6; n++) await quota.generateTestOrders(n * 10);
    await quota.setPageSize(100, 60);
    await page.getByTestId('select-all').check();
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/label/create' && r.request().method() === 'POST');
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    expect((await refused).status()).toBe(403);
    const dialog = quota.quotaDialog();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Limiet bereikt!');

    // The dialog's way out: the plans page, then plans/change.
    await dialog.getByRole('button', { name: 'Abonnement bekijken' }).click();
    await frame.waitForPath('/settings/plans');
    const plans = new PlansPages(page);
    expect(await plans.currentPlanName()).toBe('Proefperiode');
    expect(await plans.usageText()).toBe('0 van 50 labels gebruikt');
    await page.getByTestId('plan-trial-end').waitFor();
    await page.getByTestId('addon-ANALYTICS').waitFor();
    await checkScreenAtBothWidths(page, 'plans');

    await plans.openChange();
    await frame.waitForPath('/settings/plans/change');
    expect(await page.getByTestId('plan-card-trial').getAttribute('data-current')).toBe('true');
    await checkScreenAtBothWidths(page, 'plans-change');
    await plans.choose('groei', 'Groei');
    await page.getByTestId('plans-back').click();
    expect(await plans.currentPlanName()).toBe('Groei');
    expect(await plans.usageText()).toBe('0 van 2500 labels gebruikt');

    // The same sixty orders now get their labels (more than the job threshold: a label job).
    await dashboard.open(baseUrl);
    await quota.waitForOrdersCount(60);
    await quota.setPageSize(100, 60);
    await page.getByTestId('select-all').check();
    const accepted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/label/create' && r.request().method() === 'POST');
    page.on('download', () => undefined);
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    const answer = await accepted;
    expect(answer.status()).toBe(200);
    const jobs = new LabelJobPanel(page);
    await jobs.waitForCard();
    await jobs.waitUntilFinished();
    expect(await jobs.status()).toBe('done');
    expect(await jobs.progressText()).toBe('60 van 60 labels gemaakt');

    // Analytics is dimmed without its add-on and leads to the page that enables it.
    await page.goto(`${baseUrl}/analytics`);
    await frame.waitForPath('/addon-not-active/ANALYTICS');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/analytics');
    await page.getByTestId('addon-enable').waitFor();
    await checkScreenAtBothWidths(page, 'addon-not-active');
    await page.getByTestId('addon-enable').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await frame.waitForPath('/analytics');
    await page.goto(`${baseUrl}/settings/plans`);
    await page.locator('[data-testid="addon-ANALYTICS"][data-active="true"]').waitFor();
  });
});
