import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ReturnPaymentState, ReturnPortal } from '@verzendhuis/contract/returns';
import { returnPortalTexts as texts } from '@verzendhuis/domain/returns';
import { ReturnPaymentPage, ReturnPortalPage } from '../../routes/return-portal/return-portal-page';
import { errorResponse, fakeApi, pdfResponse } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { checkoutNavigation } from './return-payment-step';

afterEach(() => vi.restoreAllMocks());

const returnId = '6f1c2b1e-4a7d-4c55-9d7e-2a1f0c3b4d5e';
const itemId = '0b7c8d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const courierId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const portal: ReturnPortal = { organisation: { name: 'Winkel De Proef', logo_url: null }, intro_text: null, payment_methods: ['consumer_paid'], consumer_price_cents: 395, return_days: 30 };

function portalApi() {
  const api = fakeApi();
  api.on('GET', '/api/public/return/proef', () => ({ data: portal }));
  return api;
}

const renderRoutes = (route: string, api = portalApi()) =>
  renderInApp(
    <Routes>
      <Route path="/retour/:slug" element={<ReturnPortalPage />} />
      <Route path="/retour/:slug/betaling/:id" element={<ReturnPaymentPage />} />
    </Routes>,
    { api, route },
  );

describe('the consumer-paid return in the portal', () => {
  it('shows the price, the Betalen button, and goes to the checkout the server answers', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = portalApi();
    api.on('POST', '/api/public/return/proef/lookup', () => ({
      data: { order_number: 'B-1', items: [{ id: itemId, name: 'Trui', quantity: 1 }], couriers: [{ id: courierId, label: 'Testvervoerder', service_class: 'test', service_name: 'Test', allowed: true }] },
    }));
    api.on('POST', '/api/public/return/proef/create', () => ({ status: 'success', data: { return_id: returnId, checkout_url: 'https://betalen.test/tr_1' } }));
    renderRoutes('/retour/proef', api);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Bestelnummer/ }), 'B-1');
    await user.type(screen.getByRole('textbox', { name: /^Postcode/ }), '1012 LG');
    await user.click(screen.getByRole('button', { name: texts.lookUp }));
    const reason = (await screen.findAllByLabelText(/^Reden: Trui/)).filter((element) => element.tagName === 'INPUT');
    expect(reason).toHaveLength(1);
    await user.click(reason[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Te groot' }));
    expect(screen.getByTestId('return-payment-amount').textContent).toBe('Je betaalt € 3,95 voor het retourlabel.');
    expect(screen.queryByRole('button', { name: texts.submit })).toBeNull();
    await user.click(screen.getByRole('button', { name: texts.pay }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://betalen.test/tr_1'));
    expect(api.requestsTo('POST', '/api/public/return/proef/create')[0]?.body).toMatchObject({ payment_method: 'consumer_paid', courier_id: courierId, items: [{ item_id: itemId, reason: 'item_too_big' }] });
  });

  it('back from the checkout: waits while the payment is open, then shows the label', async () => {
    const api = portalApi();
    let state: ReturnPaymentState = { status: 'open', amount_cents: 395, checkout_url: 'https://betalen.test/tr_1', label: null };
    api.on('GET', `/api/public/return/proef/payment/${returnId}`, () => ({ data: state }));
    api.on('GET', `/api/public/return/proef/payment/${returnId}/label`, () => pdfResponse());
    renderRoutes(`/retour/proef/betaling/${returnId}`, api);
    expect(await screen.findByRole('heading', { name: texts.paymentWaitingTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.pay }).getAttribute('href')).toBe('https://betalen.test/tr_1');
    state = { status: 'paid', amount_cents: 395, checkout_url: null, label: { label_id: itemId, tracking_number: '3STEST123', tracking_url: null } };
    await userEvent.setup().click(screen.getByRole('button', { name: texts.paymentCheckAgain }));
    expect(await screen.findByRole('heading', { name: texts.doneTitle })).toBeTruthy();
    expect(screen.getByTestId('return-tracking-number').textContent).toBe('3STEST123');
    await waitFor(() => expect(screen.getByTestId('return-download').getAttribute('href')).toMatch(/^blob:/));
  });

  it('a failed payment says so in Dutch and pays again for the same return', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = portalApi();
    api.on('GET', `/api/public/return/proef/payment/${returnId}`, () => ({ data: { status: 'canceled', amount_cents: 395, checkout_url: null, label: null } }));
    api.on('POST', `/api/public/return/proef/payment/${returnId}/retry`, () => ({ status: 'success', data: { return_id: returnId, checkout_url: 'https://betalen.test/tr_2' } }));
    renderRoutes(`/retour/proef/betaling/${returnId}`, api);
    expect(await screen.findByRole('heading', { name: texts.paymentFailedTitle })).toBeTruthy();
    expect(screen.getByText(texts.paymentFailedReasons.canceled as string)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: texts.paymentRetry }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://betalen.test/tr_2'));
  });

  it('an unknown return is the Dutch not-found message', async () => {
    const api = portalApi();
    api.on('GET', `/api/public/return/proef/payment/${returnId}`, () => errorResponse(404, { message_code: 'return_payment_not_found', type: 'not_found', message: 'We vinden deze retourbetaling niet. Meld je retour opnieuw aan.' }));
    renderRoutes(`/retour/proef/betaling/${returnId}`, api);
    expect(await screen.findByText('We vinden deze retourbetaling niet. Meld je retour opnieuw aan.')).toBeTruthy();
  });
});
