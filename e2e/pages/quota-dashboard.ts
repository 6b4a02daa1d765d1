import type { Locator, Page } from 'playwright-core';

/** The dashboard parts a trial organisation's quota test needs: test orders, page size, the counter. */
export class QuotaDashboard {
  constructor(private readonly page: Page) {}

  /** The counter on the Bestellingen tab, or null while it is not shown. */
  async ordersCount(): Promise<number | null> {
    const badge = this.page.getByTestId('tab-orders').getByTestId('tab-count');
    if ((await badge.count()) === 0) return null;
    const text = ((await badge.textContent()) ?? '').trim();
    return text === '' ? null : Number(text);
  }

  /** The counter once the tab shows one (it is loaded after the tab itself). */
  async shownOrdersCount(): Promise<number> {
    const handle = await this.page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="tab-orders"] [data-testid="tab-count"]')?.textContent?.trim();
        return text ? Number(text) : null;
      },
      undefined,
      { timeout: 20_000 },
    );
    return (await handle.jsonValue()) as number;
  }

  async waitForOrdersCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (count) => document.querySelector('[data-testid="tab-orders"] [data-testid="tab-count"]')?.textContent?.trim() === String(count),
      count,
      { timeout: 20_000 },
    );
  }

  /** Meer acties → Genereer test orders; waits for the call, its toast and the new counter. */
  async generateTestOrders(expectedTotal: number): Promise<void> {
    const more = this.page.getByTestId('dashboard-more');
    await more.click();
    const item = this.page.getByRole('menuitem', { name: 'Genereer test orders' });
    await item.waitFor();
    const response = this.page.waitForResponse((r) => r.url().includes('generatetestorders') && r.request().method() === 'POST');
    await item.click();
    const answer = await response;
    if (!answer.ok()) throw new Error(`generating test orders failed: ${answer.status()}`);
    await this.page.locator('.mantine-Notification-root').filter({ hasText: '10 testorders aangemaakt!' }).first().waitFor();
    await this.waitForOrdersCount(expectedTotal);
    await this.page.waitForFunction(() => document.querySelector('[data-testid="dashboard-more"]')?.getAttribute('data-loading') === null);
  }

  /** Chooses the page size of the orders table and waits until the URL and the rows follow. */
  async setPageSize(size: 25 | 50 | 100, expectedRows: number): Promise<void> {
    await this.page.getByLabel('Per pagina', { exact: true }).and(this.page.locator('input')).click();
    await this.page.getByRole('option', { name: String(size), exact: true }).click();
    await this.page.waitForURL((url) => (url.searchParams.get('page_size') ?? '25') === String(size));
    await this.page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="orders-table"] tbody tr').length === count,
      expectedRows,
      { timeout: 15_000 },
    );
  }

  /** The refusal dialog of the label creation flow when the monthly quota is used up. */
  quotaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Limiet bereikt!' });
  }
}
