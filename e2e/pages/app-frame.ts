import type { Page } from 'playwright-core';

/** The frame around every logged-in screen: top bar, settings menu, feedback button. */
export class AppFrame {
  constructor(private readonly page: Page) {}

  topBar() {
    return this.page.getByRole('banner');
  }

  async waitUntilShown(): Promise<void> {
    await this.topBar().getByRole('link', { name: 'Bestellingen' }).waitFor();
  }

  async waitForPath(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Instellingen' }).click();
    await this.page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  }
}
