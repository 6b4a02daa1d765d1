import type { Locator, Page } from 'playwright-core';

/** The documents menu of the print controls (orders spec §2.8): extra label, export document, packing slips. */
export class DocumentsMenu {
  constructor(
    private readonly page: Page,
    private readonly scope: Locator = page.locator('body'),
  ) {}

  async open(): Promise<void> {
    await this.scope.getByTestId('print-controls').first().getByRole('button', { name: 'Documenten' }).click();
    await this.dropdown().waitFor();
  }

  dropdown(): Locator {
    return this.page.getByTestId('documents-menu-dropdown');
  }

  /** The entries as shown, in order. */
  async entries(): Promise<string[]> {
    const items = this.dropdown().getByRole('menuitem');
    return (await items.allTextContents()).map((text) => text.trim());
  }

  async choose(entry: 'Extra label' | 'Exportdocument' | 'Pakbonnen'): Promise<void> {
    await this.dropdown().getByRole('menuitem', { name: entry }).click();
  }
}
