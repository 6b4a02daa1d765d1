import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Courier, CourierClass } from '@verzendhuis/contract/courier';
import { trackingWebhookTexts as texts } from '@verzendhuis/domain/tracking-freshness';
import { renderInApp } from '../../test-support/render-app';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { CourierEditModal } from './courier-edit-modal';

const courierId = '11111111-1111-4111-8111-111111111111';
const courier = { id: courierId, proxied_id: null, service_class: 'test', service_name: 'Testvervoerder', label: 'Testvervoerder', is_active: true, fields: {} } as unknown as Courier;
const testClass = { class: 'test', name: 'Testvervoerder', supports_tracking_webhook: true, settings_fields: [], platform_contracts: [] } as unknown as CourierClass;

describe('the courier’s tracking webhook', { timeout: 60_000 }, () => {
  it('makes the URL on request and shows it once; a refusal is shown in Dutch', async () => {
    const api = fakeApi();
    let calls = 0;
    api.on('POST', `/api/courier/${courierId}/webhook`, () => {
      calls += 1;
      return calls === 1
        ? { data: { url: 'http://localhost:3000/api/tracking/webhook/test/geheim-geheim-geheim-geheim-1', courier_class: 'test' } }
        : errorResponse(400, { message_code: 'courier_webhook_not_supported', type: 'validation', message: texts.notSupported });
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<CourierEditModal courier={courier} courierClass={testClass} onClose={() => undefined} />, { api });
    expect(screen.queryByTestId('courier-webhook-url')).toBeNull();
    await user.click(screen.getByRole('button', { name: texts.create }));
    const url = (await screen.findByTestId('courier-webhook-url')) as HTMLInputElement;
    expect(url.value).toBe('http://localhost:3000/api/tracking/webhook/test/geheim-geheim-geheim-geheim-1');
    expect(screen.getByText(texts.shownOnce)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.recreate }));
    expect((await screen.findByTestId('courier-webhook-error')).textContent).toBe(texts.notSupported);
  });

  it('is not offered for a carrier that pushes nothing', () => {
    renderInApp(<CourierEditModal courier={{ ...courier, service_class: 'postnl' }} courierClass={{ ...testClass, class: 'postnl', supports_tracking_webhook: false }} onClose={() => undefined} />, { api: fakeApi() });
    expect(screen.queryByTestId('courier-webhook')).toBeNull();
  });
});
