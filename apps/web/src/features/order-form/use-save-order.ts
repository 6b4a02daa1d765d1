import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Courier } from '@verzendhuis/contract/courier';
import type { Order, OrderInput, OrderInputParsed } from '@verzendhuis/contract/order';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showServerErrors } from '../../ui/form/server-errors';
import { showErrorToast, showSnackbar, showWarningToast } from '../../ui/toasts';
import { ordersScope } from '../orders/use-orders-list';
import { valuesAfterCreate } from './form-rules';
import type { OrderFormValues } from './form-values';
import type { OrderFormController } from './use-order-form';

export type OrderFormMode = 'create' | 'edit' | 'duplicate';

const savedText: Record<OrderFormMode, string> = { create: texts.created, edit: texts.updated, duplicate: texts.duplicated };

/** Where the user goes when done with an order: the orders tab, or the scan page of that order (scan=1). */
export function returnPath(scan: boolean, orderId?: string): string {
  if (!scan) return paths.orders;
  return orderId ? paths.scanOrder(orderId) : paths.scan;
}

/** An order saved with problems (or warnings) opens (or stays on) its edit page, which shows them per field. */
export function savedOrderHasProblems(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'ready';
}

/** Stored as incomplete or error: not shippable, so saving is no success to announce. */
export function savedOrderIsBlocked(order: Pick<Order, 'status'>): boolean {
  return order.status === 'incomplete' || order.status === 'error';
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

  async function save(input: OrderInputParsed, values: OrderFormValues): Promise<void> {
    let saved: Order;
    try {
      saved = (await mutation.mutateAsync(input)).data;
    } catch (error) {
      if (showServerErrors(ctl.form, error)) showErrorToast(texts.invalidInput);
      else handleUnexpectedError(error);
      return;
    }
    markOwnChange(ordersScope);
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders, refetchType: 'none' });
    queryClient.setQueryData(queryKeys.order(saved.id), saved);
    if (savedOrderIsBlocked(saved)) showWarningToast(texts.savedWithProblems);
    else showSnackbar(savedText[mode]);

    if (savedOrderHasProblems(saved)) {
      const query = scan ? '?scan=1' : '';
      await navigate(paths.order(saved.id) + query, { replace: mode !== 'create' });
    } else if (mode === 'create') {
      ctl.form.setValues(valuesAfterCreate(values, couriers));
      ctl.form.clearErrors();
      ctl.resetVisited();
      window.scrollTo({ top: 0 });
    } else {
      await navigate(returnPath(scan, saved.id));
    }
  }

  /** The form's submit: the contract schema checks the values first, and refuses with its messages on their fields. */
  const submit = ctl.form.onSubmit(
    (input) => save(input, ctl.form.getValues()),
    () => showErrorToast(texts.invalidInput),
  );

  return { submit, saving: mutation.isPending };
}
