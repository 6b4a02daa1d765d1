import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';

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

/** The sizes a screen's browser test runs at: `describe.each(screenSizes)('… on a %s', (name, viewport) => …)`. */
export const screenSizes = [
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const;

/** Both widths by name, for `describe.each(namedViewports)`: a test of something a user sees runs at each. */
export const namedViewports = Object.entries(viewports) as ['desktop' | 'phone', (typeof viewports)[keyof typeof viewports]][];

/** Debian's chromium driven by playwright-core; playwright gives it a fresh, empty profile. */
export async function openBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const context = await browser.newContext({ locale: 'nl-NL', viewport: options.viewport ?? viewports.desktop });
  // Tests talk to localhost only: a request elsewhere (map tiles of a default MAP_TILE_URL)
  // fails at once, as it would on a machine without network.
  await context.route(/^https?:\/\/(?!(localhost|127\.0\.0\.1)(:\d+)?\/)/, (route) => route.abort('blockedbyclient'));
  // A Content-Security-Policy violation (docs/security.md) is reported on the test's output.
  context.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) console.error(`CSP violation: ${message.text()}`);
  });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  };
}

/** Where a test keeps its screenshots (`.tmp/` of the repository, which CI keeps). */
export const screenshotPath = (name: string): string => path.resolve(import.meta.dirname, '../../.tmp', name);

/**
 * A fresh browser for each test of the file, closed after it. Use it inside a test:
 *
 *     const session = browserForEachTest();
 *     it('…', async () => { const { page } = session; … });
 */
export function browserForEachTest(options: Parameters<typeof openBrowser>[0] = {}): BrowserSession {
  let current: BrowserSession | undefined;
  beforeEach(async () => {
    current = await openBrowser(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const open = (): BrowserSession => {
    if (!current) throw new Error('browserForEachTest: the browser is there inside a test only');
    return current;
  };
  return {
    get browser() {
      return open().browser;
    },
    get context() {
      return open().context;
    },
    get page() {
      return open().page;
    },
    close: () => open().close(),
  };
}
