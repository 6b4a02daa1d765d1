import type { Locator, Page } from 'playwright-core';

type LabelTabValue = 'labels' | 'tracking' | 'delivered' | 'return';

/** The label tabs of the dashboard (Labels, Verzonden, Bezorgd, Retouren) and the label page. */
export class LabelsTabPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, tab: LabelTabValue = 'labels', search?: string): Promise<void> {
    const query = search ? `?${new URLSearchParams({ search }).toString()}` : '';
    await this.page.goto(`${baseUrl}/dashboard/${tab}${query}`);
    await this.waitUntilShown(tab);
  }

  async waitUntilShown(tab: LabelTabValue = 'labels'): Promise<void> {
    await this.page.getByTestId(`labels-tab-${tab}`).waitFor();
    await this.page.getByTestId('labels-table').or(this.page.getByTestId('labels-empty')).waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('labels-table').locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async waitForRows(text: string, count: number): Promise<void> {
    await this.page.waitForFunction(
      ({ text, count }) =>
        Array.from(document.querySelectorAll('[data-testid="labels-table"] tbody tr')).filter((tr) => tr.textContent?.includes(text)).length === count,
      { text, count },
      { timeout: 15_000 },
    );
  }

  async selectRows(text: string): Promise<void> {
    const rows = this.row(text);
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).getByRole('checkbox').check();
  }

  async statusOf(row: Locator): Promise<string> {
    return ((await row.getByTestId('label-status').textContent()) ?? '').trim();
  }

  async trackingOf(row: Locator): Promise<string> {
    return ((await row.getByTestId('label-tracking').first().textContent()) ?? '').trim();
  }

  async bulkPrint(): Promise<void> {
    await this.page.getByTestId('selection-bar').getByTestId('labels-bulk-print').click();
  }

  async openDetails(row: Locator): Promise<void> {
    await row.getByRole('link', { name: 'Details' }).click();
    await this.page.getByTestId('label-detail').waitFor();
  }

  async detail(testId: 'label-detail-name' | 'label-detail-order-number' | 'label-detail-shipment-type'): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').trim();
  }
}
