import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, checkScreenAtBothWidths } from './support/axe';
import { startAppProcess, type AppProcess } from './support/app-process';
import { openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { labelOf, pageApi, testvervoerderOrder } from './support/page-api';
import { logInAsDemo } from './pages/login-page';

/**
 * Issue 15, "Done when" 1: an investigation with an attachment is requested, support's reply
 * (the operator command `npm run admin -- ticket-reply`, run beside the app on its DATA_DIR)
 * lights the envelope, and the conversation shows it. An app of its own (E2E_TICKETS_PORT,
 * default 8461; development, so every label may be investigated, orders spec §6), whose
 * DATA_DIR the operator command finds the running database in.
 */
const root = path.resolve(import.meta.dirname, '..');
const stamp = `TK${Date.now().toString(36).toUpperCase()}`;
const invoice = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let app: AppProcess;
let session: BrowserSession | undefined;

beforeAll(async () => {
  app = await startAppProcess({ port: Number(process.env.E2E_TICKETS_PORT ?? 8461), env: { NODE_ENV: 'development' } });
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** `npm run admin -- …` as the operator runs it, on the app's DATA_DIR. */
async function admin(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/admin/cli.ts', ...args], { cwd: root, env });
  return stdout;
}

const supportReplies = (ticketId: string, text: string) => admin('ticket-reply', ticketId, text);

/** A Testvervoerder label of a ready order with the consignee's e-mail and phone, through the API. */
async function labelledOrder(page: Page, orderNumber: string): Promise<string> {
  const { orderId } = await testvervoerderOrder(page, { order_number: orderNumber, phone: '0612345678' });
  return labelOf(page, orderId);
}

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: screenshotPath(`e2e-tickets-${name}.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
}

describe.each(screenSizes)('an investigation on a %s', (name, viewport) => {
  it('is requested with an invoice, answered by support through npm run admin, and the envelope and conversation show the reply', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);
    const labelId = await labelledOrder(page, `${stamp}-${name}`);

    // The overview stage: the header, the label's blocks, Annuleren / Doorgaan.
    await page.goto(`${app.url}/dashboard/labels/${labelId}/create-ticket`);
    await page.getByTestId('create-ticket-header').waitFor();
    expect(await page.getByTestId('create-ticket-header').innerText()).toBe('Alleen complete zendingen kunnen worden onderzocht.');
    await page.getByTestId('tracking-history').waitFor();
    await checkScreen(page, `overview-${name}`);
    await page.getByRole('button', { name: 'Doorgaan' }).click();

    // The details stage: the §5 texts first, then the form with a sales invoice.
    const form = page.getByTestId('ticket-form');
    await form.waitFor();
    await page.getByRole('button', { name: 'Onderzoek aanvragen' }).click();
    await page.getByText('Je moet op zijn minst een verkoopfactuur uploaden.').waitFor();
    await page.getByText('Selecteer een reden.').waitFor();
    await checkScreen(page, `details-${name}`);
    expect(await page.getByRole('textbox', { name: /E-mailadres van de klant/ }).inputValue()).toBe('femke@voorbeeld.nl');
    await page.getByTestId('ticket-subject').click();
    await page.getByRole('option', { name: 'Bezorgd maar niet ontvangen' }).click();
    await page.getByRole('textbox', { name: /^Toelichting/ }).fill('De klant heeft het pakket niet ontvangen.');
    await page.getByRole('textbox', { name: /Omschrijving van de inhoud/ }).fill('Een theedoek');
    await page.getByRole('textbox', { name: /Omschrijving van uiterlijke kenmerken/ }).fill('Grijze envelop');
    await form.locator('input[type="file"]').setInputFiles({ name: 'factuur.pdf', mimeType: 'application/pdf', buffer: invoice });
    await page.getByRole('button', { name: 'Onderzoek aanvragen' }).click();

    // The list, then the ticket.
    await page.waitForURL(`${app.url}/settings/tickets`);
    const row = page.getByTestId('ticket-row').filter({ hasText: `${stamp}-${name}` });
    await row.waitFor();
    expect(await row.getByTestId('ticket-status').textContent()).toBe('Open');
    await checkScreen(page, `list-${name}`);
    await row.getByRole('link', { name: 'Bezorgd maar niet ontvangen' }).click();
    await page.waitForURL(/\/settings\/tickets\/[0-9a-f-]{36}$/);
    const ticketId = page.url().split('/').at(-1) ?? '';
    await page.getByTestId('ticket-attachment').filter({ hasText: 'factuur.pdf' }).waitFor();
    expect(await page.getByTestId('ticket-reply-indicator').count()).toBe(0);

    // Support answers beside the running app.
    const reply = `Wij hebben PostNL gevraagd het pakket te zoeken (${name}).`;
    expect(await supportReplies(ticketId, reply)).toContain(ticketId);

    // The envelope lights up, leads to the list, and the conversation shows the reply.
    await page.goto(`${app.url}/dashboard`);
    const envelope = page.getByTestId('ticket-reply-indicator');
    await envelope.waitFor();
    await envelope.click();
    await page.waitForURL(`${app.url}/settings/tickets`);
    await row.getByRole('link', { name: 'Bezorgd maar niet ontvangen' }).click();
    const support = page.locator('[data-testid="ticket-message"][data-author="support"]');
    await support.waitFor();
    expect(await support.getByTestId('ticket-message-text').innerText()).toBe(reply);
    await checkScreen(page, `conversation-${name}`);

    // Closing it puts the envelope out.
    await page.getByTestId('ticket-close').click();
    await page.getByTestId('ticket-closed').waitFor();
    await expect.poll(() => page.getByTestId('ticket-reply-indicator').count()).toBe(0);
  });
});

describe('the support inbox of an operator', () => {
  it('lists the waiting ticket of an organisation; support answers it in the app and the customer sees the envelope', async () => {
    // The demo user is made support before their first login (the role is read at login).
    expect(await admin('operator', 'grant', 'demo@voorbeeld.nl')).toContain('is now support');
    session = await openBrowser({ viewport: screenSizes[0][1] });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);
    const labelId = await labelledOrder(page, `${stamp}-inbox`);
    const created = await pageApi<{ data: { id: string } }>(page, 'POST', '/ticket/create', {
      label_id: labelId,
      email: 'femke@voorbeeld.nl',
      phone: '0612345678',
      subject: 'Beschadigde zending',
      message: `De theedoek kwam gescheurd aan (${stamp}).`,
      internal_properties: 'Een theedoek',
      external_properties: 'Grijze envelop',
      attachments: [{ filename: 'factuur.pdf', base_64: invoice.toString('base64') }],
    });

    // The gear menu has the inbox; the ticket waits there with its organisation.
    await page.getByTestId('settings-menu-button').click();
    await page.getByTestId('settings-support-inbox').click();
    await page.waitForURL(`${app.url}/support`);
    const row = page.getByTestId('support-row').filter({ has: page.locator(`a[href="/support/${created.data.id}"]`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Wacht op antwoord');
    await checkScreenAtBothWidths(page, 'support-inbox');
    await row.getByRole('link', { name: 'Beschadigde zending' }).click();
    await page.waitForURL(`${app.url}/support/${created.data.id}`);
    await page.getByText(`De theedoek kwam gescheurd aan (${stamp}).`).waitFor();
    await page.getByTestId('ticket-attachment').filter({ hasText: 'factuur.pdf' }).waitFor();
    await checkScreenAtBothWidths(page, 'support-ticket');

    // An empty answer is refused in Dutch; a real one is sent and shown.
    await page.getByTestId('ticket-reply-send').click();
    await page.getByText('Vul je bericht in.').waitFor();
    const answer = 'Wij vergoeden de theedoek; de vervoerder is ingelicht.';
    await page.getByRole('textbox', { name: /Antwoord aan de klant/ }).fill(answer);
    await page.getByTestId('ticket-reply-send').click();
    await page.getByText('Antwoord verstuurd').waitFor();
    await page.locator('[data-testid="ticket-message"][data-author="support"]').filter({ hasText: answer }).waitFor();

    // The customer's side: the envelope, and the answer in the conversation.
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('ticket-reply-indicator').waitFor();
    await page.goto(`${app.url}/settings/tickets/${created.data.id}`);
    const reply = page.locator('[data-testid="ticket-message"][data-author="support"]');
    await reply.waitFor();
    expect(await reply.getByTestId('ticket-message-text').innerText()).toBe(answer);
  });
});
