import type { Page } from 'playwright-core';

/** The frame around every logged-in screen: top bar, settings menu, feedback button. */
export class AppFrame {
  constructor(private readonly page: Page) {}

  topBar() {
    return this.page.getByRole('banner');
  }

  /** The top bar is shown: its gear, which every screen width has (the menu entries hide behind Menu on a phone). */
  async waitUntilShown(): Promise<void> {
    await this.settingsButton().waitFor();
  }

  async waitForPath(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  settingsButton() {
    return this.topBar().getByRole('button', { name: 'Instellingen' });
  }

  /** A settings page through the gear menu, as at every screen width. */
  async openSettingsPage(label: string): Promise<void> {
    await this.settingsButton().click();
    await this.page.getByRole('menuitem', { name: label, exact: true }).click();
  }

  /** An entry of the main navigation: in the top bar, or behind the Menu button on a narrow screen. */
  async openMainNavigation(label: string): Promise<void> {
    await this.waitUntilShown();
    const menuButton = this.topBar().getByRole('button', { name: 'Menu' });
    if (await menuButton.isVisible()) {
      await menuButton.click();
      await this.page.getByRole('menuitem', { name: label, exact: true }).click();
    } else {
      await this.topBar().getByRole('link', { name: label, exact: true }).click();
    }
  }

  async logOut(): Promise<void> {
    await this.settingsButton().click();
    await this.page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  }
}
