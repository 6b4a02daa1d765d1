import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelPrice } from '@verzendhuis/contract/billing';
import type { CourierClass, CourierCounters, CourierCreateBody, CourierPatchBody } from '@verzendhuis/contract/courier';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

const classesKey = ['couriers', 'classes'] as const;
const countersKey = ['couriers', 'counters'] as const;
const pricesKey = ['couriers', 'label-prices'] as const;

/** GET courier/meta: every courier class with the form of an own contract and the platform's contracts. */
export function useCourierClasses() {
  const client = useApiClient();
  return useQuery({ queryKey: classesKey, queryFn: async (): Promise<CourierClass[]> => (await client.couriers.meta()).data, staleTime: 60_000 });
}

/** GET couriercounters/. */
export function useCourierCounters() {
  const client = useApiClient();
  return useQuery({ queryKey: countersKey, queryFn: async (): Promise<CourierCounters> => (await client.couriers.counters()).data });
}

/** GET label-price/: what a label via the platform's contracts costs. */
export function useLabelPrices() {
  const client = useApiClient();
  return useQuery({ queryKey: pricesKey, queryFn: async (): Promise<LabelPrice[]> => (await client.billing.labelPrices()).data, staleTime: 5 * 60_000 });
}

/**
 * Linking, editing, (de)activating and resetting couriers. Every change reloads the
 * couriers (their list, counters and meta all start with queryKeys.couriers), which the
 * order form also reads, and the user (the dashboard's shipping-rules notice).
 */
export function useCourierMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A courier deactivated (or back) can break (or mend) shipping rules: the user's organisation names their errors.
  const onSuccess = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.couriers }), queryClient.invalidateQueries({ queryKey: queryKeys.user })]);
  return {
    link: useMutation({ mutationFn: (body: CourierCreateBody) => client.couriers.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: CourierPatchBody }) => client.couriers.update(id, body), onSuccess }),
    reset: useMutation({ mutationFn: (id: string) => client.couriers.reset(id), onSuccess }),
  };
}
