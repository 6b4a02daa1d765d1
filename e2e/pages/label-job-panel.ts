import type { Locator, Page } from 'playwright-core';

/** The dashboard's progress and result of a large label selection (a background job). */
export class LabelJobPanel {
  constructor(private readonly page: Page) {}

  card(): Locator {
    return this.page.getByTestId('label-job').first();
  }

  async waitForCard(): Promise<void> {
    await this.card().waitFor({ timeout: 20_000 });
  }

  /** Waits until the job has finished (done or failed) and its result is shown. */
  async waitUntilFinished(): Promise<void> {
    await this.page.waitForFunction(
      () => {
        const status = document.querySelector('[data-testid="label-job"]')?.getAttribute('data-job-status');
        return status === 'done' || status === 'failed';
      },
      undefined,
      { timeout: 60_000 },
    );
  }

  async status(): Promise<string | null> {
    return this.card().getAttribute('data-job-status');
  }

  async title(): Promise<string> {
    return ((await this.card().getByTestId('label-job-title').textContent()) ?? '').trim();
  }

  async progressText(): Promise<string> {
    return ((await this.card().getByTestId('label-job-progress-text').textContent()) ?? '').trim();
  }

  async failedText(): Promise<string> {
    return ((await this.card().getByTestId('label-job-failed').textContent()) ?? '').trim();
  }

  /** The bar's value in percent, as the progressbar role announces it. */
  async percent(): Promise<number> {
    return Number(await this.card().getByRole('progressbar').getAttribute('aria-valuenow'));
  }

  async download(): Promise<void> {
    await this.card().getByTestId('label-job-download').click();
  }

  async showErrors(): Promise<void> {
    await this.card().getByTestId('label-job-errors').click();
  }

  async dismiss(): Promise<void> {
    await this.card().getByTestId('label-job-dismiss').click();
  }

  /** The per-order errors dialog (the same one small selections get). */
  resultDialog(): Locator {
    return this.page.getByTestId('label-result');
  }

  async resultErrors(): Promise<string[]> {
    return (await this.resultDialog().getByTestId('label-result-error').allTextContents()).map((t) => t.trim());
  }

  async closeResultDialog(): Promise<void> {
    await this.resultDialog().getByRole('button', { name: 'Sluiten', exact: true }).click();
    await this.resultDialog().waitFor({ state: 'hidden' });
  }
}
