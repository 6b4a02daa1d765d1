import type { Locator, Page } from 'playwright-core';

/** /settings/services/courier: the linked couriers, the link and edit dialogs. */
export class CourierSettingsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/settings/services/courier`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Vervoerders koppelen' }).waitFor();
    await this.page.getByTestId('courier-list').waitFor();
  }

  /** The row of the courier with this name (exactly). */
  row(label: string): Locator {
    return this.page.getByTestId('courier-row').filter({ has: this.page.getByTestId('courier-row-label').getByText(label, { exact: true }) });
  }

  async rowLabels(): Promise<string[]> {
    return this.page.getByTestId('courier-row-label').allTextContents();
  }

  async status(label: string): Promise<string> {
    return (await this.row(label).getByTestId('courier-row-status').textContent()) ?? '';
  }

  async contract(label: string): Promise<string> {
    return (await this.row(label).getByTestId('courier-row-contract').textContent()) ?? '';
  }

  async waitForStatus(label: string, status: 'Actief' | 'Gedeactiveerd'): Promise<void> {
    await this.row(label).getByTestId('courier-row-status').getByText(status, { exact: true }).waitFor();
  }

  async counters(): Promise<{ own: string; proxy: string }> {
    return {
      own: (await this.page.getByTestId('courier-counter-own').textContent()) ?? '',
      proxy: (await this.page.getByTestId('courier-counter-proxy').textContent()) ?? '',
    };
  }

  async waitForCounters(own: number, proxy: number): Promise<void> {
    await this.page.getByTestId('courier-counter-own').getByText(String(own), { exact: true }).waitFor();
    await this.page.getByTestId('courier-counter-proxy').getByText(String(proxy), { exact: true }).waitFor();
  }

  /**
   * Vervoerder koppelen → a class → the own contract's settings, by field name → Koppelen.
   * With `wrong`: first that one field's wrong value, whose Dutch refusal must appear on the
   * form, then the right value.
   */
  async linkOwnContract(className: string, fields: Record<string, string>, wrong?: { field: string; value: string; refusal: string }): Promise<void> {
    await this.page.getByTestId('courier-link-button').click();
    const form = this.page.getByTestId('courier-link-form');
    await form.getByTestId('courier-class-select').click();
    await this.page.getByRole('option', { name: className, exact: true }).click();
    const own = form.getByTestId('courier-contract-own');
    if (await own.count()) await own.check();
    for (const [name, value] of Object.entries(fields)) await form.getByTestId(`courier-setting-${name}`).fill(name === wrong?.field ? wrong.value : value);
    await form.getByTestId('courier-link-submit').click();
    if (wrong) {
      await form.getByText(wrong.refusal).waitFor();
      await form.getByTestId(`courier-setting-${wrong.field}`).fill(fields[wrong.field] ?? '');
      await form.getByTestId('courier-link-submit').click();
    }
    await form.waitFor({ state: 'detached' });
  }

  /** Vervoerder koppelen → a class → the platform's contract → Koppelen. */
  async linkPlatformContract(className: string): Promise<void> {
    await this.page.getByTestId('courier-link-button').click();
    const form = this.page.getByTestId('courier-link-form');
    await form.getByTestId('courier-class-select').click();
    await this.page.getByRole('option', { name: className, exact: true }).click();
    await form.getByLabel(/via Verzendhuis/).check();
    await form.getByTestId('courier-link-submit').click();
    await form.waitFor({ state: 'detached' });
  }

  async rename(from: string, to: string): Promise<void> {
    await this.row(from).getByTestId('courier-edit').click();
    const form = this.page.getByTestId('courier-edit-form');
    await form.getByLabel('Naam').fill(to);
    await form.getByTestId('courier-save').click();
    await form.waitFor({ state: 'detached' });
  }

  /** Deactiveren, then the confirmation dialog's confirm (or cancel). */
  async deactivate(label: string, confirm = true): Promise<string> {
    await this.row(label).getByTestId('courier-deactivate').click();
    const dialog = this.page.getByRole('dialog');
    const question = (await dialog.textContent()) ?? '';
    await this.page.getByTestId(confirm ? 'confirm-dialog-confirm' : 'confirm-dialog-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    return question;
  }

  async reactivate(label: string): Promise<void> {
    await this.row(label).getByTestId('courier-reactivate').click();
  }
}
