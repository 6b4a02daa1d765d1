import type { Locator, Page } from 'playwright-core';

/** The print controls (orders spec §2.8): an action, the label settings and the A4 start position. */
export class LabelsPrintControls {
  constructor(
    private readonly page: Page,
    private readonly scope: Locator = page.locator('body'),
  ) {}

  private controls(): Locator {
    return this.scope.getByTestId('print-controls').first();
  }

  async chooseFormat(format: 'a4' | 'a6'): Promise<void> {
    await this.openSettings();
    await this.page.getByTestId('label-settings-dropdown').getByLabel(format === 'a4' ? 'A4 (vier per pagina)' : 'A6 (één per pagina)').check();
    await this.closeSettings();
  }

  async chooseMode(mode: 'pdf' | 'printer'): Promise<void> {
    await this.openSettings();
    await this.page.getByTestId('label-settings-dropdown').getByLabel(mode === 'pdf' ? 'Downloaden als PDF' : 'Printer').check();
    await this.closeSettings();
  }

  async openSettings(): Promise<void> {
    await this.controls().getByRole('button', { name: 'Labelinstellingen' }).click();
    await this.page.getByTestId('label-settings-dropdown').waitFor();
  }

  async closeSettings(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('label-settings-dropdown').waitFor({ state: 'hidden' });
  }

  async format(): Promise<string> {
    return ((await this.controls().getByTestId('print-format').textContent()) ?? '').trim();
  }

  /** Chooses the first-page position: 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right. */
  async choosePosition(position: 1 | 2 | 3 | 4): Promise<void> {
    await this.controls().getByRole('radiogroup', { name: 'Startpositie' }).getByRole('radio', { name: new RegExp(`^Positie ${position} `) }).click();
  }

  async position(): Promise<number | null> {
    const group = this.controls().getByRole('radiogroup', { name: 'Startpositie' });
    if ((await group.count()) === 0) return null;
    const text = await group.locator('[aria-checked="true"]').textContent();
    return Number((text ?? '').trim());
  }

  async clickAction(testId: string): Promise<void> {
    await this.controls().getByTestId(testId).click();
  }
}
