import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentLogicRule, ShipmentLogicRuleInput, ShipmentLogicRulePatch } from '@verzendhuis/contract/shipment-logic';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** GET shipment-logic/: the rules in their order, each with its errors. */
export function useShipmentLogicRules() {
  const client = useApiClient();
  return useQuery({ queryKey: queryKeys.shipmentLogic, queryFn: async (): Promise<ShipmentLogicRule[]> => (await client.shipmentLogic.list()).data });
}

/**
 * Creating, changing, deleting and moving rules. Each change reloads the rules and the
 * user (its organisation's shipment_logic raises the dashboard's notice), and a moved
 * list is shown at once.
 */
export function useShipmentLogicMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.shipmentLogic }), queryClient.invalidateQueries({ queryKey: queryKeys.user })]);
  };
  return {
    create: useMutation({ mutationFn: (body: ShipmentLogicRuleInput) => client.shipmentLogic.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: ShipmentLogicRulePatch }) => client.shipmentLogic.update(id, body), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => client.shipmentLogic.remove(id), onSuccess }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => client.shipmentLogic.reorder(ids),
      onMutate: (ids) => {
        const current = queryClient.getQueryData<ShipmentLogicRule[]>(queryKeys.shipmentLogic);
        if (current) queryClient.setQueryData(queryKeys.shipmentLogic, ids.map((id) => current.find((r) => r.id === id)).filter((r) => r !== undefined));
        return { current };
      },
      onError: (_error, _ids, context) => {
        if (context?.current) queryClient.setQueryData(queryKeys.shipmentLogic, context.current);
      },
      onSuccess,
    }),
  };
}

/** POST shipment-logic/dry-run, on demand. */
export function useShipmentLogicDryRun() {
  const client = useApiClient();
  return useMutation({ mutationFn: async () => (await client.shipmentLogic.dryRun()).data });
}
