import type { Download, Locator, Page } from 'playwright-core';
import { LabelsPrintControls } from './labels-print-controls';

/** The dashboard: tabs, the orders table with search, row actions and bulk actions. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, tab = 'orders'): Promise<void> {
    await this.page.goto(`${baseUrl}/dashboard/${tab}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('tab', { name: /Bestellingen/ }).waitFor();
    await this.page.getByRole('searchbox', { name: 'Zoeken' }).waitFor();
  }

  async newShipment(): Promise<void> {
    await this.page.getByRole('link', { name: 'Nieuwe zending' }).click();
  }

  /** Types a search and waits until the URL carries it (after the 300 ms debounce). */
  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Zoeken' }).fill(text);
    await this.page.waitForURL((url) => url.searchParams.get('search') === text);
  }

  rows(): Locator {
    return this.page.getByTestId('orders-table').locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async waitForRows(text: string, count: number): Promise<void> {
    await this.page.waitForFunction(
      ({ text, count }) =>
        Array.from(document.querySelectorAll('[data-testid="orders-table"] tbody tr')).filter((tr) => tr.textContent?.includes(text)).length === count,
      { text, count },
      { timeout: 15_000 },
    );
  }

  async waitForEmpty(): Promise<void> {
    await this.page.getByTestId('orders-empty').or(this.page.getByTestId('orders-no-shops')).waitFor();
  }

  async edit(row: Locator): Promise<void> {
    await row.getByRole('link', { name: 'Bewerken' }).click();
  }

  async duplicate(row: Locator): Promise<void> {
    await row.getByRole('link', { name: 'Dupliceren' }).click();
  }

  async delete(row: Locator): Promise<void> {
    await row.getByRole('button', { name: 'Verwijderen' }).click();
    await this.confirm();
  }

  async selectRow(row: Locator): Promise<void> {
    await row.getByRole('checkbox').check();
  }

  async bulk(action: 'Bijwerken' | 'Verwijderen' | 'Verzendregels opnieuw toepassen'): Promise<void> {
    await this.page.getByTestId('selection-bar').getByRole('button', { name: action }).click();
  }

  async selectionCount(): Promise<string> {
    return (await this.page.getByTestId('selection-count').textContent()) ?? '';
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId('confirm-dialog-confirm').click();
  }

  async statusOf(row: Locator): Promise<string> {
    return ((await row.getByTestId('order-status').textContent()) ?? '').trim();
  }

  /** Waits for a toast or snackbar with this text. */
  async waitForNotice(text: string): Promise<void> {
    await this.page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
  }

  /**
   * The orders tab searched for `search` until `count` rows show, all of them selected,
   * and "Labels aanmaken" in the selection bar: resolves to the labels' download.
   */
  async createLabelsFor(baseUrl: string, search: string, count: number): Promise<Download> {
    await this.open(baseUrl);
    await this.search(search);
    await this.waitForRows(search, count);
    await this.page.getByTestId('select-all').check();
    const download = this.page.waitForEvent('download');
    await new LabelsPrintControls(this.page, this.page.getByTestId('selection-bar')).clickAction('create-labels');
    return download;
  }
}
