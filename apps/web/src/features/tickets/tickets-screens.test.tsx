import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TicketDetail } from '@verzendhuis/contract/ticket';
import { ticketFormTexts, ticketTexts } from '@verzendhuis/domain/tickets';
import { CreateTicketPage } from '../../routes/dashboard/create-ticket-page';
import { TicketPage } from '../../routes/settings/ticket-page';
import { TicketsPage } from '../../routes/settings/tickets-page';
import { fakeApi } from '../../test-support/fake-api';
import { testLabel } from '../../test-support/fixtures';
import { fieldError } from '../../test-support/field-error';
import { currentUrl, renderInApp } from '../../test-support/render-app';

const labelId = '55555555-5555-4555-8555-555555555555';
const ticketId = '66666666-6666-4666-8666-666666666666';
const at = '2026-03-02T09:30:00.000Z';

function ticketDetail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id: ticketId,
    status: 'open',
    is_replied: true,
    subject: 'Beschadigde zending',
    label: { id: labelId, order_number: '1001', tracking_number: '3STEST000001' },
    last_message: { author: 'support', created_at: at },
    created_at: at,
    updated_at: at,
    email: 'klant@example.nl',
    phone: '0612345678',
    internal_properties: 'Een mok',
    external_properties: 'Bruine doos',
    cost_price: '12.50',
    messages: [
      { id: '77777777-7777-4777-8777-777777777771', author: 'customer', message: 'De mok is gebroken.', created_at: at, attachments: [{ id: '88888888-8888-4888-8888-888888888888', filename: 'factuur.pdf', content_type: 'application/pdf', size: 2048 }] },
      { id: '77777777-7777-4777-8777-777777777772', author: 'support', message: 'We hebben de vervoerder gevraagd.', created_at: at, attachments: [] },
    ],
    ...overrides,
  };
}

function renderCreate(label = testLabel({ id: labelId, orderId: '44444444-4444-4444-8444-444444444444', email: 'klant@example.nl', phone: '0612345678' }), stage = '') {
  const api = fakeApi();
  api.on('GET', `/api/label/${labelId}`, () => ({ data: label }));
  api.on('GET', `/api/label/${labelId}/tracking`, () => ({ data: { label_id: labelId, status: 'printed', tracking_date: null, packages: [] } }));
  api.on('GET', '/api/courier/', () => ({ data: [], meta: { total: 0, page: 1, page_size: 25 } }));
  api.on('POST', '/api/ticket/create', () => ({ status: 'success', data: ticketDetail({ is_replied: false }) }));
  const user = userEvent.setup({ delay: null });
  renderInApp(
    <Routes>
      <Route path="/dashboard/labels/:labelId/create-ticket" element={<CreateTicketPage />} />
      <Route path="/settings/tickets" element={<p>lijst</p>} />
      <Route path="/dashboard/labels/:labelId" element={<p>label</p>} />
      <Route path="/settings/tickets/:ticketId" element={<p>onderzoek</p>} />
    </Routes>,
    { api, route: `/dashboard/labels/${labelId}/create-ticket${stage}` },
  );
  return { api, user };
}

describe('create-ticket (account spec §2-§5)', { timeout: 60_000 }, () => {
  it('shows the overview with the header, goes on to the form, and back with Terug', async () => {
    const { user } = renderCreate();
    expect(await screen.findByText(ticketTexts.createHeader)).toBeTruthy();
    expect(screen.getByRole('button', { name: ticketTexts.cancel })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ticketTexts.next }));
    expect(currentUrl()).toBe(`/dashboard/labels/${labelId}/create-ticket?stage=details`);
    expect(await screen.findByTestId('ticket-form')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ticketTexts.back }));
    expect(currentUrl()).toBe(`/dashboard/labels/${labelId}/create-ticket?stage=overview`);
  });

  it('goes to the label’s investigation when it has one', async () => {
    renderCreate(testLabel({ id: labelId, orderId: '44444444-4444-4444-8444-444444444444', ticket: { id: ticketId } }));
    await waitFor(() => expect(currentUrl()).toBe(`/settings/tickets/${ticketId}`));
  });

  it('offers no Terug when the label lacks e-mail or phone', async () => {
    renderCreate(testLabel({ id: labelId, orderId: '44444444-4444-4444-8444-444444444444', email: 'klant@example.nl', phone: null }), '?stage=details');
    await screen.findByTestId('ticket-form');
    expect(screen.queryByRole('button', { name: ticketTexts.back })).toBeNull();
    expect(screen.getByRole('button', { name: ticketTexts.cancel })).toBeTruthy();
  });

  it('shows the §5 texts before sending anything, then sends the form with the file in base64 and goes to the list', async () => {
    const { api, user } = renderCreate(testLabel({ id: labelId, orderId: '44444444-4444-4444-8444-444444444444' }), '?stage=details');
    await screen.findByTestId('ticket-form');
    await user.click(screen.getByRole('button', { name: ticketTexts.submit }));
    const email = screen.getByRole('textbox', { name: new RegExp(ticketTexts.fields.email) });
    expect(fieldError(email)).toBe(ticketFormTexts.emailRequired);
    expect(fieldError(screen.getByRole('textbox', { name: new RegExp(ticketTexts.fields.phone) }))).toBe(ticketFormTexts.phoneRequired);
    expect(fieldError(screen.getByTestId('ticket-subject'))).toBe(ticketFormTexts.subjectRequired);
    expect(screen.getByText(ticketFormTexts.messageRequired)).toBeTruthy();
    expect(screen.getByText(ticketFormTexts.internalPropertiesRequired)).toBeTruthy();
    expect(screen.getByText(ticketFormTexts.externalPropertiesRequired)).toBeTruthy();
    expect(screen.getByText(ticketFormTexts.filesRequired)).toBeTruthy();
    expect(api.requestsTo('POST', '/api/ticket/create')).toEqual([]);

    await user.type(email, 'geen-adres');
    await user.click(screen.getByRole('button', { name: ticketTexts.submit }));
    expect(fieldError(email)).toBe(ticketFormTexts.emailInvalid);

    await user.clear(email);
    await user.type(email, 'klant@example.nl');
    await user.type(screen.getByRole('textbox', { name: new RegExp(ticketTexts.fields.phone) }), '0612345678');
    await user.click(screen.getByTestId('ticket-subject'));
    await user.click(await screen.findByRole('option', { name: 'Beschadigde zending' }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${ticketTexts.fields.message}`) }), 'De mok is gebroken.');
    await user.type(screen.getByRole('textbox', { name: new RegExp(ticketTexts.fields.internal_properties) }), 'Een mok');
    await user.type(screen.getByRole('textbox', { name: new RegExp(ticketTexts.fields.external_properties) }), 'Bruine doos');
    const input = document.querySelector<HTMLInputElement>('[data-testid="ticket-form"] input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'factuur.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: ticketTexts.submit }));

    await waitFor(() => expect(currentUrl()).toBe('/settings/tickets'));
    expect(api.requestsTo('POST', '/api/ticket/create').map((r) => r.body)).toEqual([
      {
        label_id: labelId,
        email: 'klant@example.nl',
        phone: '0612345678',
        subject: 'Beschadigde zending',
        message: 'De mok is gebroken.',
        internal_properties: 'Een mok',
        external_properties: 'Bruine doos',
        cost_price: null,
        attachments: [{ filename: 'factuur.pdf', base_64: 'JVBERi0=' }],
      },
    ]);
  });
});

describe('the ticket list and one ticket', { timeout: 30_000 }, () => {
  it('lists each investigation with status, label and last reply', async () => {
    const api = fakeApi();
    const { messages: _, email: _e, phone: _p, internal_properties: _i, external_properties: _x, cost_price: _c, ...ticket } = ticketDetail();
    api.on('GET', '/api/ticket/', () => ({ data: [ticket, { ...ticket, id: '66666666-6666-4666-8666-666666666667', status: 'closed', last_message: null }], meta: { total: 2, page: 1, page_size: 25 } }));
    renderInApp(<TicketsPage />, { api, route: '/settings/tickets' });
    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText(ticketTexts.status.replied)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '1001' }).getAttribute('href')).toBe(`/dashboard/labels/${labelId}`);
    expect(within(rows[0] as HTMLElement).getByTestId('ticket-last-reply').textContent).toContain(ticketTexts.author.support);
    expect(within(rows[1] as HTMLElement).getByText(ticketTexts.status.closed)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('ticket-last-reply').textContent).toBe(ticketTexts.noReplyYet);
  });

  it('shows the conversation with its files, sends a reply and closes', async () => {
    const api = fakeApi();
    let current = ticketDetail();
    api.on('GET', `/api/ticket/${ticketId}`, () => ({ status: 'success', data: current }));
    api.on('POST', `/api/ticket/${ticketId}/reply`, () => ({ status: 'success', data: (current = ticketDetail({ is_replied: false })) }));
    api.on('PATCH', `/api/ticket/${ticketId}`, () => ({ status: 'success', data: (current = ticketDetail({ status: 'closed' })) }));
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <Routes>
        <Route path="/settings/tickets/:ticketId" element={<TicketPage />} />
      </Routes>,
      { api, route: `/settings/tickets/${ticketId}` },
    );
    const messages = await screen.findAllByTestId('ticket-message');
    expect(messages.map((m) => m.getAttribute('data-author'))).toEqual(['customer', 'support']);
    expect(within(messages[1] as HTMLElement).getByText('We hebben de vervoerder gevraagd.')).toBeTruthy();
    expect(screen.getByRole('button', { name: ticketTexts.download('factuur.pdf') })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: ticketTexts.send }));
    expect(screen.getByText(ticketFormTexts.replyRequired)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: ticketTexts.replyLabel }), 'Dank je!');
    await user.click(screen.getByRole('button', { name: ticketTexts.send }));
    await waitFor(() => expect(api.requestsTo('POST', `/api/ticket/${ticketId}/reply`).map((r) => r.body)).toEqual([{ message: 'Dank je!', attachments: [] }]));

    await user.click(screen.getByRole('button', { name: ticketTexts.close }));
    await waitFor(() => expect(api.requestsTo('PATCH', `/api/ticket/${ticketId}`).map((r) => r.body)).toEqual([{ status: 'closed' }]));
    expect(await screen.findByTestId('ticket-closed')).toBeTruthy();
  });
});
