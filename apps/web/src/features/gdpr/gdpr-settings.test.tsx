import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { GdprExport, GdprOverview } from '@verzendhuis/contract/gdpr';
import { gdprTexts as texts } from '@verzendhuis/domain/gdpr-texts';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { GdprSettings } from './gdpr-settings';

const exportId = '11111111-1111-4111-8111-111111111111';
const exportOf = (overrides: Partial<GdprExport> = {}): GdprExport => ({
  id: exportId,
  status: 'done',
  total: 40,
  processed: 40,
  size_bytes: 20480,
  created_at: '2026-11-20T10:00:00.000Z',
  finished_at: '2026-11-20T10:00:05.000Z',
  expires_at: '2026-11-27T10:00:05.000Z',
  ...overrides,
});
const overviewOf = (overrides: Partial<GdprOverview> = {}): GdprOverview => ({
  retention_months: null,
  last_anonymised_at: null,
  last_anonymised_orders: 0,
  last_anonymised_labels: 0,
  exports: [],
  ...overrides,
});

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('/settings/gdpr', { timeout: 60_000 }, () => {
  it('starts an export, shows its progress until it is done, and downloads the ZIP', async () => {
    const fake = fakeApi();
    let state = overviewOf();
    fake.on('GET', '/api/gdpr/', () => ({ data: state }));
    fake.on('POST', '/api/gdpr/export', () => {
      state = overviewOf({ exports: [exportOf({ status: 'running', processed: 10, size_bytes: null, expires_at: null, finished_at: null })] });
      return new Response(JSON.stringify({ data: state.exports[0] }), { status: 202, headers: { 'content-type': 'application/json' } });
    });
    fake.on('GET', `/api/gdpr/export/${exportId}/download`, () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'content-type': 'application/zip' } }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);

    renderInApp(<GdprSettings />, { api: fake });
    await screen.findByText(texts.noExports);
    await userEvent.click(screen.getByTestId('gdpr-start-export'));
    await screen.findByText(texts.exportStarted);
    const row = await screen.findByTestId(`gdpr-export-${exportId}`);
    expect(within(row).getByText(texts.status.running!)).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: texts.progress(10, 40) })).toBeTruthy();
    expect((screen.getByTestId('gdpr-start-export') as HTMLButtonElement).disabled).toBe(true);

    state = overviewOf({ exports: [exportOf()] });
    const download = await screen.findByTestId('gdpr-download', undefined, { timeout: 10_000 });
    expect(within(screen.getByTestId(`gdpr-export-${exportId}`)).getByText(texts.status.done!)).toBeTruthy();
    await userEvent.click(download);
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(fake.requestsTo('GET', `/api/gdpr/export/${exportId}/download`)).toHaveLength(1);
  });

  it('saves the retention period, shows the server’s refusal on the field, and anonymises on demand after confirming', async () => {
    const fake = fakeApi();
    let state = overviewOf();
    fake.on('GET', '/api/gdpr/', () => ({ data: state }));
    let refuse = true;
    fake.on('PATCH', '/api/gdpr/', (request) => {
      if (refuse) return validationRefusal({ retention_months: ['Kies een bewaartermijn van 6 tot 60 maanden, of zet het anonimiseren uit.'] });
      state = overviewOf({ retention_months: (request.body as { retention_months: number }).retention_months });
      return { data: state };
    });
    fake.on('POST', '/api/gdpr/anonymise', () => ({ status: 'success', data: { orders: 3, labels: 2 } }));

    renderInApp(<GdprSettings />, { api: fake });
    await screen.findByTestId('gdpr-retention');
    expect((screen.getByTestId('gdpr-anonymise') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('gdpr-retention-select'));
    await userEvent.click(await screen.findByRole('option', { name: texts.retentionMonths(24) }));
    await userEvent.click(screen.getByTestId('gdpr-retention-save'));
    await screen.findByText('Kies een bewaartermijn van 6 tot 60 maanden, of zet het anonimiseren uit.');

    refuse = false;
    await userEvent.click(screen.getByTestId('gdpr-retention-save'));
    await screen.findByText(texts.saved);
    expect(fake.requestsTo('PATCH', '/api/gdpr/').map((r) => r.body)).toEqual([{ retention_months: 24 }, { retention_months: 24 }]);

    await waitFor(() => expect((screen.getByTestId('gdpr-anonymise') as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByTestId('gdpr-anonymise'));
    await screen.findByText(texts.anonymiseConfirm(24));
    await userEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await screen.findByText(texts.anonymised(3, 2));
    expect(fake.requestsTo('POST', '/api/gdpr/anonymise')).toHaveLength(1);
  });
});
