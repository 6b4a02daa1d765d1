import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import type { TrackingMailSettingsDto } from '@verzendhuis/contract/tracking-mail';
import { resolveTrackingMailSettings } from '@verzendhuis/domain/tracking-mail';
import { trackingMailErrorMessages, trackingMailTexts as texts } from '@verzendhuis/domain/tracking-mail-texts';
import { queryKeys } from '../../app/query-keys';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { testUser } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { TrackingMailEditor } from './tracking-mail-editor';
import { LabelTrackingMails } from './label-tracking-mails';
import { TrackingMailSettings } from './tracking-mail-settings';

const settings = (): TrackingMailSettingsDto => ({ ...resolveTrackingMailSettings({}), logo_url: null, smtp_configured: true });

function withUser() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.user, testUser({ name: 'Theewinkel Het Blaadje' }));
  return queryClient;
}

afterEach(() => notifications.clean());

describe('/settings/tracking', { timeout: 30_000 }, () => {
  it('lists the six mails, switches one on with PATCH tracking and checks the brand colour’s contrast', async () => {
    const api = fakeApi();
    let current = settings();
    api.on('GET', '/api/tracking', () => ({ status: 'success', data: current }));
    api.on('PATCH', '/api/tracking', (request) => {
      const body = request.body as { mails?: { shipped?: { enabled: boolean } }; brand_color?: string };
      current = { ...current, brand_color: body.brand_color ?? current.brand_color, mails: { ...current.mails, shipped: { ...current.mails.shipped, ...body.mails?.shipped } } };
      return { status: 'success', data: current };
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<TrackingMailSettings tab="emails" />, { api, queryClient: withUser() });

    const toggle = await screen.findByRole('switch', { name: texts.enabledLabel(texts.statusNames.shipped) });
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    await user.click(toggle);
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/tracking').map((r) => r.body)).toEqual([{ mails: { shipped: { enabled: true } } }]));
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));

    expect(screen.getByTestId('brand-contrast').textContent).toMatch(/wit.*voldoet aan WCAG AA/);
    const colour = screen.getByRole('textbox', { name: new RegExp(texts.brandColor) });
    await user.clear(colour);
    await user.type(colour, '#ffdd00');
    expect(screen.getByTestId('brand-contrast').textContent).toContain('zwart');
    await user.click(screen.getByRole('button', { name: texts.saveBrand }));
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/tracking').at(-1)?.body).toEqual({ brand_color: '#ffdd00' }));
  });

  it('shows the stored mails with their states on the outbox tab', async () => {
    const api = fakeApi();
    api.on('GET', '/api/trackingmail/', () => ({
      data: [
        { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', label_id: null, order_number: null, mail_status: 'shipped', state: 'bounced', recipient: 'weg@klant.test', subject: 'Onderweg', attempts: 1, error: 'De mailserver weigerde de e-mail: 550', is_test: true, created_at: '2026-01-05T10:00:00.000Z', sent_at: null },
      ],
      meta: { total: 1, page: 1, page_size: 25 },
    }));
    renderInApp(<TrackingMailSettings tab="outbox" />, { api, queryClient: withUser() });
    const row = await screen.findByTestId('outbox-row');
    expect(within(row).getByText(texts.stateNames.bounced)).toBeTruthy();
    expect(within(row).getByText('De mailserver weigerde de e-mail: 550')).toBeTruthy();
  });
});

describe('/settings/tracking/email/{email}', { timeout: 30_000 }, () => {
  it('inserts placeholders at the cursor, previews live, saves the mail and sends a test', async () => {
    const api = fakeApi();
    api.on('PATCH', '/api/tracking', () => ({ status: 'success', data: settings() }));
    api.on('POST', '/api/trackingmail/sendtest', () => ({ status: 'success', data: { state: 'sent' } }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<TrackingMailEditor status="shipped" settings={settings()} shop="Theewinkel" userEmail="sanne@blaadje.nl" />, { api, queryClient: withUser() });

    const subject = screen.getByRole('textbox', { name: texts.editorSubject });
    await user.clear(subject);
    await user.type(subject, 'Pakket voor {{naam}');
    expect(screen.getByTestId('preview-subject').textContent).toContain('Pakket voor Jan Jansen');

    const body = screen.getByRole('textbox', { name: texts.editorBody });
    await user.clear(body);
    await user.type(body, 'Hoi  !');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: texts.insertPlaceholder('naam') }));
    expect((body as HTMLTextAreaElement).value).toBe('Hoi {naam} !');

    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/tracking').map((r) => r.body)).toEqual([{ mails: { shipped: { enabled: false, subject: 'Pakket voor {naam}', body: 'Hoi {naam} !' } } }]),
    );

    await user.click(screen.getByRole('button', { name: texts.testSend }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/trackingmail/sendtest').map((r) => r.body)).toEqual([{ email: 'sanne@blaadje.nl', status: 'shipped' }]));
    expect(await screen.findByText(texts.testSent('sanne@blaadje.nl'))).toBeTruthy();
  });

  it('refuses an unknown placeholder before sending and shows "test mail failed" from the server', async () => {
    const api = fakeApi();
    api.on('POST', '/api/trackingmail/sendtest', () => errorResponse(502, { message_code: 'test_mail_failed', type: 'usage', message: trackingMailErrorMessages.test_mail_failed }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<TrackingMailEditor status="delivered" settings={settings()} shop="Theewinkel" userEmail="sanne@blaadje.nl" />, { api, queryClient: withUser() });
    const subject = screen.getByRole('textbox', { name: texts.editorSubject });
    await user.clear(subject);
    await user.type(subject, 'Hoi {{name}');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.unknownPlaceholder('name'))).toBeTruthy();
    expect(api.requestsTo('PATCH', '/api/tracking')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: texts.testSend }));
    expect(await screen.findByText(trackingMailErrorMessages.test_mail_failed)).toBeTruthy();
  });
});

describe('the label page’s tracking e-mails', () => {
  it('shows each mail with its state and the reason of a bounce', () => {
    renderInApp(
      <LabelTrackingMails
        mails={[
          { mail_status: 'shipped', state: 'sent', recipient: 'anna@klant.test', error: null, created_at: '2026-01-05T10:00:00.000Z', sent_at: '2026-01-05T10:00:02.000Z' },
          { mail_status: 'delivered', state: 'bounced', recipient: 'anna@klant.test', error: 'De mailserver weigerde de e-mail: 550', created_at: '2026-01-06T10:00:00.000Z', sent_at: null },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('label-tracking-mail');
    expect(rows.map((r) => within(r).getByTestId('mail-state').textContent)).toEqual([texts.stateNames.sent, texts.stateNames.bounced]);
    expect(within(rows[1] as HTMLElement).getByText('De mailserver weigerde de e-mail: 550')).toBeTruthy();
  });
});
