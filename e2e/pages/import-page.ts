import type { Locator, Page } from 'playwright-core';

/** /import: the CSV upload with its preview, dry-run check and result. */
export class ImportPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/import`);
    await this.page.getByRole('heading', { level: 1, name: 'Bestellingen importeren' }).waitFor();
  }

  /** Chooses a file as the button does (the hidden file input behind "Kies een CSV-bestand"). */
  async chooseFile(name: string, content: string | Buffer): Promise<void> {
    await this.page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content });
  }

  fileSummary(): Locator {
    return this.page.getByTestId('import-file-summary');
  }

  previewRows(): Locator {
    return this.page.getByTestId('import-preview').locator('tbody tr');
  }

  check(): Locator {
    return this.page.getByTestId('import-check');
  }

  result(): Locator {
    return this.page.getByTestId('import-result');
  }

  async count(section: Locator, key: 'created' | 'updated' | 'skipped' | 'errors'): Promise<string> {
    return (await section.getByTestId(`import-count-${key}`).locator('p').last().textContent()) ?? '';
  }

  errorRows(section: Locator): Locator {
    return section.getByTestId('import-error-row');
  }

  async runImport(): Promise<void> {
    await this.page.getByRole('button', { name: 'Importeren' }).click();
    await this.result().waitFor();
  }
}
