import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { analyticsTexts } from '@verzendhuis/domain/analytics';
import { returnReasonLabels } from '@verzendhuis/domain/returns';
import { errorResponse, fakeApi, type FakeApi } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { AnalyticsPage } from './analytics-page';
import { amsterdamToday, presetFilter } from '../../features/analytics/analytics-period';

const labelSummary = { labels: 7, outgoing: 5, returns: 2, delivered: 3, delayed: 1, errors: 0, tracking_mails_sent: 2, tracking_mails_by_status: [{ mail_status: 'shipped', sent: 2 }] };
const delivery = { delivered: 3, average_delivery_hours: 41, on_time: 2, on_time_share: 0.6667 };

function seeded(api: FakeApi = fakeApi(), overrides: { labels?: number } = {}) {
  const empty = overrides.labels === 0;
  api.on('GET', '/api/analytics/label', () => ({ data: empty ? { ...labelSummary, labels: 0, outgoing: 0, returns: 0, tracking_mails_sent: 0, tracking_mails_by_status: [] } : labelSummary }));
  api.on('GET', '/api/analytics/label/trends', (r) => ({
    data: { granularity: r.query.get('granularity'), points: [{ period: '2026-03-02', labels: 7, outgoing: 5, returns: 2, delayed: 1, errors: 0, tracking_mails_sent: 2 }] },
  }));
  const carrierClass = (cls: string, name: string) => ({ class: cls, name, images: { mark: '' }, max_packages: 1, shipment_types: [], order_fields: [], settings_fields: [], platform_contracts: [], supports_returns: true, supports_pickup_points: false, supports_cancel: false });
  api.on('GET', '/api/courier/meta', () => ({ data: [carrierClass('test', 'Testvervoerder'), carrierClass('postnl', 'PostNL')] }));
  api.on('GET', '/api/analytics/label/breakdown', () => ({
    data: { carriers: [{ key: 'test', labels: 6, returns: 2 }, { key: 'postnl', labels: 1, returns: 0 }], countries: [{ key: 'NL', labels: 6, returns: 2 }, { key: 'BE', labels: 1, returns: 0 }], shipment_types: [{ key: 'parcel', labels: 7, returns: 2 }] },
  }));
  api.on('GET', '/api/analytics/label/total', () => ({ data: { total: 7, previous_total: 0, previous_start: '2026-01-29', previous_end: '2026-02-28', change: null } }));
  api.on('GET', '/api/analytics/delivery', () => ({ data: { ...delivery, delayed: 1, errors: 0, carriers: [{ key: 'test', ...delivery }, { key: 'postnl', delivered: 0, average_delivery_hours: null, on_time: 0, on_time_share: null }] } }));
  api.on('GET', '/api/analytics/delivery/trends', () => ({ data: { granularity: 'day', points: [{ period: '2026-03-02', ...delivery, delayed: 1, errors: 0 }] } }));
  api.on('GET', '/api/analytics/delivery/breakdown', () => ({ data: { carriers: [], countries: [{ key: 'NL', delivered: 2, average_delivery_hours: 42, on_time: 1, on_time_share: 0.5 }], shipment_types: [] } }));
  api.on('GET', '/api/analytics/return-reason', () => ({ data: { outgoing: 5, returns: 2, return_rate: 0.4, reasons: [{ reason: 'item_damaged', count: 1 }, { reason: 'item_too_big', count: 1 }] } }));
  return api;
}

function renderPage(api: FakeApi, route = '/analytics') {
  return renderInApp(
    <Routes>
      <Route path="/analytics/:tab?" element={<AnalyticsPage />} />
    </Routes>,
    { api, route },
  );
}

function tableRows(id: string): string[][] {
  const table = screen.getByTestId(`analytics-table-${id}`);
  return [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('AnalyticsPage', () => {
  it('shows the shipment overview of the last 30 days: figures and the charts as tables', async () => {
    const api = seeded();
    renderPage(api);
    expect((await screen.findByTestId('analytics-stat-labels-value')).textContent).toBe('7');
    expect((screen.getByTestId('analytics-stat-returns-value')).textContent).toBe('2');
    expect((screen.getByTestId('analytics-stat-delayed-value')).textContent).toBe('1');
    // The carriers' names come from GET courier/meta.
    await waitFor(() => expect(tableRows('by-carrier')).toEqual([['Testvervoerder', '6'], ['PostNL', '1']]));
    expect(tableRows('by-country')).toEqual([['Nederland', '6'], ['België', '1']]);
    expect(tableRows('label-trends')).toEqual([['2 mrt 2026', '5', '2']]);
    const last30 = presetFilter('last30', amsterdamToday());
    const sent = api.requestsTo('GET', '/api/analytics/label/trends')[0];
    expect([sent?.query.get('start'), sent?.query.get('end'), sent?.query.get('granularity')]).toEqual([last30.start, last30.end, 'day']);
  });

  it('a preset and a granularity ask again for their period', async () => {
    const api = seeded();
    renderPage(api);
    await screen.findByTestId('analytics-stat-labels-value');
    await userEvent.click(screen.getByTestId('analytics-preset'));
    await userEvent.click(await screen.findByRole('option', { name: analyticsTexts.presets.thisYear }));
    const year = presetFilter('thisYear', amsterdamToday());
    await waitFor(() => {
      const last = api.requestsTo('GET', '/api/analytics/label/trends').at(-1);
      expect([last?.query.get('start'), last?.query.get('end'), last?.query.get('granularity')]).toEqual([year.start, year.end, 'month']);
    });
    await userEvent.click(screen.getByTestId('analytics-granularity'));
    await userEvent.click(await screen.findByRole('option', { name: analyticsTexts.granularities.week }));
    await waitFor(() => expect(api.requestsTo('GET', '/api/analytics/label/trends').at(-1)?.query.get('granularity')).toBe('week'));
  });

  it('the delivery tab shows delivery time and on-time share per carrier; the return tab the reasons', async () => {
    renderPage(seeded(), '/analytics/delivery-performance');
    expect((await screen.findByTestId('analytics-stat-average-hours-value')).textContent).toBe('41 uur');
    expect((screen.getByTestId('analytics-stat-on-time-value')).textContent).toBe('66,7%');
    await waitFor(() => expect(tableRows('delivery-by-carrier')).toEqual([['Testvervoerder', '3', '41 uur', '66,7%'], ['PostNL', '0', '–', '–']]));
    await userEvent.click(screen.getByRole('tab', { name: 'Retouranalyse' }));
    expect((await screen.findByTestId('analytics-stat-return-rate-value')).textContent).toBe('40%');
    expect(tableRows('return-reasons')).toEqual([
      [returnReasonLabels.item_damaged, '1'],
      [returnReasonLabels.item_too_big, '1'],
    ]);
  });

  it('the customer-interactions tab counts the tracking e-mails sent, per kind', async () => {
    renderPage(seeded(), '/analytics/customer-interactions');
    expect((await screen.findByTestId('analytics-stat-mails-sent-value')).textContent).toBe('2');
    expect(tableRows('mails-by-status')).toEqual([[analyticsTexts.mailStatuses.shipped ?? '', '2']]);
    expect(tableRows('mails-trend')).toEqual([['2 mrt 2026', '2']]);
  });

  it('an empty period says so instead of empty charts', async () => {
    renderPage(seeded(fakeApi(), { labels: 0 }));
    expect((await screen.findByTestId('analytics-empty')).textContent).toBe(analyticsTexts.empty);
    expect(screen.queryByTestId('analytics-figure-by-carrier')).toBeNull();
  });

  it('a refusal shows that the analyses could not be loaded', async () => {
    const api = seeded();
    api.on('GET', '/api/analytics/label', () => errorResponse(403, { message_code: 'analytics_addon_inactive', type: 'authorization' }));
    renderPage(api);
    expect((await screen.findByTestId('analytics-error')).textContent).toBe(analyticsTexts.loadFailed);
  });
});
