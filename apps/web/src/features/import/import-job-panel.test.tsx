import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@verzendhuis/contract/order-import';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi } from '../../test-support/fake-api';
import { ImportJobPanel } from './import-job-panel';

const job = (overrides: Partial<ImportJob>): ImportJob => ({
  id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  status: 'running',
  file_name: 'shopify.csv',
  rows: 100_000,
  total: 50_000,
  processed: 12_000,
  created: 12_000,
  updated: 0,
  skipped: 0,
  error_count: 0,
  errors: [],
  error: null,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:05.000Z',
  finished_at: null,
  ...overrides,
});

describe('the dashboard’s import progress', { timeout: 30_000 }, () => {
  it('shows a running import’s progress until it is done, then its result until it is closed', async () => {
    window.localStorage.clear();
    const api = fakeApi();
    let current = job({});
    api.on('GET', '/api/order/import/job/', () => ({ data: [current] }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ImportJobPanel />, { api, route: '/dashboard' });

    const card = await screen.findByTestId('import-job');
    expect(within(card).getByText('CSV-import: shopify.csv')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Voortgang van de import' }).getAttribute('aria-valuenow')).toBe('24');
    expect(within(card).getByTestId('import-job-progress').textContent).toBe('12.000 van 50.000 bestellingen verwerkt');

    // Polled while it runs: the finished job shows its counts.
    current = job({ status: 'done', processed: 50_000, created: 49_990, error_count: 10, finished_at: '2026-11-24T10:00:15.000Z' });
    await waitFor(() => expect(screen.getByTestId('import-job-progress').textContent).toBe('49.990 aangemaakt, 0 bijgewerkt, 10 fouten.'), { timeout: 5_000 });
    expect(screen.getByText('CSV-import klaar: shopify.csv')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByTestId('import-job')).toBeNull());
  });
});
