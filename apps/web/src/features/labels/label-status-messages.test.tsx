import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shopWriteBackTexts } from '@verzendhuis/domain/shops-texts';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { testLabel } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { LabelStatusMessages } from './label-status-messages';
import { useLabel } from './use-label';

const labelId = '00000000-0000-4000-8000-0000000000a1';
const orderId = '00000000-0000-4000-8000-00000000000a';
const warning = { type: 'order_update_failed', field: null, status: 'warning' as const, message: 'De bestelling kon niet worden bijgewerkt in Shopify: Shopify is nu niet bereikbaar.' };

/** The label page's part: the label as loaded, its messages below. */
function Messages() {
  const label = useLabel(labelId);
  return label.data ? <LabelStatusMessages labelId={labelId} messages={label.data.status_info} /> : null;
}

function apiWithWarning() {
  const api = fakeApi();
  let cleared = false;
  api.on('GET', `/api/label/${labelId}`, () => ({ data: testLabel({ id: labelId, orderId, status_info: cleared ? [] : [warning] }) }));
  return { api, clear: () => (cleared = true) };
}

describe('LabelStatusMessages', () => {
  it('retries a failed write-back; on success the warning goes and a toast says so', async () => {
    const { api, clear } = apiWithWarning();
    api.on('POST', '/api/order/retry-update', () => {
      clear();
      return { status: 'success', data: [{ label_id: labelId }], errors: [] };
    });
    renderInApp(<Messages />, { api });
    expect(await screen.findByText(warning.message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: shopWriteBackTexts.retry }));
    expect(await screen.findByText(shopWriteBackTexts.retried)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(warning.message)).toBeNull());
    expect(api.requestsTo('POST', '/api/order/retry-update').map((r) => r.body)).toEqual([{ label_ids: [labelId] }]);
  });

  it('keeps the warning and shows the reason when the retry fails again', async () => {
    const { api } = apiWithWarning();
    api.on('POST', '/api/order/retry-update', () => ({ status: 'failed', data: [], errors: [{ label_id: labelId, message: 'Shopify weigert het toegangstoken.' }] }));
    renderInApp(<Messages />, { api });
    await userEvent.click(await screen.findByRole('button', { name: shopWriteBackTexts.retry }));
    expect(await screen.findByText('Shopify weigert het toegangstoken.')).toBeTruthy();
    expect(screen.getByText(shopWriteBackTexts.retryFailed)).toBeTruthy();
    expect(screen.getByText(warning.message)).toBeTruthy();
  });

  it('offers no retry for other messages', async () => {
    const api = fakeApi();
    api.on('GET', `/api/label/${labelId}`, () => ({ data: testLabel({ id: labelId, orderId, status_info: [{ ...warning, type: 'label_interrupted', status: 'error' }] }) }));
    renderInApp(<Messages />, { api });
    expect(await screen.findByText(warning.message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: shopWriteBackTexts.retry })).toBeNull();
  });

  it('reports a refused retry as an unexpected error without losing the warning', async () => {
    const { api } = apiWithWarning();
    api.on('POST', '/api/order/retry-update', () => errorResponse(500, { message_code: 'default', type: 'server' as never }));
    renderInApp(<Messages />, { api });
    await userEvent.click(await screen.findByRole('button', { name: shopWriteBackTexts.retry }));
    await waitFor(() => expect(api.requestsTo('GET', `/api/label/${labelId}`).length).toBe(2));
    expect(screen.getByText(warning.message)).toBeTruthy();
    expect(screen.queryByText(shopWriteBackTexts.retried)).toBeNull();
  });
});
