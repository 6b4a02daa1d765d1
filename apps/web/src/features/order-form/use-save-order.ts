import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Courier } from '@verzendhuis/contract/courier';
import { orderInputSchema, type Order, type OrderInput } from '@verzendhuis/contract/order';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showErrorToast, showSnackbar } from '../../ui/toasts';
import { ordersScope } from '../orders/use-orders-list';
import { valuesAfterCreate } from './form-rules';
import { valuesToRawInput, type OrderFormValues } from './form-values';
import { fieldErrorsFromApi, fieldErrorsFromIssues } from './map-field-errors';
import type { OrderFormController } from './use-order-form';

export type OrderFormMode = 'create' | 'edit' | 'duplicate';

const savedText: Record<OrderFormMode, string> = { create: texts.created, edit: texts.updated, duplicate: texts.duplicated };

/** Where the user goes when done with an order: the orders tab, or the scan page (scan=1). */
export function returnPath(scan: boolean): string {
  return scan ? paths.scan : paths.orders;
}

/** An order saved with problems opens (or stays on) its edit page, which shows them per field. */
export function savedOrderHasProblems(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'ready';
}

/**
 * Saving (orders spec §4 "Order form behaviour", §8): a structurally invalid form
 * or a 400 answer shows "Ongeldige invoer, controleer de velden" and the messages
 * on their fields. Problems of the order itself do not block saving: the server
 * stores the order with its status, and the form then shows them.
 */
export function useSaveOrder({
  mode,
  orderId,
  scan,
  couriers,
  ctl,
}: {
  mode: OrderFormMode;
  orderId?: string;
  scan: boolean;
  couriers: readonly Courier[];
  ctl: OrderFormController;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (input: OrderInput) => (mode === 'edit' && orderId ? client.orders.update(orderId, input) : client.orders.create(input)),
  });

  const invalid = (errors: Record<string, string>) => {
    ctl.form.setErrors(errors);
    showErrorToast(texts.invalidInput);
  };

  async function save(values: OrderFormValues): Promise<void> {
    const parsed = orderInputSchema.safeParse(valuesToRawInput(values));
    if (!parsed.success) return invalid(fieldErrorsFromIssues(parsed.error.issues));
    let saved: Order;
    try {
      saved = (await mutation.mutateAsync(parsed.data)).data;
    } catch (error) {
      const fields = fieldErrorsFromApi(error);
      if (fields) return invalid(fields);
      handleUnexpectedError(error);
      return;
    }
    markOwnChange(ordersScope);
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders, refetchType: 'none' });
    queryClient.setQueryData(queryKeys.order(saved.id), saved);
    showSnackbar(savedText[mode]);

    if (savedOrderHasProblems(saved)) {
      const query = scan ? '?scan=1' : '';
      await navigate(paths.order(saved.id) + query, { replace: mode !== 'create' });
    } else if (mode === 'create') {
      ctl.form.setValues(valuesAfterCreate(values, couriers));
      ctl.form.clearErrors();
      ctl.resetVisited();
      window.scrollTo({ top: 0 });
    } else {
      await navigate(returnPath(scan));
    }
  }

  return { save, saving: mutation.isPending };
}
