import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { InvoiceDetail, InvoiceLabelListResponse, InvoiceSummary } from '@verzendhuis/contract/invoices';
import { formatEuros, invoiceTexts as texts } from '@verzendhuis/domain/invoices-texts';
import { BillingPage } from '../../routes/settings/billing-page';
import { InvoicePage } from '../../routes/settings/invoice-page';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { currentUrl, renderInApp } from '../../test-support/render-app';

const invoiceId = '11111111-1111-4111-8111-111111111111';
const labelId = '22222222-2222-4222-8222-222222222222';

function summary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: invoiceId,
    number: 'VH-2026-000007',
    invoice_date: '2026-11-30',
    due_date: '2026-12-14',
    period: { start: '2026-11-16', end: '2026-11-30' },
    subtotal: '12.40',
    vat: '2.60',
    total: '15.00',
    status: 'open',
    overdue: false,
    paid_at: null,
    ...overrides,
  };
}

const detail: InvoiceDetail = { ...summary(), vat_lines: [{ rate: '21', base: '12.40', vat: '2.60' }], billed_to: { name: 'Webwinkel Zoë', address_lines: ['Damrak 1'], vat_number: null, email: null } };

const lines: InvoiceLabelListResponse = {
  data: [
    {
      label: { id: labelId, tracking_number: '3STEST000000001', order_number: 'WEB-1', courier_class: 'test', created_at: '2026-11-20T10:00:00.000Z' },
      items: [
        { id: '33333333-3333-4333-8333-333333333331', type: 'label_price', parts: [{ id: 'a', description: 'Testvervoerder Pakket Nederland tot 2 kg', unit_price: '4.95' }], total: '4.95' },
        { id: '33333333-3333-4333-8333-333333333332', type: 'surcharge', parts: [{ id: 'b', description: 'Te laag opgegeven gewicht', unit_price: '2.50' }], total: '2.50' },
      ],
      total: '7.45',
    },
  ],
  meta: { total: 1, page: 1, page_size: 25 },
};

afterEach(() => vi.restoreAllMocks());

describe('/settings/billing', () => {
  it('shows the open amount, each invoice with its status and a link to it, and where the mandate is', async () => {
    const api = fakeApi();
    api.on('GET', '/api/invoice/', () => ({
      data: [summary(), summary({ id: '44444444-4444-4444-8444-444444444444', number: 'VH-2026-000003', status: 'paid', total: '1234.50' }), summary({ id: '55555555-5555-4555-8555-555555555555', number: 'VH-2026-000001', overdue: true })],
      meta: { total: 3, page: 1, page_size: 25 },
      summary: { open_amount: '30.00', overdue_amount: '15.00' },
    }));
    api.on('GET', `/api/invoice/${invoiceId}`, () => ({ data: detail }));
    api.on('GET', `/api/invoice/${invoiceId}/label/`, () => lines);
    renderInApp(
      <Routes>
        <Route path="/settings/billing" element={<BillingPage />} />
        <Route path="/settings/invoices/:invoiceId" element={<p>factuur</p>} />
      </Routes>,
      { api, route: '/settings/billing' },
    );
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('invoice-open-amount').textContent).toBe(formatEuros(3000));
    expect(rows.map((r) => within(r).getByTestId('invoice-status').textContent)).toEqual(['Open', 'Betaald', 'Te laat']);
    expect(within(rows[1]!).getByTestId('invoice-total').textContent).toBe(formatEuros(123450));
    expect(within(rows[0]!).getByText('16-11-2026 t/m 29-11-2026')).toBeTruthy();
    expect(within(screen.getByTestId('billing-mandate')).getByRole('link', { name: texts.mandateLink }).getAttribute('href')).toBe('/settings/account/billing-and-payment');
    await userEvent.click(within(rows[0]!).getByRole('link', { name: texts.view('VH-2026-000007') }));
    await waitFor(() => expect(currentUrl()).toBe(`/settings/invoices/${invoiceId}`));
  });

  it('says so when there are no invoices yet', async () => {
    const api = fakeApi();
    api.on('GET', '/api/invoice/', () => ({ data: [], meta: { total: 0, page: 1, page_size: 25 }, summary: { open_amount: '0.00', overdue_amount: '0.00' } }));
    renderInApp(<BillingPage />, { api, route: '/settings/billing' });
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe(texts.noInvoices);
    expect(screen.getByTestId('invoice-open-amount').textContent).toBe(formatEuros(0));
  });
});

describe('/settings/invoices/{id}', () => {
  function renderInvoice() {
    const api = fakeApi();
    api.on('GET', `/api/invoice/${invoiceId}`, () => ({ data: detail }));
    api.on('GET', `/api/invoice/${invoiceId}/label/`, () => lines);
    api.on('GET', `/api/invoice/${invoiceId}/pdf`, () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    api.on('GET', `/api/invoice/${invoiceId}/label/csv`, () => errorResponse(500, { message_code: 'default', type: 'programming' }));
    renderInApp(
      <Routes>
        <Route path="/settings/invoices/:invoiceId" element={<InvoicePage />} />
      </Routes>,
      { api, route: `/settings/invoices/${invoiceId}` },
    );
    return api;
  }

  it('shows the header, the VAT, the total and the lines per label', async () => {
    renderInvoice();
    expect(await screen.findByRole('heading', { name: 'Factuur VH-2026-000007' })).toBeTruthy();
    expect(within(screen.getByTestId('invoice-header')).getByText('14-12-2026')).toBeTruthy();
    expect(within(screen.getByTestId('invoice-totals')).getAllByRole('row')[2]?.textContent).toBe(`Btw 21% (grondslag ${formatEuros(1240)})${formatEuros(260)}`);
    expect(screen.getByTestId('invoice-grand-total').textContent).toBe(formatEuros(1500));
    const line = await screen.findByTestId('invoice-line');
    expect(within(line).getByRole('link', { name: '3STEST000000001' }).getAttribute('href')).toBe(`/dashboard/labels/${labelId}`);
    expect(within(line).getByText('Naheffing: Te laag opgegeven gewicht')).toBeTruthy();
    expect(within(line).getByTestId('invoice-line-total').textContent).toBe(formatEuros(745));
  });

  it('downloads the PDF and says so when a download fails', async () => {
    const api = renderInvoice();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:factuur');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await userEvent.click(await screen.findByTestId('invoice-download-pdf'));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('GET', `/api/invoice/${invoiceId}/pdf`)).toHaveLength(1);
    await userEvent.click(screen.getByTestId('invoice-download-csv'));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.downloadFailed);
  });

  it('an unknown invoice shows a message and the way back', async () => {
    const api = fakeApi();
    api.on('GET', `/api/invoice/${invoiceId}`, () => errorResponse(404, { message_code: 'invoice_not_found', type: 'not_found' }));
    renderInApp(
      <Routes>
        <Route path="/settings/invoices/:invoiceId" element={<InvoicePage />} />
      </Routes>,
      { api, route: `/settings/invoices/${invoiceId}` },
    );
    expect(await screen.findByText(texts.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.backToBilling }).getAttribute('href')).toBe('/settings/billing');
  });
});
