import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import type { SupportTicketDetail } from '@verzendhuis/contract/ticket';
import { notFoundTexts } from '@verzendhuis/domain/frame-texts';
import { supportInboxTexts as texts, ticketFormTexts } from '@verzendhuis/domain/tickets';
import { AuthContext } from '../../app/auth/auth-context';
import { queryKeys } from '../../app/query-keys';
import { SupportInboxPage } from '../../routes/support/support-inbox-page';
import { SupportTicketPage } from '../../routes/support/support-ticket-page';
import { fakeApi } from '../../test-support/fake-api';
import { testAuth, testUser } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { RequireOperator } from './require-operator';

const ticketId = '66666666-6666-4666-8666-666666666666';
const organisation = { id: '11111111-1111-4111-8111-111111111111', name: 'Kaaswinkel Gouda' };
const at = '2026-03-02T09:30:00.000Z';

function detail(overrides: Partial<SupportTicketDetail> = {}): SupportTicketDetail {
  return {
    id: ticketId,
    status: 'open',
    is_replied: false,
    subject: 'Beschadigde zending',
    label: { id: null, order_number: '1001', tracking_number: null },
    last_message: { author: 'customer', created_at: at },
    created_at: at,
    updated_at: at,
    email: 'klant@example.nl',
    phone: '0612345678',
    internal_properties: 'Een mok',
    external_properties: 'Bruine doos',
    cost_price: null,
    organisation,
    messages: [{ id: '77777777-7777-4777-8777-777777777771', author: 'customer', message: 'De mok is gebroken.', created_at: at, attachments: [] }],
    ...overrides,
  };
}

const authenticated = testAuth();

function renderSupport(route: string, isOperator = true) {
  const api = fakeApi();
  api.on('GET', '/api/support/ticket/', (request) => {
    const all = request.query.get('filter') === 'all';
    const rows = all ? [detail(), detail({ id: '66666666-6666-4666-8666-666666666667', subject: 'Bewijs van levering', is_replied: true })] : [detail()];
    return { data: rows, meta: { total: rows.length, page: 1, page_size: 25 } };
  });
  // The server's ticket: support's answer is stored, so the refetch after it shows the answer.
  let stored = detail();
  api.on('GET', `/api/support/ticket/${ticketId}`, () => ({ status: 'success', data: stored }));
  api.on('POST', `/api/support/ticket/${ticketId}/reply`, (request) => {
    const body = request.body as { message: string };
    stored = { ...stored, is_replied: true, messages: [...stored.messages, { id: '77777777-7777-4777-8777-777777777772', author: 'support', message: body.message, created_at: at, attachments: [] }] };
    return { status: 'success', data: stored };
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.user, { ...testUser(), is_operator: isOperator });
  renderInApp(
    <AuthContext value={authenticated}>
      <Routes>
        <Route path="/support" element={<RequireOperator />}>
          <Route index element={<SupportInboxPage />} />
          <Route path=":ticketId" element={<SupportTicketPage />} />
        </Route>
      </Routes>
    </AuthContext>,
    { api, route, queryClient },
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('the operator’s support inbox', { timeout: 60_000 }, () => {
  it('is not there for a member of an organisation', async () => {
    const { api } = renderSupport('/support', false);
    expect(await screen.findByText(notFoundTexts.title)).toBeTruthy();
    expect(api.requestsTo('GET', '/api/support/ticket/')).toHaveLength(0);
  });

  it('lists the waiting tickets with their organisation, and all of them on request', async () => {
    const { api, user } = renderSupport('/support');
    const rows = await screen.findAllByTestId('support-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText(organisation.name)).toBeTruthy();
    expect(within(rows[0]!).getByText(texts.status.waiting)).toBeTruthy();
    await user.click(screen.getByText(texts.filter.all));
    await waitFor(() => expect(screen.getAllByTestId('support-row')).toHaveLength(2));
    expect(screen.getByText(texts.status.answered)).toBeTruthy();
    expect(api.requestsTo('GET', '/api/support/ticket/').at(-1)?.query.get('filter')).toBe('all');
  });

  it('shows a ticket with its organisation and sends support’s answer', async () => {
    const { api, user } = renderSupport(`/support/${ticketId}`);
    expect(await screen.findByRole('heading', { name: texts.ticketTitle(organisation.name, 'Beschadigde zending') })).toBeTruthy();
    expect(screen.getByText('De mok is gebroken.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.send }));
    expect(await screen.findByText(ticketFormTexts.replyRequired)).toBeTruthy();
    expect(api.requestsTo('POST', `/api/support/ticket/${ticketId}/reply`)).toHaveLength(0);
    await user.type(screen.getByLabelText(texts.replyLabel, { exact: false }), 'We zoeken het uit.');
    await user.click(screen.getByRole('button', { name: texts.send }));
    expect(await screen.findByText(texts.sent)).toBeTruthy();
    expect(api.requestsTo('POST', `/api/support/ticket/${ticketId}/reply`)[0]?.body).toMatchObject({ message: 'We zoeken het uit.' });
    expect(screen.getByText('We zoeken het uit.')).toBeTruthy();
    expect(screen.getByText(texts.author.support)).toBeTruthy();
  });
});
