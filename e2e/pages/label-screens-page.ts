import type { Locator, Page } from 'playwright-core';

export type LabelMenuAction = 'duplicate' | 'deliver' | 'investigation' | 'delete' | 'mark-confirm' | 'mark-action_required' | 'mark-item_missing' | 'mark-refuse';

/** The label tabs' row menu and bulk actions, and the blocks of Zendingdetails (orders spec §2.5, §2.7). */
export class LabelScreensPage {
  constructor(private readonly page: Page) {}

  /** Opens the "Meer acties" menu (of a row, or of the label page when no row is given) and picks an action. */
  async menuAction(action: LabelMenuAction, row?: Locator): Promise<void> {
    const scope = row ?? this.page.getByTestId('label-page-header');
    await scope.getByTestId('label-actions').click();
    await this.page.getByTestId('label-actions-menu').getByTestId(`label-action-${action}`).click();
  }

  /** The actions the open menu offers, by their test ids. */
  async menuActions(row?: Locator): Promise<string[]> {
    const scope = row ?? this.page.getByTestId('label-page-header');
    await scope.getByTestId('label-actions').click();
    const menu = this.page.getByTestId('label-actions-menu');
    await menu.waitFor();
    const ids = await menu.locator('[data-testid^="label-action-"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-testid') ?? ''));
    await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    return ids.map((id) => id.replace('label-action-', ''));
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId('confirm-dialog-confirm').click();
  }

  async bulk(testId: 'labels-bulk-deliver' | 'labels-bulk-delete' | 'labels-bulk-track' | 'labels-bulk-packing-slips'): Promise<void> {
    await this.page.getByTestId('selection-bar').getByTestId(testId).click();
  }

  async waitForNotice(text: string): Promise<void> {
    await this.page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
  }

  async waitForDetail(): Promise<void> {
    await this.page.getByTestId('label-detail').waitFor();
  }

  /** The text of a field or block of the label page, trimmed. */
  async text(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).first().textContent()) ?? '').trim();
  }

  async texts(testId: string): Promise<string[]> {
    return (await this.page.getByTestId(testId).allTextContents()).map((t) => t.trim());
  }

  async isShown(testId: string): Promise<boolean> {
    return (await this.page.getByTestId(testId).count()) > 0;
  }

  async openInvoicing(): Promise<void> {
    await this.page.getByTestId('label-invoicing-toggle').click();
  }

  returnButton(): Locator {
    return this.page.getByTestId('label-create-return');
  }
}
