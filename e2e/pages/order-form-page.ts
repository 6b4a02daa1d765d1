import type { Locator, Page } from 'playwright-core';
import { DashboardPage } from './dashboard-page';

export interface Recipient {
  name?: string;
  zipcode?: string;
  housenumber?: string;
  email?: string;
}

/** The order form: Nieuwe zending, Bestelling aanpassen, Bestelling dupliceren. */
export class OrderFormPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(title: 'Nieuwe zending' | 'Bestelling aanpassen' | 'Bestelling dupliceren'): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await this.page.getByTestId('order-form').waitFor();
  }

  /** The input with this label (a select's list of options carries the label too). */
  field(label: string): Locator {
    return this.page.getByTestId('order-form').getByLabel(label, { exact: true }).and(this.page.locator('input, textarea'));
  }

  async value(label: string): Promise<string> {
    return this.field(label).inputValue();
  }

  /** Fills a field and leaves it, as a person tabbing on would (the postcode helper runs on leaving). */
  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
    await this.field(label).blur();
  }

  async fillRecipient(recipient: Recipient): Promise<void> {
    if (recipient.name !== undefined) await this.fill('Naam', recipient.name);
    if (recipient.zipcode !== undefined) await this.fill('Postcode', recipient.zipcode);
    if (recipient.housenumber !== undefined) await this.fill('Huisnummer', recipient.housenumber);
    if (recipient.email !== undefined) await this.fill('E-mailadres', recipient.email);
  }

  async waitForValue(label: string, value: string): Promise<void> {
    const field = this.field(label);
    await this.page.waitForFunction(
      ({ element, value }) => (element as HTMLInputElement | null)?.value === value,
      { element: await field.elementHandle(), value },
      { timeout: 10_000 },
    );
  }

  async addLine(line: { name: string; quantity: number; weight: number; price?: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Regel toevoegen' }).click();
    // Lines are numbered from 1 in their labels; the new line is the last.
    const n = await this.page.locator('[data-testid^="order-line-"]').count();
    await this.field(`Naam regel ${n}`).fill(line.name);
    await this.field(`Aantal regel ${n}`).fill(String(line.quantity));
    await this.field(`Gewicht (g) regel ${n}`).fill(String(line.weight));
    if (line.price !== undefined) await this.field(`Prijs per stuk incl. btw regel ${n}`).fill(line.price);
    await this.field(`Gewicht (g) regel ${n}`).blur();
  }

  async clearLineQuantity(n: number): Promise<void> {
    await this.field(`Aantal regel ${n}`).fill('');
    await this.field(`Aantal regel ${n}`).blur();
  }

  async packageWeight(n = 1): Promise<string> {
    return this.value(`Gewicht pakket ${n} (gram)`);
  }

  async courier(): Promise<string> {
    return this.value('Vervoerder');
  }

  /** Picks a courier in the Zending section; its default shipment type and options follow. */
  async chooseCourier(label: string): Promise<void> {
    await this.field('Vervoerder').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await this.waitForValue('Vervoerder', label);
  }

  /** Chooses the recipient's country by typing part of its Dutch name, as a person would. */
  async chooseCountry(name: string): Promise<void> {
    await this.field('Land').fill(name.slice(0, 4));
    await this.page.getByRole('option', { name, exact: true }).click();
    await this.waitForValue('Land', name);
  }

  async shipmentType(): Promise<string> {
    return this.value('Verzendmethode');
  }

  async save(): Promise<void> {
    await this.page.getByTestId('order-save').click();
  }

  /** The message under a field: its error, or its (orange) warning. */
  async messageOf(label: string): Promise<string> {
    const wrapper = this.field(label).locator('xpath=ancestor::div[contains(@class, "mantine-InputWrapper-root")][1]');
    const message = wrapper.locator('.mantine-InputWrapper-error, [data-warning]');
    await message.first().waitFor({ timeout: 10_000 });
    return (await message.allTextContents()).join(' ').trim();
  }

  /** What the postcode helper says when it filled nothing; null while it says nothing. */
  async lookupNotice(): Promise<string | null> {
    const notice = this.page.getByTestId('address-lookup-notice');
    return (await notice.count()) === 0 ? null : ((await notice.textContent()) ?? '').trim();
  }

  async waitForLookupNotice(text: string): Promise<void> {
    await this.page.getByTestId('address-lookup-notice').filter({ hasText: text }).waitFor({ timeout: 10_000 });
  }

  /** Whether the field can be typed in (not disabled, not read-only). */
  async isEditable(label: string): Promise<boolean> {
    return this.field(label).isEditable();
  }

  /**
   * A ready order typed in full through Nieuwe zending (the address typed, so no lookup
   * is needed): one order line, and `extraPackages` adds packages of those weights. It
   * checks the form says "Klaar om te verzenden", saves, and returns once the form is
   * empty again for the next one.
   */
  async createReadyOrder(
    baseUrl: string,
    input: { orderNumber: string; name: string; email?: string; line: { name: string; quantity: number; weight: number; price: string }; extraPackages?: number[] },
  ): Promise<void> {
    await this.page.goto(`${baseUrl}/dashboard/orders/create`);
    await this.waitUntilShown('Nieuwe zending');
    await this.fillRecipient({ name: input.name, zipcode: '3511 AB', housenumber: '12' });
    await this.fill('Adres', 'Oudegracht');
    await this.fill('Plaats', 'Utrecht');
    if (input.email) await this.fill('E-mailadres', input.email);
    await this.fill('Ordernummer', input.orderNumber);
    await this.addLine(input.line);
    for (const [index, weight] of (input.extraPackages ?? []).entries()) {
      await this.page.getByRole('button', { name: 'Pakket toevoegen' }).click();
      await this.fill(`Gewicht pakket ${index + 2} (gram)`, String(weight));
    }
    const status = await this.status();
    if (status !== 'Klaar om te verzenden') throw new Error(`the order form says "${status}", not ready`);
    await this.save();
    await new DashboardPage(this.page).waitForNotice('Zending aangemaakt');
    await this.waitForValue('Naam', '');
  }

  async status(): Promise<string> {
    return ((await this.page.getByTestId('order-form-status').textContent()) ?? '').trim();
  }

  /** The duplicate dialog: choose whether the order number comes along, then confirm. */
  async chooseDuplicate(options: { orderNumber: boolean; shipmentSettings?: boolean }): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'Bestelling dupliceren' });
    await dialog.waitFor();
    await dialog.getByLabel('Ordernummer overnemen').setChecked(options.orderNumber);
    if (options.shipmentSettings !== undefined) {
      await dialog.getByLabel(/Verzendinstellingen overnemen/).setChecked(options.shipmentSettings);
    }
    await dialog.getByRole('button', { name: 'Dupliceren' }).click();
  }
}
