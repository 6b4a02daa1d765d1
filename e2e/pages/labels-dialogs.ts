import type { Locator, Page } from 'playwright-core';

/** The dialogs of the label creation flow (orders spec §4, account spec §4). */
export class LabelsDialogs {
  constructor(private readonly page: Page) {}

  duplicates(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('label-duplicates') });
  }

  async waitForDuplicates(): Promise<Locator> {
    const dialog = this.duplicates();
    await dialog.waitFor();
    return dialog;
  }

  /** The duplicate rows once every existing label was fetched (each shows a tracking number or says none). */
  async duplicateRows(): Promise<string[]> {
    const dialog = this.duplicates();
    await this.page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="label-duplicate-row"]'));
      return rows.length > 0 && rows.every((row) => !row.textContent?.includes('ophalen'));
    });
    return dialog.getByTestId('label-duplicate-row').allTextContents();
  }

  async useExisting(): Promise<void> {
    await this.duplicates().getByTestId('label-duplicates-existing').click();
  }

  async createNew(): Promise<void> {
    await this.duplicates().getByTestId('label-duplicates-new').click();
  }

  async cancelDuplicates(): Promise<void> {
    await this.duplicates().getByTestId('label-duplicates-cancel').click();
  }

  result(): Locator {
    return this.page.getByTestId('label-result');
  }
}
