import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ApiUser } from '@verzendhuis/contract/api-user';
import { apiUsersTexts as texts } from '@verzendhuis/domain/api-users-texts';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { ApiUsersSettings } from './api-users-settings';

const firstId = '11111111-1111-4111-8111-111111111111';
const newId = '22222222-2222-4222-8222-222222222222';
const secret = 'vhs_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const apiUser = (overrides: Partial<ApiUser> = {}): ApiUser => ({
  id: firstId,
  name: 'WooCommerce',
  is_active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  ...overrides,
});

function api(users: ApiUser[]) {
  const fake = fakeApi();
  fake.on('GET', '/api/api-user', () => ({ data: users }));
  return fake;
}

afterEach(() => notifications.clean());

describe('/settings/api-keys', { timeout: 60_000 }, () => {
  it('creates an API user and shows its key id and secret once, with copy buttons and the warning', async () => {
    const users = [apiUser()];
    const fake = api(users);
    fake.on('POST', '/api/api-user/create', (request) => {
      const name = (request.body as { name: string }).name;
      if (!name.trim()) return validationRefusal({ name: ['Vul een naam in.'] });
      const created = apiUser({ id: newId, name, created_at: '2026-11-21T09:00:00.000Z' });
      users.push(created);
      return { status: 'success', data: { user: { ...created, secret } } };
    });
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(<ApiUsersSettings />, { api: fake });

    expect((await screen.findAllByTestId('api-user-row')).map((r) => within(r).getByTestId('api-user-name').textContent)).toEqual(['WooCommerce']);
    expect(screen.getByText(texts.never)).toBeTruthy();

    await userEvent.click(screen.getByTestId('api-user-create'));
    await userEvent.type(await screen.findByTestId('api-user-name-input'), 'Shopware{Enter}');
    const dialog = await screen.findByTestId('api-user-secret-dialog');
    expect(within(dialog).getByTestId('api-user-secret').textContent).toBe(secret);
    expect(within(dialog).getByTestId('api-user-key-id').textContent).toBe(newId);
    expect(dialog.textContent).toContain(texts.secretWarning);
    expect(fake.requestsTo('POST', '/api/api-user/create').map((r) => r.body)).toEqual([{ name: 'Shopware' }]);

    await userEvent.click(within(dialog).getByTestId('api-user-secret-copy'));
    expect(writeText).toHaveBeenCalledWith(secret);
    await screen.findByText(texts.copied);

    await userEvent.click(within(dialog).getByTestId('api-user-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-user-secret-dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('api-user-row')).toHaveLength(2));
    expect(document.body.textContent).not.toContain(secret);
  });

  it('refuses an empty name in the form without calling the server', async () => {
    const fake = api([]);
    renderInApp(<ApiUsersSettings />, { api: fake });
    await screen.findByText(texts.empty);
    await userEvent.click(screen.getByTestId('api-user-create'));
    await userEvent.click(await screen.findByTestId('api-user-save'));
    await waitFor(() => expect(screen.getByTestId('api-user-name-input').getAttribute('aria-invalid')).toBe('true'));
    expect(fake.requestsTo('POST', '/api/api-user/create')).toHaveLength(0);
  });

  it('renames, deactivates after confirming, and activates again', async () => {
    const users = [apiUser()];
    const fake = api(users);
    fake.on('PATCH', `/api/api-user/${firstId}`, (request) => {
      Object.assign(users[0]!, request.body);
      return { status: 'success', data: users[0] };
    });
    renderInApp(<ApiUsersSettings />, { api: fake });
    const [row] = await screen.findAllByTestId('api-user-row');

    await userEvent.click(within(row!).getByTestId('api-user-rename'));
    const input = await screen.findByTestId('api-user-rename-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Woo winkel{Enter}');
    await screen.findByText(texts.renamed);

    await userEvent.click(within(row!).getByTestId('api-user-deactivate'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-cancel'));
    expect(fake.requestsTo('PATCH', `/api/api-user/${firstId}`)).toHaveLength(1);
    await userEvent.click(within(row!).getByTestId('api-user-deactivate'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByText(texts.deactivated);
    await waitFor(() => expect(screen.getByTestId('api-user-status').textContent).toBe(texts.inactive));

    await userEvent.click(screen.getByTestId('api-user-activate'));
    await screen.findByText(texts.activated);
    expect(fake.requestsTo('PATCH', `/api/api-user/${firstId}`).map((r) => r.body)).toEqual([{ name: 'Woo winkel' }, { is_active: false }, { is_active: true }]);
  });
});
