import type { Locator, Page } from 'playwright-core';

/** The order form's pickup point modal (orders spec §2.8) and the chosen point in Zending. */
export class PickupPointModal {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Afhaalpunt kiezen' });
  }

  async open(): Promise<void> {
    await this.page.getByTestId('pickup-point-choose').click();
    await this.dialog.waitFor();
  }

  /** The points listed, once the search answered. */
  async waitForPoints(): Promise<Locator> {
    const options = this.dialog.getByRole('radio');
    await options.first().waitFor({ timeout: 15_000 });
    return options;
  }

  async search(text: string): Promise<void> {
    await this.dialog.getByLabel('Zoek op adres, postcode of plaats').fill(text);
    await this.dialog.getByRole('button', { name: 'Zoeken' }).click();
  }

  async confirm(): Promise<void> {
    await this.dialog.getByTestId('pickup-point-confirm').click();
    await this.dialog.waitFor({ state: 'hidden' });
  }

  /** The chosen point's name as the Zending section shows it. */
  async chosenName(): Promise<string> {
    return ((await this.page.getByTestId('pickup-point-name').textContent()) ?? '').trim();
  }
}
