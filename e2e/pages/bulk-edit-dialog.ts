import type { Locator, Page } from 'playwright-core';

/** Bijwerken on a selection of the orders table: the dialog "Bestellingen bijwerken". */
export class BulkEditDialog {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByRole('dialog', { name: 'Bestellingen bijwerken' });
  }

  async waitUntilShown(): Promise<void> {
    await this.root().getByTestId('bulk-edit-count').waitFor();
  }

  async waitUntilClosed(): Promise<void> {
    await this.root().waitFor({ state: 'detached' });
  }

  async count(): Promise<string> {
    return (await this.root().getByTestId('bulk-edit-count').textContent()) ?? '';
  }

  /** The input with this label (a select's list of options carries the label too). */
  field(label: string): Locator {
    return this.root().getByLabel(label, { exact: true }).and(this.page.locator('input'));
  }

  /** A select, with the keyboard: open it with the arrow key, walk to the option, Enter. */
  async choose(label: string, option: string): Promise<void> {
    const field = this.field(label);
    await field.focus();
    await field.press('ArrowDown');
    const wanted = this.page.getByRole('option', { name: option, exact: true });
    await wanted.waitFor();
    for (let step = 0; step < 20 && !(await wanted.evaluate((el) => el.hasAttribute('data-combobox-selected'))); step++) await field.press('ArrowDown');
    await field.press('Enter');
    await this.page.waitForFunction(({ element, option }) => (element as HTMLInputElement | null)?.value === option, { element: await field.elementHandle(), option });
  }

  /** A checkbox, with the keyboard (Space). */
  async check(label: string): Promise<void> {
    await this.field(label).focus();
    await this.page.keyboard.press('Space');
    if (!(await this.field(label).isChecked())) throw new Error(`${label} did not get checked`);
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** The text that describes the field (aria-describedby): its description or its error. */
  private async describedBy(label: string, kind: 'description' | 'error'): Promise<string> {
    const field = this.field(label);
    const handle = await field.elementHandle();
    await this.page.waitForFunction(
      ({ element, kind }) => (element?.getAttribute('aria-describedby') ?? '').split(/\s+/).some((id) => id.endsWith(`-${kind}`)),
      { element: handle, kind },
      { timeout: 15_000 },
    );
    const id = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).find((i) => i.endsWith(`-${kind}`)) ?? '';
    return ((await this.page.locator(`[id="${id}"]`).textContent()) ?? '').trim();
  }

  /** The error shown under a field (the server's or the dialog's own check). */
  async errorOf(label: string): Promise<string> {
    return this.describedBy(label, 'error');
  }

  async descriptionOf(label: string): Promise<string> {
    return this.describedBy(label, 'description');
  }

  async isDisabled(label: string): Promise<boolean> {
    return this.field(label).isDisabled();
  }

  /** Bijwerken, by pressing Enter in a field (the dialog is a form). */
  async submitWithEnter(label: string): Promise<void> {
    await this.field(label).press('Enter');
  }

  async submit(): Promise<void> {
    await this.root().getByRole('button', { name: 'Bijwerken', exact: true }).click();
  }

  async revalidateOnly(): Promise<void> {
    await this.root().getByRole('button', { name: 'Alleen opnieuw controleren' }).click();
  }

  async cancel(): Promise<void> {
    await this.root().getByRole('button', { name: 'Annuleren' }).click();
  }

  /** Where the dialog's content lies on the screen. */
  async box(): Promise<{ x: number; y: number; width: number; height: number } | null> {
    return this.page.locator('.mantine-Modal-content').boundingBox();
  }
}
