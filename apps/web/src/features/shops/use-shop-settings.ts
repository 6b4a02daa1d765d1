import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopClass, ShopCreateBody, ShopPatchBody } from '@verzendhuis/contract/shop';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

const classesKey = ['shops', 'classes'] as const;

/** GET shop/meta: every platform with the fields of its link. */
export function useShopClasses() {
  const client = useApiClient();
  return useQuery({ queryKey: classesKey, queryFn: async (): Promise<ShopClass[]> => (await client.shops.meta()).data, staleTime: 5 * 60_000 });
}

/**
 * Linking, editing, (de)activating, resetting and pulling shops. Every change reloads the
 * shops (queryKeys.shops: this screen, the dashboard's notices and empty state); a pull
 * also reloads the orders it brought in.
 */
export function useShopMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.shops });
  const afterPull = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.shops }), queryClient.invalidateQueries({ queryKey: queryKeys.orders })]);
  return {
    link: useMutation({ mutationFn: (body: ShopCreateBody) => client.shops.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: ShopPatchBody }) => client.shops.update(id, body), onSuccess }),
    reset: useMutation({ mutationFn: (id: string) => client.shops.reset(id), onSuccess }),
    sync: useMutation({ mutationFn: (id: string) => client.shops.sync(id), onSettled: afterPull }),
    syncAll: useMutation({ mutationFn: () => client.shops.syncAll(), onSettled: afterPull }),
  };
}
