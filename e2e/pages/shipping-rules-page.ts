import type { Locator, Page } from 'playwright-core';

/** /settings/shipmentlogic: the shipping rules, their form and the dry run. */
export class ShippingRulesPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/settings/shipmentlogic`);
    await this.page.getByRole('heading', { level: 1, name: 'Verzendregels' }).waitFor();
    await this.page.getByTestId('rule-new').waitFor();
  }

  row(name: string): Locator {
    return this.page.getByTestId('rule-row').filter({ has: this.page.getByTestId('rule-row-name').getByText(name, { exact: true }) });
  }

  async names(): Promise<string[]> {
    return this.page.getByTestId('rule-row-name').allTextContents();
  }

  form(): Locator {
    return this.page.getByTestId('rule-form');
  }

  /** Nieuwe regel: the form opens. */
  async startNew(): Promise<void> {
    await this.page.getByTestId('rule-new').click();
    await this.form().waitFor();
  }

  /** A select of the form (by its test id: rule-courier, rule-shipment-type, rule-option-<name>): open it and pick the option by its text. */
  async choose(testId: string, option: string): Promise<void> {
    await this.form().getByTestId(testId).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillName(name: string): Promise<void> {
    await this.form().getByTestId('rule-name').fill(name);
  }

  /** Voorwaarde toevoegen: a country condition ("is een van"), its countries picked. */
  async addCountryCondition(countries: string[]): Promise<void> {
    await this.page.getByTestId('rule-add-condition').click();
    const input = this.form().getByTestId(/^rule-condition-value-/).last();
    for (const country of countries) {
      await input.click();
      await input.fill(country);
      await this.page.getByRole('option', { name: country, exact: true }).click();
    }
    await input.press('Escape');
  }

  async save(): Promise<void> {
    await this.page.getByTestId('rule-save').click();
    await this.form().waitFor({ state: 'detached' });
  }

  async dryRun(): Promise<void> {
    await this.page.getByTestId('rule-dry-run').click();
    await this.page.getByTestId('dry-run-table').waitFor();
  }

  dryRunRow(orderId: string): Locator {
    return this.page.locator(`[data-testid="dry-run-row"][data-order-id="${orderId}"]`);
  }
}
