import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest } from './support/browser';
import { logInAsDemo } from './pages/login-page';

const session = browserForEachTest();

/** Axe and no sideways scrolling at both widths (support/axe.ts). */
const checkScreen = (page: Page, name: string) => checkScreenAtBothWidths(page, `settings-${name}`);

describe('organisation settings', () => {
  it('shows EORI and VAT errors in Dutch on the company tab, and stores nothing wrong', async () => {
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/settings`);
    // /settings goes to the account page, whose tabs are the spec's three.
    await page.waitForURL(`${baseUrl}/settings/account`);
    await page.getByRole('tab', { name: 'Bedrijfsgegevens' }).click();
    await page.waitForURL(`${baseUrl}/settings/account/company`);
    const form = page.getByTestId('company-form');
    await form.getByRole('textbox', { name: 'EORI-nummer', exact: true }).fill('NL12');
    await form.getByRole('textbox', { name: 'Btw-nummer', exact: true }).fill('NL123456789B01');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => form.getByText('Een EORI-nummer begint met de landcode van een EU-land').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Dit btw-nummer bestaat niet: het controlecijfer klopt niet.').isVisible()).toBe(true);
    await checkScreen(page, 'company-errors');

    // Put right, they are stored and come back after a reload.
    await form.getByRole('textbox', { name: 'EORI-nummer', exact: true }).fill('NL123456789');
    await form.getByRole('textbox', { name: 'Btw-nummer', exact: true }).fill('NL004495445B01');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Bedrijfsgegevens opgeslagen').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('company-form').getByRole('textbox', { name: 'Btw-nummer', exact: true }).inputValue()).toBe('NL004495445B01');
  });

  it('shows the logo field on account-and-contact, the mandate on billing-and-payment, and /settings/branding, accessible at 1280 and 390 px', async () => {
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/settings/account`);
    await page.getByTestId('logo-field').waitFor();
    await checkScreen(page, 'account-and-contact');
    await page.getByRole('tab', { name: 'Facturatie en betaling' }).click();
    await page.getByTestId('mandate-status').waitFor();
    await checkScreen(page, 'billing');
    await page.goto(`${baseUrl}/settings/branding`);
    await page.getByTestId('brand-color').waitFor();
    await page.getByTestId('logo-field').waitFor();
    await checkScreen(page, 'branding');
  });
});
