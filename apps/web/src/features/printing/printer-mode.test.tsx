import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { printControlsTexts } from '@verzendhuis/domain/labels-texts';
import { printingWebTexts as texts } from '@verzendhuis/domain/printing-web-texts';
import { fakeApi, noAnswer, pdfResponse } from '../../test-support/fake-api';
import { fakePrintClient, folder, zebra } from '../../test-support/fake-print-client';
import { renderHookInApp, renderInApp } from '../../test-support/render-app';
import { labelSettingsStore } from '../labels/label-settings-store';
import { PrintControls } from '../labels/print-controls';
import { usePrintLabels } from '../labels/use-print-labels';

const clientId = '77777777-7777-4777-8777-777777777777';
const jobId = '99999999-9999-4999-8999-999999999999';
const labels = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000c1'];

const job = (status: string, message: string | null = null) => ({
  data: { id: jobId, status, message, printer_client_id: clientId, label_ids: labels, created_at: '2026-11-20T10:00:00.000Z', finished_at: null },
});

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  labelSettingsStore.update({ mode: 'pdf', format: 'a6' });
  labelSettingsStore.setPosition(1);
  notifications.clean();
  vi.restoreAllMocks();
});

const action = (onClick: () => void) => ({ label: printControlsTexts.print, onClick, testId: 'test-print' });

describe('printer mode', { timeout: 60_000 }, () => {
  it('download mode never asks the print client', async () => {
    const fake = fakeApi();
    renderInApp(<PrintControls action={action(() => undefined)} />, { api: fake });
    expect((screen.getByTestId('test-print') as HTMLButtonElement).disabled).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it('the print buttons are enabled only while the print client is ready (connected, a printer selected)', async () => {
    labelSettingsStore.update({ mode: 'printer' });
    const fake = fakeApi();
    fake.on('GET', '/connected', noAnswer);
    const onClick = vi.fn();
    const view = renderInApp(<PrintControls action={action(onClick)} />, { api: fake });
    await waitFor(() => expect(fake.requestsTo('GET', '/connected').length).toBeGreaterThan(0));
    expect((screen.getByTestId('test-print') as HTMLButtonElement).disabled).toBe(true);

    // Connected and paired, but no label printer chosen: still not ready.
    const local = fakePrintClient(fake, { connected: true, printer_client_id: clientId, printers: [zebra, folder] });
    await view.queryClient.invalidateQueries({ queryKey: ['print-client'] });
    await waitFor(() => expect(fake.requestsTo('GET', '/printers').length).toBeGreaterThan(0));
    expect((screen.getByTestId('test-print') as HTMLButtonElement).disabled).toBe(true);

    local.printers = [zebra, { ...folder, selected: true }];
    await view.queryClient.invalidateQueries({ queryKey: ['print-client'] });
    await waitFor(() => expect((screen.getByTestId('test-print') as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByTestId('test-print'));
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('label-settings'));
    expect((await screen.findByTestId('printer-ready')).textContent).toBe(texts.printerReady('Map'));

    // The client stops answering: its state resets and the button is disabled again.
    fake.on('GET', '/connected', noAnswer);
    await view.queryClient.invalidateQueries({ queryKey: ['print-client'] });
    await waitFor(() => expect((screen.getByTestId('test-print') as HTMLButtonElement).disabled).toBe(true));
    expect(await screen.findByTestId('printer-not-connected')).toBeTruthy();
  });

  it('prints with label/print in the chosen format and position, then reports the job printed', async () => {
    labelSettingsStore.update({ mode: 'printer', format: 'a4' });
    labelSettingsStore.setPosition(2);
    const fake = fakeApi();
    fakePrintClient(fake, { connected: true, printer_client_id: clientId, printers: [{ ...folder, selected: true }] });
    fake.on('POST', '/api/label/print', () => ({ status: 'success', data: { print_job_id: jobId, status: 'sent' } }));
    let asked = 0;
    fake.on('GET', `/api/print-job/${jobId}`, () => (++asked === 1 ? job('sent') : job('printed')));
    const { result } = renderHookInApp(() => usePrintLabels(), { api: fake });

    expect(await result.current.print(labels, { sort: '-created_at' })).toBe(true);
    expect(fake.sent().filter((r) => r.path.startsWith('/api/label/'))).toEqual([
      { method: 'POST', path: '/api/label/print?sort=-created_at', body: { label_ids: labels, format: 'a4', positions: 2, printer_client_id: clientId } },
    ]);
    expect(fake.requestsTo('POST', '/api/label/pdf')).toHaveLength(0);
    expect(labelSettingsStore.get().position).toBe(1);
    await screen.findByText(texts.jobSent);
    await screen.findByText(texts.jobPrinted(3), {}, { timeout: 10_000 });
  });

  it('says a job is queued while the client is offline, and tells a failure in the client\'s words', async () => {
    labelSettingsStore.update({ mode: 'printer', format: 'a6' });
    const fake = fakeApi();
    fakePrintClient(fake, { connected: true, printer_client_id: clientId, printers: [{ ...zebra, selected: true }] });
    fake.on('POST', '/api/label/print', () => ({ status: 'success', data: { print_job_id: jobId, status: 'queued' } }));
    fake.on('GET', `/api/print-job/${jobId}`, () => job('failed', 'Papier op'));
    const { result } = renderHookInApp(() => usePrintLabels(), { api: fake });
    expect(await result.current.print(labels.slice(0, 1))).toBe(true);
    expect(fake.requestsTo('POST', '/api/label/print')[0]!.body).toEqual({ label_ids: labels.slice(0, 1), format: 'a6', printer_client_id: clientId });
    await screen.findByText(texts.jobQueued);
    await screen.findByText(texts.jobFailed('Papier op'));
  });

  it('labels printed by the creation flow without a ready client are downloaded, with a warning', async () => {
    labelSettingsStore.update({ mode: 'printer' });
    const fake = fakeApi();
    fakePrintClient(fake, { connected: false, printer_client_id: clientId, printers: [{ ...zebra, selected: true }] });
    fake.on('POST', '/api/label/pdf', () => pdfResponse());
    const { result } = renderHookInApp(() => usePrintLabels(), { api: fake });
    expect(await result.current.print(labels)).toBe(true);
    expect(fake.requestsTo('POST', '/api/label/print')).toHaveLength(0);
    expect(fake.requestsTo('POST', '/api/label/pdf')).toHaveLength(1);
    await screen.findByText(printControlsTexts.printerFallback);
  });

  it('"PDF downloaden" downloads in printer mode too', async () => {
    labelSettingsStore.update({ mode: 'printer' });
    const fake = fakeApi();
    fakePrintClient(fake, { connected: true, printer_client_id: clientId, printers: [{ ...zebra, selected: true }] });
    fake.on('POST', '/api/label/pdf', () => pdfResponse());
    const { result } = renderHookInApp(() => usePrintLabels(), { api: fake });
    expect(await result.current.print(labels, { mode: 'pdf' })).toBe(true);
    expect(fake.requestsTo('POST', '/api/label/print')).toHaveLength(0);
    expect(fake.requestsTo('POST', '/api/label/pdf')).toHaveLength(1);
    expect(screen.queryByText(printControlsTexts.printerFallback)).toBeNull();
  });
});
