import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { MandateState } from '@verzendhuis/contract/payments';
import { mandateTexts as texts, invoicePaymentTexts, paymentErrorMessages } from '@verzendhuis/domain/payments-texts';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { checkoutNavigation } from './checkout';
import { MandatePanel } from './mandate-panel';
import { PayInvoiceButton } from './pay-invoice-button';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const none: MandateState = { status: 'none', consumer_name: null, account_last_digits: null };
const ready: MandateState = { status: 'ready', consumer_name: 'J. de Vries', account_last_digits: '4321' };

function renderPanel(mandate: MandateState) {
  const api = fakeApi();
  let current = mandate;
  api.on('GET', '/api/user/organisation/payment', () => ({ data: current }));
  api.on('DELETE', '/api/user/organisation/payment', () => {
    current = none;
    return { data: none };
  });
  const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
  renderInApp(<MandatePanel />, { api, route: '/settings/account/billing-and-payment' });
  return { api, go, user: userEvent.setup({ delay: null }) };
}

describe('the billing-and-payment tab’s mandate', { timeout: 30_000 }, () => {
  it('without a mandate, sets one up and goes to the provider’s checkout', async () => {
    const { api, go, user } = renderPanel(none);
    expect(await screen.findByText(texts.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.remove })).toBeNull();
    api.on('POST', '/api/user/organisation/payment', () => ({ data: { checkout_url: 'http://localhost/api/public/test-payment/tr_test1', mandate: { ...none, status: 'validating' } } }));
    await user.click(screen.getByRole('button', { name: texts.setUp }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/api/public/test-payment/tr_test1'));
    expect(api.requestsTo('POST', '/api/user/organisation/payment')).toHaveLength(1);
  });

  it('shows a mandate being validated, which may take days', async () => {
    renderPanel({ status: 'validating', consumer_name: null, account_last_digits: null });
    expect(await screen.findByText(texts.validating)).toBeTruthy();
    expect(texts.validating).toContain('enkele dagen duren');
  });

  it('shows an active mandate with the account’s last digits and name, and removes it after confirmation', async () => {
    const { api, user } = renderPanel(ready);
    expect(await screen.findByText(texts.active)).toBeTruthy();
    expect(screen.getByText(texts.account('4321'))).toBeTruthy();
    expect(screen.getByText(texts.consumer('J. de Vries'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: texts.remove }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: texts.removeCancel }));
    expect(api.requestsTo('DELETE', '/api/user/organisation/payment')).toEqual([]);

    await user.click(screen.getByRole('button', { name: texts.remove }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.removeConfirm }));
    expect(await screen.findByText(texts.none)).toBeTruthy();
    expect(api.requestsTo('DELETE', '/api/user/organisation/payment')).toHaveLength(1);
  });

  it('shows the failed mandate with a way to try again, and the provider’s failure in Dutch', async () => {
    const { api, go, user } = renderPanel({ status: 'error', consumer_name: null, account_last_digits: null });
    expect(await screen.findByText(texts.error)).toBeTruthy();
    api.on('POST', '/api/user/organisation/payment', () =>
      errorResponse(502, { message_code: 'payment_provider_unavailable', type: 'programming', message: paymentErrorMessages.payment_provider_unavailable }),
    );
    await user.click(screen.getByRole('button', { name: texts.setUpAgain }));
    expect((await screen.findByRole('alert')).textContent).toContain(paymentErrorMessages.payment_provider_unavailable);
    expect(go).not.toHaveBeenCalled();
  });
});

describe('PayInvoiceButton', { timeout: 30_000 }, () => {
  it('goes to the checkout of a oneoff payment, and reports a collection on the mandate without leaving', async () => {
    const api = fakeApi();
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    api.on('POST', '/api/invoice/inv-1/payment', () => ({ data: { status: 'open', checkout_url: 'http://localhost/checkout/tr_1', invoice_status: 'open' } }));
    api.on('POST', '/api/invoice/inv-2/payment', () => ({ data: { status: 'paid', checkout_url: null, invoice_status: 'paid' } }));
    const onPaid = vi.fn();
    renderInApp(
      <>
        <div data-testid="one">
          <PayInvoiceButton invoiceId="inv-1" />
        </div>
        <div data-testid="two">
          <PayInvoiceButton invoiceId="inv-2" onPaid={onPaid} />
        </div>
      </>,
      { api },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByTestId('one')).getByRole('button', { name: invoicePaymentTexts.pay }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/checkout/tr_1'));
    await user.click(within(screen.getByTestId('two')).getByRole('button', { name: invoicePaymentTexts.pay }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(go).toHaveBeenCalledTimes(1);
  });
});
