import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderBulkEditResult, OrderBulkValues } from '@verzendhuis/contract/order';
import { ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showSuccessToast } from '../../ui/toasts';
import { ordersScope } from './use-orders-list';

/**
 * The changes the orders table makes: delete (cannot be undone, so confirmed as
 * danger), reset (re-apply shipping rules, confirmed), each resolving to true when it
 * was carried out; and the bulk edit of the Bijwerken dialog, which answers the counts
 * (and throws, so that the dialog shows a refusal at its fields).
 */
export function useOrderActions() {
  const client = useApiClient();
  const queryClient = useQueryClient();

  const afterChange = () => {
    markOwnChange(ordersScope);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
  };

  const bulk = useMutation({
    mutationFn: (input: { ids: string[]; action: 'delete' | 'update'; values?: OrderBulkValues }) =>
      client.orders.bulkUpdate({ order_ids: input.ids, action: input.action, ...(input.values ? { values: input.values } : {}) }),
    onSuccess: afterChange,
  });
  const reset = useMutation({ mutationFn: (ids: string[]) => client.orders.reset(ids), onSuccess: afterChange });

  async function run(work: () => Promise<unknown>, success: string): Promise<boolean> {
    try {
      await work();
      showSuccessToast(success);
      return true;
    } catch (error) {
      handleUnexpectedError(error);
      return false;
    }
  }

  return {
    busy: bulk.isPending || reset.isPending,
    deleteOne: async (id: string): Promise<boolean> => {
      const confirmed = await openConfirmDialog({
        title: texts.deleteOneTitle,
        message: texts.deleteOneMessage,
        type: 'danger',
        confirmLabel: texts.deleteConfirm,
      });
      return confirmed && run(() => bulk.mutateAsync({ ids: [id], action: 'delete' }), texts.orderDeleted);
    },
    deleteMany: async (ids: string[]): Promise<boolean> => {
      const confirmed = await openConfirmDialog({
        title: texts.deleteManyTitle,
        message: texts.deleteManyMessage(ids.length),
        type: 'danger',
        confirmLabel: texts.deleteConfirm,
      });
      const success = ids.length === 1 ? texts.orderDeleted : texts.ordersDeleted;
      return confirmed && run(() => bulk.mutateAsync({ ids, action: 'delete' }), success);
    },
    /** updatebulkorders {action: 'update'}: with values a bulk edit, without a re-validation. */
    edit: async (ids: string[], values: OrderBulkValues | undefined): Promise<OrderBulkEditResult> => (await bulk.mutateAsync({ ids, action: 'update', values })).data,
    reset: async (ids: string[]): Promise<boolean> => {
      const confirmed = await openConfirmDialog({
        title: texts.resetTitle,
        message: texts.resetMessage(ids.length),
        type: 'warning',
        confirmLabel: texts.resetConfirm,
      });
      return confirmed && run(() => reset.mutateAsync(ids), texts.ordersReset);
    },
  };
}
