import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Label } from '@verzendhuis/contract/label';
import { fakeApi } from '../../test-support/fake-api';
import { testLabel } from '../../test-support/fixtures';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { LabelsTabPanel, type LabelTab } from './labels-tab-panel';

const first = testLabel({ id: '11111111-1111-4111-8111-111111111111', orderId: '21111111-1111-4111-8111-111111111111', orderNumber: '1001', status: 'delayed' });
const second = testLabel({ id: '12222222-2222-4222-8222-222222222222', orderId: '22222222-2222-4222-8222-222222222222', orderNumber: '1002', status: 'shipped', is_return: true });

function renderTab(tab: LabelTab, route: string, rows: Label[], meta = { total: rows.length, total_is_lower_bound: false }) {
  const api = fakeApi();
  api.on('GET', '/api/label/', () => ({ data: rows, meta: { ...meta, page: 1, page_size: 25 } }));
  api.on('GET', '/api/label/count', (request) => ({ data: { count: request.query.get('status') === 'delayed' ? 1 : 2 } }));
  api.on('POST', '/api/label/track', () => ({
    status: 'partial',
    data: [{ label_id: first.id, status: 'shipped', previous_status: 'delayed', tracking_date: '2026-03-01T11:00:00.000Z', new_events: 1 }],
    errors: [{ label_id: second.id, message: 'PostNL is nu niet bereikbaar. Probeer het later opnieuw.' }],
  }));
  const element = (delayed: boolean) => <LabelsTabPanel tab={tab} delayed={delayed} />;
  renderInApp(
    <Routes>
      <Route path="/dashboard/delayed" element={element(true)} />
      <Route path="/dashboard/:tab" element={element(false)} />
    </Routes>,
    { api, route },
  );
  return api;
}

describe('the label tabs (orders spec §2.3, §2.5)', () => {
  it('lists only the delayed labels in the delayed view, with a way back to all of Verzonden', async () => {
    const api = renderTab('tracking', '/dashboard/delayed', [first]);
    expect(await screen.findByRole('checkbox', { name: 'Selecteer 1001' })).toBeTruthy();
    expect(api.requestsTo('GET', '/api/label/').at(-1)?.query.get('status')).toBe('delayed');
    expect(api.requestsTo('GET', '/api/label/').at(-1)?.query.get('is_returned')).toBe('false');
    const all = await screen.findByRole('radio', { name: 'Alle verzonden labels (2)' });
    expect(screen.getByRole('radio', { name: 'Vertraagd (1)' })).toHaveProperty('checked', true);
    await userEvent.click(all);
    expect(currentUrl()).toBe('/dashboard/tracking');
    await waitFor(() => expect(api.requestsTo('GET', '/api/label/').at(-1)?.query.get('status')).toBe('shipped,delayed,error'));
  });

  it('offers "Tracking verversen" on Retouren and names each label that could not be refreshed', async () => {
    const api = renderTab('return', '/dashboard/return', [first, second]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecteer 1001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecteer 1002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tracking verversen' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/label/track')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/label/track')[0]?.body).toEqual({ label_ids: [first.id, second.id] });
    expect(await screen.findByText('Tracking ververst voor 1 label. 1 label heeft een nieuwe status.')).toBeTruthy();
    expect(await screen.findByText('Voor 1 label kon de tracking niet worden ververst. 1002: PostNL is nu niet bereikbaar. Probeer het later opnieuw.')).toBeTruthy();
  });

  it.each(['labels', 'tracking'] as const)('offers "Tracking verversen" on %s', async (tab) => {
    renderTab(tab, `/dashboard/${tab}`, [first]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecteer 1001' }));
    expect(screen.getByRole('button', { name: 'Tracking verversen' })).toBeTruthy();
  });

  it('shows a bounded total as a lower bound, as the orders list does', async () => {
    renderTab('labels', '/dashboard/labels', [first, second], { total: 1000, total_is_lower_bound: true });
    expect((await screen.findByTestId('list-range')).textContent).toBe('1–25 van meer dan 1000');
  });

  it('shows an exact total as it is', async () => {
    renderTab('labels', '/dashboard/labels', [first, second]);
    expect((await screen.findByTestId('list-range')).textContent).toBe('1–2 van 2');
  });
});
