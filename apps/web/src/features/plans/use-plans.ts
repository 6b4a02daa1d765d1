import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddonDisableBody, AddonEnableBody, PlanChangeBody } from '@verzendhuis/contract/plan';
import type { Organisation, User } from '@verzendhuis/contract/user';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

export const plansKey = ['plans'] as const;
export const addonsKey = ['addons'] as const;
export const labelCountersKey = ['labels', 'counters'] as const;

/** GET plan/: the plans on offer, the current one marked. */
export function usePlans() {
  const client = useApiClient();
  return useQuery({ queryKey: plansKey, queryFn: async () => (await client.plans.list()).data });
}

/** GET addons: the catalogue with this organisation's subscriptions. */
export function useAddons() {
  const client = useApiClient();
  return useQuery({ queryKey: addonsKey, queryFn: async () => (await client.addons.list()).data });
}

/** GET labelcounters/: the packages labelled this month against the quota. */
export function useLabelCounters() {
  const client = useApiClient();
  return useQuery({ queryKey: labelCountersKey, queryFn: async () => (await client.labels.counters()).data });
}

/** The plan and add-on changes: each answers the organisation as it is now, which the whole app then shows. */
export function usePlanMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const apply = (organisation: Organisation) => {
    queryClient.setQueryData<User>(queryKeys.user, (user) => (user ? { ...user, organisation } : user));
    void queryClient.invalidateQueries({ queryKey: plansKey });
    void queryClient.invalidateQueries({ queryKey: addonsKey });
  };
  return {
    changePlan: useMutation({ mutationFn: (body: PlanChangeBody) => client.user.changePlan(body), onSuccess: (answer) => apply(answer.data) }),
    enableAddon: useMutation({ mutationFn: (body: AddonEnableBody) => client.user.enableAddon(body), onSuccess: (answer) => apply(answer.data) }),
    disableAddon: useMutation({ mutationFn: (body: AddonDisableBody) => client.user.disableAddon(body), onSuccess: (answer) => apply(answer.data) }),
  };
}
