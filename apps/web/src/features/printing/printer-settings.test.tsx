import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { PrinterClient } from '@verzendhuis/contract/printing';
import { printingWebTexts as texts } from '@verzendhuis/domain/printing-web-texts';
import { fakeApi, noAnswer } from '../../test-support/fake-api';
import { fakePrintClient, folder, zebra } from '../../test-support/fake-print-client';
import { renderInApp } from '../../test-support/render-app';
import { PrinterSettings } from './printer-settings';

const clientId = '77777777-7777-4777-8777-777777777777';
const otherId = '88888888-8888-4888-8888-888888888888';

const serverClient = (overrides: Partial<PrinterClient> = {}): PrinterClient => ({
  id: clientId,
  name: 'Inpaktafel',
  connected: true,
  last_seen_at: '2026-11-20T10:00:00.000Z',
  printers: [{ ...zebra, selected: true }],
  ...overrides,
});

function api(clients: PrinterClient[] = []) {
  const fake = fakeApi();
  fake.on('GET', '/api/printer-client/', () => ({ data: clients }));
  return fake;
}

afterEach(() => notifications.clean());

describe('/settings/printer', { timeout: 60_000 }, () => {
  it('says how to start the print client when none answers on this computer, and finds it once started', async () => {
    const fake = api();
    fake.on('GET', '/connected', noAnswer);
    renderInApp(<PrinterSettings />, { api: fake });
    const notFound = await screen.findByTestId('local-print-client-not-found');
    expect(notFound.textContent).toContain('npm run print-client');
    expect(notFound.textContent).toContain('http://127.0.0.1:41414');
    expect(screen.queryByTestId('print-client-pair')).toBeNull();

    fakePrintClient(fake, { connected: true, printer_client_id: clientId, printers: [{ ...zebra, selected: true }] });
    await userEvent.click(screen.getByTestId('local-print-client-retry'));
    expect((await screen.findByTestId('local-print-client-status')).textContent).toBe(texts.ready);
    expect(screen.getByTestId('local-print-client-id').textContent).toBe(clientId);
  });

  it('a client that answers with an error is "not found" (its errors reset its state)', async () => {
    const fake = api();
    fakePrintClient(fake, { connected: true, printer_client_id: clientId });
    fake.on('GET', '/printers', () => new Response('kapot', { status: 500 }));
    renderInApp(<PrinterSettings />, { api: fake });
    await screen.findByTestId('local-print-client-not-found');
  });

  it('pairs in one step: a code from the server, handed to the local client; then chooses the label printer', async () => {
    const fake = api();
    const local = fakePrintClient(fake, { printers: [zebra, folder], url: null });
    fake.on('POST', '/api/printer-client/pair', () => ({ data: { code: 'ABCD2345', expires_at: '2026-11-20T10:10:00.000Z' } }));
    renderInApp(<PrinterSettings />, { api: fake });
    expect((await screen.findByTestId('local-print-client-status')).textContent).toBe(texts.notPaired);
    expect(screen.getByTestId('local-print-client-id').textContent).toBe(texts.notPaired);

    await userEvent.click(screen.getByTestId('print-client-pair'));
    await screen.findByText(texts.paired);
    // The client points at this app before it claims the code there.
    const sent = fake.sent().filter((r) => r.method === 'POST');
    expect(sent).toEqual([
      { method: 'POST', path: '/serverurl', body: { url: window.location.origin } },
      { method: 'POST', path: '/api/printer-client/pair', body: {} },
      { method: 'POST', path: '/connect', body: { code: 'ABCD2345' } },
    ]);
    await waitFor(() => expect(screen.getByTestId('local-print-client-id').textContent).toBe(clientId));
    expect(screen.getByTestId('local-print-client-status').textContent).toBe(texts.connected);
    expect(screen.getByTestId('local-print-client-choose').textContent).toBe(texts.notReadyNoPrinter);

    await userEvent.click(screen.getByRole('radio', { name: /Map/ }));
    await screen.findByText(texts.printerSelected('Map'));
    expect(fake.requestsTo('POST', '/setlabelprinter').map((r) => r.body)).toEqual([{ name: 'Map' }]);
    expect(local.printers.find((p) => p.selected)?.name).toBe('Map');
    await waitFor(() => expect(screen.getByTestId('local-print-client-status').textContent).toBe(texts.ready));
    expect((screen.getByRole('radio', { name: /Map/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the local client\'s own message when pairing fails', async () => {
    const fake = api();
    fakePrintClient(fake, { printers: [zebra] });
    fake.on('POST', '/api/printer-client/pair', () => ({ data: { code: 'ABCD2345', expires_at: '2026-11-20T10:10:00.000Z' } }));
    fake.on('POST', '/connect', () => new Response(JSON.stringify({ status: 400, message: 'De code is verlopen.' }), { status: 400 }));
    renderInApp(<PrinterSettings />, { api: fake });
    await userEvent.click(await screen.findByTestId('print-client-pair'));
    await screen.findByText('De code is verlopen.');
    expect(screen.queryByText(texts.paired)).toBeNull();
  });

  it('reconnects a paired client that is not connected, but not after the user disconnected it here', async () => {
    const fake = api();
    const local = fakePrintClient(fake, { printer_client_id: clientId, connected: false, printers: [{ ...zebra, selected: true }] });
    renderInApp(<PrinterSettings />, { api: fake });
    await waitFor(() => expect(local.connected).toBe(true));
    expect(fake.requestsTo('POST', '/connect').map((r) => r.body)).toEqual([{}]);
    await waitFor(() => expect(screen.getByTestId('local-print-client-status').textContent).toBe(texts.ready));

    await userEvent.click(screen.getByTestId('print-client-disconnect'));
    await screen.findByText(texts.disconnected);
    await waitFor(() => expect(screen.getByTestId('local-print-client-status').textContent).toBe(texts.notConnected));
    expect(fake.requestsTo('POST', '/connect')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('print-client-reconnect'));
    await waitFor(() => expect(screen.getByTestId('local-print-client-status').textContent).toBe(texts.ready));
    expect(fake.requestsTo('POST', '/connect')).toHaveLength(2);
  });

  it('leaves a client paired with another server alone until "Koppelen" moves it here', async () => {
    const fake = api();
    const local = fakePrintClient(fake, { printer_client_id: otherId, connected: true, url: 'http://elders.example:8080' });
    fake.on('POST', '/api/printer-client/pair', () => ({ data: { code: 'ABCD2345', expires_at: '2026-11-20T10:10:00.000Z' } }));
    renderInApp(<PrinterSettings />, { api: fake });
    await screen.findByTestId('local-print-client-elsewhere');
    expect(fake.sent().filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByTestId('print-client-pair'));
    await screen.findByText(texts.paired);
    expect(local.url).toBe(window.location.origin);
    expect(fake.requestsTo('POST', '/connect').map((r) => r.body)).toEqual([{ code: 'ABCD2345' }]);
  });

  it('does not touch a client that is connected to this app', async () => {
    const fake = api();
    fakePrintClient(fake, { printer_client_id: clientId, connected: true, printers: [{ ...zebra, selected: true }] });
    renderInApp(<PrinterSettings />, { api: fake });
    await screen.findByTestId('local-print-client-status');
    expect(fake.sent().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('lists the organisation\'s clients, renames one and unpairs one after confirming', async () => {
    const clients = [serverClient(), serverClient({ id: otherId, name: 'Magazijn', connected: false, last_seen_at: null, printers: [] })];
    const fake = api(clients);
    fakePrintClient(fake, { printer_client_id: clientId, connected: true, printers: [{ ...zebra, selected: true }] });
    fake.on('PATCH', `/api/printer-client/${otherId}`, (request) => ({ status: 'success', data: { ...clients[1], name: (request.body as { name: string }).name } }));
    fake.on('DELETE', `/api/printer-client/${otherId}`, () => ({ status: 'success' }));
    renderInApp(<PrinterSettings />, { api: fake });

    const rows = await screen.findAllByTestId('print-client-row');
    expect(rows.map((r) => within(r).getByTestId('print-client-name').textContent)).toEqual(['Inpaktafel', 'Magazijn']);
    expect(within(rows[0]!).getByText(texts.thisComputer)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('print-client-status').textContent).toBe(texts.online);
    expect(within(rows[0]!).getByTestId('print-client-printer').textContent).toBe('Zebra_GK420d');
    expect(within(rows[1]!).getByTestId('print-client-status').textContent).toBe(texts.offline);
    expect(within(rows[1]!).getByText(texts.never)).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByTestId('print-client-rename'));
    const input = await screen.findByTestId('print-client-name-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Magazijn achter{Enter}');
    await screen.findByText(texts.renamed);
    expect(fake.requestsTo('PATCH', `/api/printer-client/${otherId}`).map((r) => r.body)).toEqual([{ name: 'Magazijn achter' }]);

    await userEvent.click(within(rows[1]!).getByTestId('print-client-unpair'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-cancel'));
    expect(fake.requestsTo('DELETE', `/api/printer-client/${otherId}`)).toHaveLength(0);
    await userEvent.click(within(rows[1]!).getByTestId('print-client-unpair'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByText(texts.unpaired);
    expect(fake.requestsTo('DELETE', `/api/printer-client/${otherId}`)).toHaveLength(1);
  });
});
