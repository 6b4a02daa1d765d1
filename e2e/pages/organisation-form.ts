import type { Locator, Page } from 'playwright-core';

/**
 * The organisation's name, contact and address: the first-login page asks for them
 * (`first-login-form`), /settings/account edits them (`account-contact-form`).
 */
export class OrganisationForm {
  constructor(
    private readonly page: Page,
    private readonly testId: 'first-login-form' | 'account-contact-form',
  ) {}

  form(): Locator {
    return this.page.getByTestId(this.testId);
  }

  async waitUntilShown(): Promise<void> {
    await this.form().waitFor();
  }

  /** A field by the start of its label (required fields add an asterisk). */
  field(label: string): Locator {
    return this.form().getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  async value(label: string): Promise<string> {
    return this.field(label).inputValue();
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** Postcode and house number, then leaving the field: the lookup fills street and city. */
  async fillAddressByLookup(address: { zipcode: string; housenumber: string; addition?: string }): Promise<void> {
    await this.fill('Postcode', address.zipcode);
    await this.fill('Huisnummer', address.housenumber);
    await this.field('Huisnummer').press('Tab');
    if (address.addition) await this.fill('Toevoeging', address.addition);
    await this.page.waitForFunction((testId) => {
      const street = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"] input[autocomplete="address-line1"]`);
      return Boolean(street?.value);
    }, this.testId);
  }

  /** What the first-login page asks of a new organisation: a phone and the address (found by the lookup). */
  async complete(input: { phone: string; zipcode: string; housenumber: string; addition?: string }): Promise<void> {
    await this.waitUntilShown();
    await this.fill('Telefoonnummer', input.phone);
    await this.fillAddressByLookup(input);
  }

  async save(): Promise<void> {
    await this.form().getByRole('button', { name: 'Opslaan' }).click();
  }

  /** The message an input shows under it, or null. */
  async fieldError(label: string): Promise<string | null> {
    const described = (await this.field(label).getAttribute('aria-describedby')) ?? '';
    const id = described.split(' ').find((part) => part.endsWith('-error'));
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }
}
