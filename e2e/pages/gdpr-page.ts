import type { Download, Page } from 'playwright-core';

/** /settings/gdpr: the data export and the retention period. */
export class GdprPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('gdpr-export').waitFor();
  }

  /** Starts an export and waits (polling on the screen) until its download button shows; the download. */
  async exportAndDownload(): Promise<Download> {
    const before = await this.page.getByTestId('gdpr-download').count();
    await this.page.getByRole('button', { name: 'Export aanmaken' }).click();
    await this.page.getByText('De export wordt gemaakt.').waitFor();
    // The newest export is the first row: its button appears once the job is done.
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="gdpr-download"]').length > n, before, { timeout: 120_000 });
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('gdpr-download').first().press('Enter');
    return download;
  }
}
