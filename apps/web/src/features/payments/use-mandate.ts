import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MandateState } from '@verzendhuis/contract/payments';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { checkoutNavigation } from './checkout';

/**
 * GET user/organisation/payment: the mandate, read back from the payment provider (also on
 * the return from its checkout: no webhook reaches a local install). The organisation's
 * payment status (notices, label pre-check) is reloaded with it.
 */
export function useMandate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.paymentMandate,
    queryFn: async (): Promise<MandateState> => {
      const mandate = (await client.payments.mandate()).data;
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      return mandate;
    },
  });
}

/** POST user/organisation/payment, then to the provider's checkout; DELETE user/organisation/payment. */
export function useMandateMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const settled = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMandate });
    await queryClient.invalidateQueries({ queryKey: queryKeys.user });
  };
  const setUp = useMutation({
    mutationFn: async () => (await client.payments.setUpMandate()).data,
    onSuccess: (data) => checkoutNavigation.go(data.checkout_url),
  });
  const remove = useMutation({
    mutationFn: async () => (await client.payments.removeMandate()).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.paymentMandate, data),
    onSettled: settled,
  });
  return { setUp, remove };
}
