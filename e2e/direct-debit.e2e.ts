import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { axeViolations, checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { MandatePanel } from './pages/mandate-panel';
import { registerNewOrganisation } from './pages/onboarding';

const session = browserForEachTest();

/**
 * A direct-debit mandate through the built-in test provider (the shared app runs with the
 * default PAYMENT_PROVIDER=test): from the moment the first payment of € 0,01 is made the
 * mandate is being validated (notice on the dashboard); once the payer chooses Betaald on
 * the provider's checkout page the mandate is valid at once and the notice is gone.
 * One new organisation, so the demo organisation's mandate is left alone.
 */
describe('direct debit', () => {
  it('sets up a mandate through the test provider: the notice goes from validating to gone; removing asks first', async () => {
    const { page } = session;
    await registerNewOrganisation(page, `${baseUrl}/dashboard`, { organisation: 'Theehuis De Machtiging', name: 'Sanne Bakker', email: `incasso-${randomBytes(4).toString('hex')}@voorbeeld.nl` });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    expect(await page.getByTestId('dashboard-notice-mandate-validating').count()).toBe(0);

    const mandate = new MandatePanel(page);
    await mandate.open(baseUrl);
    await mandate.waitForStatus('none');
    expect(await mandate.status().textContent()).toContain('Je hebt nog geen machtiging afgegeven.');
    await checkScreenAtBothWidths(page, 'direct-debit-none');

    // To the provider's checkout page: the mandate is now being validated.
    await mandate.setUp();
    await page.waitForURL(/\/api\/public\/test-payment\/tr_/);
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Betaald' }).waitFor();
    expect(await page.getByText('Bedrag: € 0,01').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${baseUrl}/dashboard`);
    const validating = page.getByTestId('dashboard-notice-mandate-validating');
    await validating.waitFor();
    expect(await validating.textContent()).toContain('Dit kan enkele dagen duren.');
    await validating.getByRole('link', { name: 'Naar automatische incasso' }).click();
    await mandate.waitForStatus('validating');

    // The payer pays the € 0,01 and comes back to the billing tab, which reads the mandate back.
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Betaald' }).click();
    await page.waitForURL(`${baseUrl}/settings/account/billing-and-payment`);
    await mandate.waitForStatus('ready');
    expect(await mandate.status().textContent()).toContain('Rekening eindigend op 0001');
    await checkScreenAtBothWidths(page, 'direct-debit-ready');

    await page.goto(`${baseUrl}/dashboard`);
    await dashboard.waitUntilShown();
    expect(await page.getByTestId('dashboard-notice-mandate-validating').count()).toBe(0);
    expect(await page.getByTestId('dashboard-notice-mandate-error').count()).toBe(0);

    // Removing asks first, then the mandate is gone.
    await mandate.open(baseUrl);
    await mandate.waitForStatus('ready');
    await mandate.remove();
    await mandate.waitForStatus('none');
  });
});
