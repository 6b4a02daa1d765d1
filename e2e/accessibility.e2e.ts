import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { sqlOnApp } from './support/app-database';
import { startAppProcess, type AppProcess } from './support/app-process';
import { browserForEachTest, screenshotPath, viewports } from './support/browser';
import { labelOf, pageApi, testvervoerderOrder } from './support/page-api';
import { demoUser, LoginPage, logInAsDemo } from './pages/login-page';

/**
 * Issue 20 item 6 (docs/accessibility.md): every route of the web app's router, with data
 * present, passes axe-core's WCAG 2.1 A and AA rules at 1280 and 390 px without sideways
 * scrolling; the main dialogs open and pass too; actions, table rows and dialogs work by
 * keyboard alone with a visible focus. An app of its own (port 8562, or E2E_A11Y_PORT;
 * E2E_A11Y_URL with E2E_A11Y_DATA_DIR points it at one you started) with SCAN_ENABLED and a
 * billing clock 30 days ahead, so that an invoice can be closed; the demo user is made an
 * operator and the demo organisation gets the ANALYTICS and ORDER_ITEM_SCAN add-ons.
 */

const root = path.resolve(import.meta.dirname, '..');
const stamp = `A11Y${Date.now().toString(36).toUpperCase()}`;

let app: Pick<AppProcess, 'url' | 'dataDir'> & { stop?: () => Promise<void> };

beforeAll(async () => {
  if (process.env.E2E_A11Y_URL) {
    app = { url: process.env.E2E_A11Y_URL.replace(/\/$/, ''), dataDir: process.env.E2E_A11Y_DATA_DIR ?? '' };
  } else {
    app = await startAppProcess({
      port: Number(process.env.E2E_A11Y_PORT ?? 8562),
      env: { NODE_ENV: 'development', BILLING_CLOCK_OFFSET_DAYS: '30', SCAN_ENABLED: '1', TEST_CARRIER_TIME_SCALE: '1' },
    });
  }
});
afterAll(async () => {
  await app?.stop?.();
});

const session = browserForEachTest();

/** The paths of the web app's router (apps/web/src/app/router.tsx) as written there. */
function routerPaths(): string[] {
  const source = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1] ?? '');
}

interface Data {
  orderId: string;
  labelId: string;
  invoiceId: string;
  ticketId: string;
  trackingToken: string;
  returnSlug: string;
  contactId: string;
}

/**
 * Each path of the router as router.tsx writes it (a nested route by its own part), with the
 * address the test opens for it and what it waits for there. A new route without an entry
 * here fails the test.
 */
const routes: Record<string, { open: (d: Data) => string; shows: string | RegExp; name: string }[]> = {
  dashboard: [{ name: 'dashboard', open: () => '/dashboard', shows: 'Bestellingen' }],
  'dashboard/:activeTabName': ['orders', 'problematic', 'labels', 'tracking', 'delivered', 'delayed', 'return', 'other'].map((tab) => ({
    name: `dashboard-${tab}`,
    open: () => `/dashboard/${tab}`,
    shows: 'Bestellingen',
  })),
  'dashboard/orders/create': [{ name: 'order-new', open: () => '/dashboard/orders/create', shows: 'Nieuwe zending' }],
  'dashboard/orders/:orderId': [{ name: 'order-edit', open: (d) => `/dashboard/orders/${d.orderId}`, shows: 'Ontvanger' }],
  'dashboard/labels/:labelId': [{ name: 'label', open: (d) => `/dashboard/labels/${d.labelId}`, shows: stamp }],
  'dashboard/labels/:labelId/create-ticket': [{ name: 'create-ticket', open: (d) => `/dashboard/labels/${d.labelId}/create-ticket`, shows: 'onderzocht' }],
  'dashboard/*': [{ name: 'dashboard-unknown', open: () => '/dashboard/onbekend/pad', shows: 'Bestellingen' }],
  import: [{ name: 'import', open: () => '/import', shows: 'Importeren' }],
  'scan/:id?': [
    { name: 'scan', open: () => '/scan', shows: 'Scannen' },
    { name: 'scan-order', open: (d) => `/scan/${d.orderId}`, shows: stamp },
  ],
  settings: [{ name: 'settings', open: () => '/settings', shows: 'Account' }],
  'settings/account/:tab?': ['account-and-contact', 'billing-and-payment', 'company'].map((tab) => ({
    name: `account-${tab}`,
    open: () => `/settings/account/${tab}`,
    shows: 'Account',
  })),
  'settings/branding': [{ name: 'branding', open: () => '/settings/branding', shows: 'Huisstijl' }],
  'settings/printer': [{ name: 'printer', open: () => '/settings/printer', shows: 'Printer' }],
  'settings/address-book/:contactId?': [
    { name: 'address-book', open: () => '/settings/address-book', shows: 'Adresboek' },
    { name: 'address-book-contact', open: (d) => `/settings/address-book/${d.contactId}`, shows: 'Adresboek' },
  ],
  'settings/return/:tab?': ['address', 'payment-methods', 'portal'].map((tab) => ({ name: `return-${tab}`, open: () => `/settings/return/${tab}`, shows: 'Retour' })),
  'settings/tracking/:tab?': ['emails', 'outbox'].map((tab) => ({ name: `tracking-${tab}`, open: () => `/settings/tracking/${tab}`, shows: 'Track' })),
  'settings/tracking/email/:email': [{ name: 'tracking-email', open: () => '/settings/tracking/email/shipped', shows: 'Verzonden' }],
  'settings/plans': [{ name: 'plans', open: () => '/settings/plans', shows: 'Abonnement' }],
  'settings/plans/change': [{ name: 'plans-change', open: () => '/settings/plans/change', shows: 'Abonnement' }],
  'settings/billing': [{ name: 'billing', open: () => '/settings/billing', shows: 'Factu' }],
  'settings/services/:type': [
    { name: 'couriers', open: () => '/settings/services/courier', shows: 'Vervoerders' },
    { name: 'shops', open: () => '/settings/services/shop', shows: 'Webwinkels' },
  ],
  'settings/shipmentlogic': [{ name: 'shipping-rules', open: () => '/settings/shipmentlogic', shows: 'Verzendregels' }],
  'settings/gdpr': [{ name: 'gdpr', open: () => '/settings/gdpr', shows: 'AVG' }],
  'settings/invoices/:invoiceId': [{ name: 'invoice', open: (d) => `/settings/invoices/${d.invoiceId}`, shows: 'VH-' }],
  'settings/tickets': [{ name: 'tickets', open: () => '/settings/tickets', shows: stamp }],
  'settings/tickets/:ticketId': [{ name: 'ticket', open: (d) => `/settings/tickets/${d.ticketId}`, shows: stamp }],
  'settings/api-keys': [{ name: 'api-keys', open: () => '/settings/api-keys', shows: 'API' }],
  support: [{ name: 'support-inbox', open: () => '/support', shows: stamp }],
  ':ticketId': [{ name: 'support-ticket', open: (d) => `/support/${d.ticketId}`, shows: stamp }],
  'analytics/:tab?': ['shipment-overview', 'customer-interactions', 'delivery-performance', 'return-analysis'].map((tab) => ({
    name: `analytics-${tab}`,
    open: () => `/analytics/${tab}`,
    shows: 'Analytics',
  })),
  'addon-not-active/:addon?': [{ name: 'addon-not-active', open: () => '/addon-not-active/DOCUMENTS', shows: /./ }],
  '*': [{ name: 'not-found', open: () => '/bestaat-niet', shows: /./ }],
  down: [{ name: 'down', open: () => '/down', shows: /./ }],
  authentication: [{ name: 'authentication', open: () => '/authentication', shows: /./ }],
  onboard: [{ name: 'onboard', open: () => '/onboard', shows: /./ }],
  'onboard/first-login': [{ name: 'first-login', open: () => '/onboard/first-login', shows: /./ }],
  'retour/:slug': [{ name: 'return-portal', open: (d) => `/retour/${d.returnSlug}`, shows: /./ }],
  'retour/:slug/betaling/:id': [{ name: 'return-payment', open: (d) => `/retour/${d.returnSlug}/betaling/00000000-0000-4000-8000-000000000000`, shows: /./ }],
  'volg/:token': [{ name: 'public-tracking', open: (d) => `/volg/${d.trackingToken}`, shows: /./ }],
};

/** What is wrong with the page as it is now at both widths: axe's violations and sideways scrolling. */
async function problemsAtBothWidths(page: Page, name: string, options: { exclude?: string[] } = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    for (const v of await axeViolations(page, options)) problems.push(`${name} at ${size}: ${v.id} (${v.help}) on ${v.targets.slice(0, 3).join(', ')}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > viewport.width) problems.push(`${name} at ${size}: scrolls sideways (${width} px)`);
    if (problems.length > 0) await page.screenshot({ path: screenshotPath(`e2e-a11y-${name}-${size}.png`), fullPage: true }).catch(() => undefined);
  }
  await page.setViewportSize(viewports.desktop);
  return problems;
}

/** Orders, a label with a public tracking link, a closed invoice, a ticket, a contact and an open return portal. */
async function makeData(page: Page): Promise<Data> {
  const { data: user } = await pageApi<{ data: { organisation: { id: string } } }>(page, 'GET', '/user');
  const organisationId = user.organisation.id;
  const sql = (text: string, values: unknown[] = []) => sqlOnApp(app.dataDir ?? '', text, values);
  await sql(`INSERT INTO organisation_addons (organisation_id, code) VALUES ($1, 'ANALYTICS'), ($1, 'ORDER_ITEM_SCAN') ON CONFLICT DO NOTHING`, [organisationId]);
  // Run again on the same app (E2E_A11Y_URL): the last run's overdue invoice would block labels.
  await sql(`UPDATE invoices SET status = 'paid', paid_at = now() WHERE organisation_id = $1 AND status = 'open'`, [organisationId]);

  const { orderId } = await testvervoerderOrder(page, { order_number: `${stamp}-1` });
  await testvervoerderOrder(page, { order_number: `${stamp}-2` });
  const labelId = await labelOf(page, orderId);
  const trackingToken = `a11y${stamp.toLowerCase()}`;
  await sql(`INSERT INTO tracking_links (label_id, organisation_id, token) VALUES ($1, $2, $3)`, [labelId, organisationId, trackingToken]);
  // An invoice: a label through the platform's contract, its period closed by the operator command.
  const proxy = await pageApi<{ data: { id: string } }>(page, 'POST', '/courier/create', { courier_class: 'test', fields: { contract: 'platform' } });
  const { orderId: proxyOrder } = await testvervoerderOrder(page, { order_number: `${stamp}-3`, courier_id: proxy.data.id });
  const proxyLabelId = await labelOf(page, proxyOrder);
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: app.dataDir ?? '', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/admin/cli.ts', 'invoices', '--until', until], { cwd: root, env });
  const invoice = await sql(`SELECT id FROM invoices WHERE organisation_id = $1 ORDER BY created_at DESC LIMIT 1`, [organisationId]);
  const ticket = await sql(`INSERT INTO tickets (organisation_id, label_id, subject, email) VALUES ($1, $2, $3, 'femke@voorbeeld.nl') RETURNING id`, [organisationId, proxyLabelId, `${stamp} pakket zoek`]);
  const contact = await sql(`SELECT id FROM contacts WHERE organisation_id = $1 LIMIT 1`, [organisationId]).catch(() => ({ rows: [] }));
  const returnSlug = `a11y-${stamp.toLowerCase()}`;
  await sql(
    `INSERT INTO return_settings (organisation_id, portal_enabled, slug) VALUES ($1, true, $2)
     ON CONFLICT (organisation_id) DO UPDATE SET portal_enabled = true, slug = $2`,
    [organisationId, returnSlug],
  );
  return {
    orderId,
    labelId,
    invoiceId: (invoice.rows[0] as { id?: string } | undefined)?.id ?? 'geen-factuur',
    ticketId: (ticket.rows[0] as { id: string }).id,
    trackingToken,
    returnSlug,
    contactId: (contact.rows[0] as { id?: string } | undefined)?.id ?? 'geen-contact',
  };
}

describe('accessible screens', () => {
  it('every route of the router has a check here', () => {
    expect(routerPaths().sort()).toEqual(Object.keys(routes).sort());
  });

  it('every screen passes axe at 1280 and 390 px without sideways scrolling, with data present', async () => {
    const { page } = session;
    const problems: string[] = [];
    // The provider's login and registration pages, before logging in.
    await page.goto(`${app.url}/dashboard`);
    await new LoginPage(page).waitUntilShown();
    problems.push(...(await problemsAtBothWidths(page, 'login')));
    await page.getByRole('link', { name: /account aanmaken/i }).click();
    await page.getByRole('heading', { name: 'Gratis account aanmaken' }).waitFor();
    problems.push(...(await problemsAtBothWidths(page, 'registration')));

    // An operator, before logging in: the role is read at login.
    await sqlOnApp(app.dataDir ?? '', `UPDATE users SET role = 'operator' WHERE email = $1`, [demoUser.email]);
    await logInAsDemo(page, `${app.url}/dashboard`);
    const data = await makeData(page);
    await page.reload();
    for (const [pattern, checks] of Object.entries(routes)) {
      for (const check of checks) {
        // Inside the app as a link does it (the router follows the history), without loading the page again.
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, check.open(data));
        const shown = await page
          .locator('main, body')
          .first()
          .getByText(check.shows)
          .first()
          .waitFor({ timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) problems.push(`${check.name} (${pattern}): ${String(check.shows)} not shown at ${page.url()}`);
        problems.push(...(await problemsAtBothWidths(page, check.name)));
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

/** Presses Tab until `testId`'s element (the `nth` of them) has the focus; false after `max` presses. */
async function tabTo(page: Page, testId: string, max = 80): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) != null, testId)) return true;
  }
  return false;
}

/** The focused element's outline as the browser draws it (`:focus-visible`): a width above 0 and not `none`. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return el.matches(':focus-visible') && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  });
}

/**
 * Opens a dialog by keyboard from the element `opener` (reached by Tab, opened by Enter):
 * the dialog opens with the focus inside, passes axe at both widths, keeps the focus inside
 * over 15 Tabs, and closes by Escape with the focus back on its opener.
 */
async function dialogByKeyboard(page: Page, opener: string, dialogName: string | RegExp, problems: string[]): Promise<void> {
  if (!(await tabTo(page, opener))) {
    problems.push(`${opener}: not reached by Tab`);
    return;
  }
  if (!(await focusIsVisible(page))) problems.push(`${opener}: focus not visible`);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
  // The page behind the dialog is dimmed by the overlay and out of reach: axe judges the dialog.
  problems.push(...(await problemsAtBothWidths(page, `dialog ${String(dialogName)}`, { exclude: ['#root'] })));
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    if (!(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null))) {
      problems.push(`dialog ${String(dialogName)}: Tab left the dialog`);
      break;
    }
  }
  // A list open under the focus (a combobox's) closes first on Escape (WAI-ARIA), the dialog on the next.
  if (await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded') === 'true')) await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  if (!(await dialog.waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false))) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? 'nothing');
    problems.push(`dialog ${String(dialogName)}: Escape (the focus on ${focused}) did not close it`);
    return;
  }
  const back = await page
    .waitForFunction((id) => document.activeElement?.closest(`[data-testid="${id}"]`) != null, opener, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!back) problems.push(`dialog ${String(dialogName)}: the focus did not return to ${opener}`);
}

describe('by keyboard alone', () => {
  it('opens an order from its row, and opens, traps and closes the main dialogs with the focus back on their opener', async () => {
    const { page } = session;
    const problems: string[] = [];
    await logInAsDemo(page, `${app.url}/dashboard`);
    const { orderId } = await testvervoerderOrder(page, { order_number: `${stamp}-K` });

    // A row of the orders list: reached by Tab, with a visible focus, opened by Enter.
    await page.goto(`${app.url}/dashboard/orders`);
    await page.getByText(`${stamp}-K`).waitFor();
    await page.getByRole('searchbox', { name: 'Zoeken' }).focus();
    if (!(await tabTo(page, 'order-edit'))) problems.push('order row: its edit link not reached by Tab');
    if (!(await focusIsVisible(page))) problems.push('order row: focus not visible');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/orders\/[0-9a-f-]{36}/);

    // The delete confirmation of a row.
    await page.goto(`${app.url}/dashboard/orders`);
    await page.getByText(`${stamp}-K`).waitFor();
    await page.getByRole('searchbox', { name: 'Zoeken' }).focus();
    await dialogByKeyboard(page, 'order-delete', /verwijderen/i, problems);

    // The order form's pickup point modal.
    await page.goto(`${app.url}/dashboard/orders/${orderId}`);
    await page.getByTestId('pickup-point-choose').waitFor();
    await dialogByKeyboard(page, 'pickup-point-choose', 'Afhaalpunt kiezen', problems);

    // A new contact in the address book.
    await page.goto(`${app.url}/settings/address-book`);
    await page.getByTestId('contact-create').waitFor();
    await dialogByKeyboard(page, 'contact-create', 'Contact aanmaken', problems);

    // Linking a carrier (its button waits for the carriers' list).
    await page.goto(`${app.url}/settings/services/courier`);
    await page.locator('[data-testid="courier-link-button"]:not([disabled])').waitFor();
    await dialogByKeyboard(page, 'courier-link-button', 'Vervoerder koppelen', problems);

    // The feedback dialog, on every screen.
    await page.goto(`${app.url}/dashboard/orders`);
    await page.getByTestId('feedback-button').waitFor();
    await dialogByKeyboard(page, 'feedback-button', 'Feedback geven', problems);

    expect(problems).toEqual([]);
  });
});
