import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderItem } from '@verzendhuis/contract/order';
import { scanErrorMessages, scanTexts as texts } from '@verzendhuis/domain/scan-texts';
import { AuthContext } from '../../app/auth/auth-context';
import { queryKeys } from '../../app/query-keys';
import { errorResponse, fakeApi, pdfResponse } from '../../test-support/fake-api';
import { testAuth, testOrder, testUser } from '../../test-support/fixtures';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { ScanPage } from '../../routes/scan/scan-page';
import { RequireAddon } from '../addons/require-addon';
import { playScanSound } from './scan-sound';

vi.mock('./scan-sound', () => ({ playScanSound: vi.fn() }));

const orderId = '00000000-0000-4000-8000-00000000000a';
const otherOrderId = '00000000-0000-4000-8000-00000000000b';
const labelId = '00000000-0000-4000-8000-0000000000a1';

const item = (id: string, overrides: Partial<OrderItem>): OrderItem => ({
  id,
  name: 'Artikel',
  quantity: 1,
  unit_price_inc_btw: 10,
  description: null,
  weight: null,
  category: null,
  sku: null,
  hs_code: null,
  ean_code: null,
  product_country: null,
  is_returned: false,
  is_dummy_item: false,
  ...overrides,
});

const order = testOrder({
  id: orderId,
  order_number: 'WEB-1001',
  order_items: [
    item('00000000-0000-4000-8000-0000000000c1', { name: 'Theepot', quantity: 2, ean_code: '8712345678906', sku: 'TP-1' }),
    item('00000000-0000-4000-8000-0000000000c2', { name: 'Cadeaukaart', quantity: 1 }),
  ],
});

let downloads: string[] = [];

beforeEach(() => {
  downloads = [];
  window.sessionStorage.clear();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(playScanSound).mockClear();
});

function withUser(user: ReturnType<typeof testUser>): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.user, user);
  return queryClient;
}

function setup(route: string, more: (api: ReturnType<typeof fakeApi>) => void = () => undefined) {
  const api = fakeApi();
  more(api);
  api.on('GET', `/api/order/${orderId}`, () => ({ data: order }));
  api.on('GET', '/api/order/lookup', (request) =>
    request.query.get('code') === 'WEB-1001' ? { data: order } : errorResponse(404, { message_code: 'order_reference_unknown', type: 'not_found', message: scanErrorMessages.order_reference_unknown }),
  );
  api.on('GET', '/api/labelcounters/', () => ({ data: { labels: 0, quota: null } }));
  api.on('POST', '/api/order/label/create', () => ({ status: 'success', data: [{ id: labelId, order_id: orderId, shipment_id: labelId }], errors: [], warnings: [] }));
  api.on('POST', '/api/label/pdf', pdfResponse);
  const rendered = renderInApp(
    <Routes>
      <Route path="/scan/:id?" element={<ScanPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { api, route },
  );
  rendered.queryClient.setQueryData(queryKeys.user, testUser({ active_addons: [{ code: 'ORDER_ITEM_SCAN', subscription: { period: 'month', to: null }, meta: {} }] }));
  return { ...rendered, user: userEvent.setup() };
}

const input = () => screen.getByRole('textbox', { name: texts.inputLabel });
const result = () => screen.getByTestId('scan-result');

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(input(), `${code}{Enter}`);
}

describe('ScanPage', () => {
  it('opens an order by its number, and says when a number is unknown', async () => {
    const { user } = setup('/scan');
    await waitFor(() => expect(document.activeElement).toBe(input()));
    await scan(user, 'ONBEKEND-1');
    await waitFor(() => expect(result().dataset.kind).toBe('unknownOrder'));
    expect(within(result()).getByText(texts.results.unknownOrder)).toBeTruthy();
    expect(playScanSound).toHaveBeenLastCalledWith('wrong');

    await scan(user, 'WEB-1001');
    await waitFor(() => expect(currentUrl()).toBe(`/scan/${orderId}`));
    expect(await screen.findByText(texts.orderHeading('WEB-1001'))).toBeTruthy();
    expect(playScanSound).toHaveBeenLastCalledWith('ok');
    expect(document.activeElement).toBe(input());
  });

  it('ticks items off by EAN and SKU, says wrong and complete codes, and makes and downloads the label when all are scanned', async () => {
    const { api, user } = setup(`/scan/${orderId}`);
    expect(await screen.findByText(texts.progress(0, 3))).toBeTruthy();

    await scan(user, '8712345678906');
    await waitFor(() => expect(result().dataset.kind).toBe('scanned'));
    expect(within(result()).getByText(texts.results.scanned)).toBeTruthy();
    expect(screen.getByText(texts.progress(1, 3))).toBeTruthy();

    await scan(user, '1234');
    await waitFor(() => expect(result().dataset.kind).toBe('notInOrder'));
    expect(within(result()).getByText(texts.results.notInOrder)).toBeTruthy();
    expect(playScanSound).toHaveBeenLastCalledWith('wrong');

    await scan(user, 'tp-1');
    await waitFor(() => expect(screen.getByText(texts.progress(2, 3))).toBeTruthy());
    await scan(user, 'TP-1');
    await waitFor(() => expect(result().dataset.kind).toBe('alreadyComplete'));
    expect(within(result()).getByText(texts.results.alreadyComplete)).toBeTruthy();
    expect(api.requestsTo('POST', '/api/order/label/create')).toHaveLength(0);

    // The gift card has no barcode: ticked off by hand, which completes the order.
    await user.click(screen.getByRole('button', { name: texts.addOne('Cadeaukaart') }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/order/label/create')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/order/label/create')[0]?.body).toEqual({ order_ids: [orderId], force: false });
    await waitFor(() => expect(downloads).toEqual(['labels.pdf']));
    expect((api.requestsTo('POST', '/api/label/pdf')[0]?.body as { label_ids: string[] }).label_ids).toEqual([labelId]);
    expect(playScanSound).toHaveBeenCalledWith('done');
    await waitFor(() => expect(currentUrl()).toBe('/scan'));
    expect(await screen.findByText(texts.labelMade)).toBeTruthy();
    expect(window.sessionStorage.getItem(`verzendhuis.scan.${orderId}`)).toBeNull();
  });

  it('keeps the progress in the tab, resets it, and edits the order with scan=1', async () => {
    window.sessionStorage.setItem(`verzendhuis.scan.${orderId}`, JSON.stringify({ '00000000-0000-4000-8000-0000000000c1': 1 }));
    const { user } = setup(`/scan/${orderId}`);
    expect(await screen.findByText(texts.progress(1, 3))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.reset }));
    expect(screen.getByText(texts.progress(0, 3))).toBeTruthy();
    expect(document.activeElement).toBe(input());
    await user.click(screen.getByRole('button', { name: texts.edit }));
    expect(currentUrl()).toBe(`/dashboard/orders/${orderId}?scan=1`);
  });

  it('opens another order when its number is scanned inside an order', async () => {
    const { user } = setup(`/scan/${otherOrderId}`, (api) => api.on('GET', `/api/order/${otherOrderId}`, () => ({ data: testOrder({ id: otherOrderId, order_number: 'WEB-2002' }) })));
    expect(await screen.findByText(texts.orderHeading('WEB-2002'))).toBeTruthy();
    await scan(user, 'WEB-1001');
    await waitFor(() => expect(currentUrl()).toBe(`/scan/${orderId}`));
    expect(await screen.findByText(texts.orderHeading('WEB-1001'))).toBeTruthy();
  });

  it('sends an organisation without the add-on to the addon-not-active page', async () => {
    const api = fakeApi();
    const auth = testAuth();
    renderInApp(
      <AuthContext value={auth}>
        <Routes>
          <Route
            path="/scan/:id?"
            element={
              <RequireAddon addon="ORDER_ITEM_SCAN">
                <ScanPage />
              </RequireAddon>
            }
          />
          <Route path="*" element={null} />
        </Routes>
      </AuthContext>,
      { api, route: '/scan', queryClient: withUser(testUser()) },
    );
    await waitFor(() => expect(currentUrl()).toBe('/addon-not-active/ORDER_ITEM_SCAN?from=%2Fscan'));
    expect(screen.queryByRole('textbox', { name: texts.inputLabel })).toBeNull();
  });
});
