import type { Locator, Page } from 'playwright-core';

/** /settings/services/shop: the linked webshops, the link and edit dialogs, pulling now. */
export class ShopSettingsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/settings/services/shop`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Webwinkels koppelen' }).waitFor();
  }

  /** The row of the shop with this name (exactly). */
  row(label: string): Locator {
    return this.page.getByTestId('shop-row').filter({ has: this.page.getByTestId('shop-row-label').getByText(label, { exact: true }) });
  }

  async status(label: string): Promise<string> {
    return (await this.row(label).getByTestId('shop-row-status').textContent()) ?? '';
  }

  /** Webwinkel koppelen → WooCommerce (chosen when it is the only platform) → the fields → Koppelen; waits until the dialog closed. */
  async linkWooCommerce(fields: { url: string; key: string; secret: string }): Promise<void> {
    const form = await this.submitLink(fields);
    await form.waitFor({ state: 'detached' });
  }

  /** Webwinkel koppelen, the WooCommerce fields filled in, Koppelen: the dialog. */
  private async submitLink(fields: { url: string; key: string; secret: string }): Promise<Locator> {
    await this.page.getByTestId('shop-link-button').click();
    const form = this.page.getByTestId('shop-link-form');
    await form.getByLabel('Adres van je webwinkel').fill(fields.url);
    await form.getByLabel('Consumer key').fill(fields.key);
    await form.getByLabel('Consumer secret').fill(fields.secret);
    await form.getByTestId('shop-link-submit').click();
    return form;
  }

  /** Koppelen with keys the shop refuses: the dialog stays open with the field's message. */
  async linkRefused(fields: { url: string; key: string; secret: string }): Promise<string> {
    const form = await this.submitLink(fields);
    const error = form.getByText(/weigert de sleutels/);
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    await form.getByRole('button', { name: 'Annuleren' }).click();
    await form.waitFor({ state: 'detached' });
    return text;
  }

  /** Nu ophalen, then waits for the row's result ("2 bestellingen opgehaald"). */
  async pullNow(label: string, expected: string): Promise<void> {
    await this.row(label).getByTestId('shop-sync').click();
    await this.row(label).getByTestId('shop-row-result').getByText(expected, { exact: true }).waitFor({ timeout: 15_000 });
  }
}
