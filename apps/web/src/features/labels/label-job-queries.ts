import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { LabelJob } from '@verzendhuis/contract/label-job';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { ordersScope } from '../orders/use-orders-list';
import { labelJobStore, type AttachedJob } from './label-job-store';
import { labelsScope } from './use-labels-list';

export const labelJobKeys = {
  all: ['label-jobs'] as const,
  list: ['label-jobs', 'list'] as const,
  detail: (id: string) => ['label-jobs', 'detail', id] as const,
};

/** How often the dashboard asks for the progress while a job runs. */
export const labelJobPollMs = 1_000;

export const isActiveJob = (job: Pick<LabelJob, 'status'>): boolean => job.status === 'queued' || job.status === 'running';

/**
 * GET label/job/: the organisation's recent jobs. Polled while one of them is queued
 * or running, so the progress moves and a finished job shows its result.
 */
export function useLabelJobs() {
  const client = useApiClient();
  return useQuery({
    queryKey: labelJobKeys.list,
    queryFn: async () => (await client.labelJobs.list()).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isActiveJob) ? labelJobPollMs : false),
  });
}

/** GET label/job/{id} of a finished job: its outcome per order (it does not change any more). */
export function useLabelJobResult(job: LabelJob) {
  const client = useApiClient();
  return useQuery({
    queryKey: labelJobKeys.detail(job.id),
    queryFn: async () => (await client.labelJobs.get(job.id)).data,
    enabled: !isActiveJob(job),
    staleTime: Infinity,
  });
}

/**
 * order/label/create answered `queued`: the dashboard shows the job at once and, as
 * long as the user stays there, downloads its labels when it is done.
 */
export function followLabelJob(queryClient: QueryClient, jobId: string, attachment: AttachedJob): void {
  labelJobStore.attach(jobId, attachment);
  void queryClient.invalidateQueries({ queryKey: labelJobKeys.list });
}

/** A job finished: its orders left the orders tab and its labels joined the label tabs. */
export function reloadListsAfterJob(queryClient: QueryClient): void {
  markOwnChange(ordersScope);
  markOwnChange(labelsScope);
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
  void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
}
