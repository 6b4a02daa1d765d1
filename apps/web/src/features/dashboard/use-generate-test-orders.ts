import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showSuccessToast } from '../../ui/toasts';
import { ordersScope } from '../orders/use-orders-list';

/** How many test orders one click makes (the call allows 1 to 100). */
export const testOrderCount = 10;

/** POST order/generatetestorders (trial plans only), then the lists and counters reload. */
export function useGenerateTestOrders() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.orders.generateTestOrders(testOrderCount),
    onSuccess: (result) => {
      markOwnChange(ordersScope);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      showSuccessToast(dashboardTexts.testOrdersGenerated(result.data.affected));
    },
    onError: handleUnexpectedError,
  });
}
