import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** Screen sizes the tests use: a laptop, and a 390 px wide phone. */
export const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Both widths by name, for `describe.each(namedViewports)`: a test of something a user sees runs at each. */
export const namedViewports = Object.entries(viewports) as ['desktop' | 'phone', (typeof viewports)[keyof typeof viewports]][];

/** Debian's chromium driven by playwright-core; playwright gives it a fresh, empty profile. */
export async function openBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const context = await browser.newContext({ locale: 'nl-NL', viewport: options.viewport ?? viewports.desktop });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  };
}
