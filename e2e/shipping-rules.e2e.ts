import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForEachTest, screenshotPath, screenSizes } from './support/browser';
import { axeViolations } from './support/axe';
import { pageApi } from './support/page-api';
import { registerNewOrganisation } from './pages/onboarding';
import { ShippingRulesPage } from './pages/shipping-rules-page';

interface StoredOrder {
  id: string;
  status: string;
  courier_id: string | null;
  shipment_type: string | null;
  shipment: { courier_fields: Record<string, unknown> };
}

const session = browserForEachTest();

/**
 * The page as axe-core sees it, without the top bar's Analytics entry: the spec dims it
 * while the add-on is off, and WCAG 1.4.3 does not ask contrast of an inactive control.
 */
const violations = (page: Parameters<typeof axeViolations>[0]) => axeViolations(page, { exclude: ['[data-testid="nav-analytics"]'] });

describe('shipping rules', () => {
  it('a rule made in the page gives an order that arrives over the API (recipient and lines only) its courier and type', async () => {
    const { page } = session;
    await registerNewOrganisation(page, `${baseUrl}/settings/shipmentlogic`, {
      organisation: 'Theehuis De Regel',
      name: 'Ruud Regelmaat',
      email: `regels-${randomBytes(4).toString('hex')}@voorbeeld.nl`,
    });
    const rules = new ShippingRulesPage(page);
    await rules.open(baseUrl);
    expect(await violations(page)).toEqual([]);

    await rules.startNew();
    await rules.fillName('België per brievenbus');
    await rules.addCountryCondition(['België']);
    await rules.choose('rule-courier', 'Testvervoerder');
    await rules.choose('rule-shipment-type', 'Brievenbuspakje');
    await rules.choose('rule-option-signature', 'Nee');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('shipping-rules-form.png'), fullPage: true });
    await rules.save();
    await rules.row('België per brievenbus').waitFor();
    expect(await rules.row('België per brievenbus').getByTestId('rule-row-status').textContent()).toBe('Actief');

    const order = await pageApi<{ data: StoredOrder }>(page, 'POST', '/order/create', {
      order_number: `BE-${randomBytes(3).toString('hex')}`,
      name: 'Lotte Peeters',
      address_1: 'Grote Markt',
      housenumber: '1',
      zipcode: '1000',
      city: 'Brussel',
      country: 'BE',
      order_items: [{ name: 'Losse thee', quantity: 2, unit_price_inc_btw: 6.5, weight: 100 }],
    });
    const couriers = await pageApi<{ data: { id: string; service_class: string }[] }>(page, 'GET', '/courier/?page_size=250');
    const testCourier = couriers.data.find((c) => c.service_class === 'test')?.id;
    expect(order.data).toMatchObject({ courier_id: testCourier, shipment_type: 'letterbox', status: 'ready' });

    // The dry run names the rule for it, with the courier and type that follow.
    await rules.dryRun();
    const row = rules.dryRunRow(order.data.id);
    expect(await row.getByTestId('dry-run-rule').textContent()).toBe('België per brievenbus');
    expect(await row.getByTestId('dry-run-courier').textContent()).toBe('Testvervoerder');
    expect(await row.getByTestId('dry-run-type').textContent()).toBe('Brievenbuspakje');
    expect(await violations(page)).toEqual([]);
  });

  describe.each(screenSizes)('on a %s', (name, viewport) => {
    it('moves rules with the keyboard and passes axe', async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await registerNewOrganisation(page, `${baseUrl}/settings/shipmentlogic`, {
        organisation: 'Theehuis Volgorde',
        name: 'Vera Volgorde',
        email: `volgorde-${randomBytes(4).toString('hex')}@voorbeeld.nl`,
      });
      for (const rule of ['Eerste', 'Tweede']) await pageApi(page, 'POST', '/shipment-logic/', { name: rule, actions: { package_count: 2 } });
      const rules = new ShippingRulesPage(page);
      await rules.open(baseUrl);
      await rules.row('Tweede').waitFor();
      expect(await rules.names()).toEqual(['Eerste', 'Tweede']);

      await page.getByRole('button', { name: 'Tweede omhoog' }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('rule-row-name').first().getByText('Tweede', { exact: true }).waitFor();
      expect(await rules.names()).toEqual(['Tweede', 'Eerste']);
      await page.screenshot({ path: screenshotPath(`shipping-rules-${name}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });
  });
});
