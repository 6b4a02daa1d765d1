import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicePaymentTexts as texts } from '@verzendhuis/domain/payments-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { showSuccessToast } from '../../ui/toasts';
import { checkoutNavigation } from './checkout';

/**
 * Pays one open invoice (POST invoice/{id}/payment): to the provider's checkout, or, with a
 * ready mandate, collected at once (no checkout). The invoice page places it (docs/billing.md);
 * `onPaid` lets the page reload the invoice.
 */
export function PayInvoiceButton({ invoiceId, onPaid }: { invoiceId: string; onPaid?: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const pay = useMutation({
    mutationFn: async () => (await client.payments.payInvoice(invoiceId)).data,
    onSuccess: (data) => {
      if (data.checkout_url) {
        checkoutNavigation.go(data.checkout_url);
        return;
      }
      showSuccessToast(data.invoice_status === 'paid' ? texts.paid : texts.collecting);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      onPaid?.();
    },
    onError: handleUnexpectedError,
  });
  return (
    <Button onClick={() => pay.mutate()} loading={pay.isPending || Boolean(pay.data?.checkout_url)} data-testid="pay-invoice">
      {texts.pay}
    </Button>
  );
}
