import type { Page } from 'playwright-core';

/** /settings/plans and /settings/plans/change (docs/plans.md). */
export class PlansPages {
  constructor(private readonly page: Page) {}

  async currentPlanName(): Promise<string> {
    const name = this.page.getByTestId('plan-current-name');
    await name.waitFor();
    return ((await name.textContent()) ?? '').trim();
  }

  async usageText(): Promise<string> {
    const usage = this.page.getByTestId('plan-usage');
    await usage.waitFor();
    return ((await usage.textContent()) ?? '').trim();
  }

  async openChange(): Promise<void> {
    await this.page.getByTestId('plans-change').click();
    await this.page.getByTestId('plan-cards').waitFor();
  }

  /** Chooses a plan on plans/change, confirms, and waits for the toast. */
  async choose(planId: string, planName: string): Promise<void> {
    await this.page.getByTestId(`plan-choose-${planId}`).click();
    await this.page.getByTestId('confirm-dialog-confirm').click();
    await this.page.locator('.mantine-Notification-root').filter({ hasText: `Je abonnement is gewijzigd naar ${planName}.` }).first().waitFor();
    await this.page.waitForFunction((id) => document.querySelector(`[data-testid="plan-card-${id}"]`)?.getAttribute('data-current') === 'true', planId);
  }
}
