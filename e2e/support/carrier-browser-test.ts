import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { AppFrame } from '../pages/app-frame';
import { CourierSettingsPage } from '../pages/courier-settings-page';
import { demoUser as demo, LoginPage } from '../pages/login-page';
import { startAppProcess, type AppProcess } from './app-process';
import { checkScreenAtBothWidths } from './axe';
import { openBrowser, type BrowserSession } from './browser';

/**
 * The set-up of a carrier's browser test (issue 19): the carrier's fake on this machine and
 * an app of its own on `port` for the file (so the shared app's demo organisation gets no
 * contract and no registration is spent), a browser for each test.
 */
export function carrierBrowserTest<F extends { close: () => Promise<void> }>(options: { startFake: () => Promise<F>; port: number }) {
  let fake: F | undefined;
  let app: AppProcess | undefined;
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    fake = await options.startFake();
    app = await startAppProcess({ port: options.port, env: { CARRIER_TIMEOUT_MS: '3000', TEST_CARRIER_TIME_SCALE: '1' } });
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the carrier browser test has not started');
    return value;
  };
  return {
    fake: (): F => started(fake),
    app: (): AppProcess => started(app),
    page: (): Page => started(session).page,
    /**
     * The demo user logs in at /settings/services/courier and links the carrier's own
     * contract, `wrong` first (its refusal shown on its field); the link is Actief and the
     * page passes axe at both widths (`.tmp/e2e-<screen>-*.png`).
     */
    async linkOwnContract(courier: string, fields: Record<string, string>, wrong: { field: string; value: string; refusal: string }, screen: string): Promise<void> {
      const page = started(session).page;
      await page.goto(`${started(app).url}/settings/services/courier`);
      await new LoginPage(page).logIn(demo.email, demo.password);
      await new AppFrame(page).waitUntilShown();
      const couriers = new CourierSettingsPage(page);
      await couriers.waitUntilShown();
      await couriers.linkOwnContract(courier, fields, wrong);
      await couriers.row(courier).waitFor();
      expect(await couriers.status(courier)).toBe('Actief');
      await checkScreenAtBothWidths(page, screen);
    },
  };
}
