import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportJob } from '@verzendhuis/contract/order-import';
import { importJobTexts as texts } from '@verzendhuis/domain/import-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { formatDateTime } from '../labels/format';
import { ordersScope } from '../orders/use-orders-list';
import { importKeys } from './use-csv-import';

const isActive = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'running';
const pollMs = 1_000;

/** GET order/import/job/: polled while an import runs. */
function useImportJobs() {
  const client = useApiClient();
  return useQuery({
    queryKey: importKeys.jobs,
    queryFn: async () => (await client.orderImport.jobs()).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? pollMs : false),
  });
}

function ImportJobCard({ job, onDismiss }: { job: ImportJob; onDismiss: () => void }) {
  const active = isActive(job);
  const percent = job.total === 0 ? 0 : Math.round((job.processed / job.total) * 100);
  return (
    <Paper withBorder p="sm" data-testid="import-job" data-job-status={job.status}>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {active ? texts.title : job.status === 'failed' ? texts.failedTitle : texts.doneTitle}: {job.file_name}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDateTime(job.created_at)}
          </Text>
        </Group>
        <Progress value={percent} striped={active} animated={active} color={job.status === 'failed' ? 'red' : job.error_count > 0 ? 'yellow' : undefined} aria-label={texts.progressLabel} />
        <Text size="sm" data-testid="import-job-progress">
          {active ? texts.progress(job.processed, job.total) : texts.result(job.created, job.updated, job.error_count)}
        </Text>
        {job.error ? (
          <Text size="sm" c="red.9" role="alert">
            {job.error.message}
          </Text>
        ) : null}
        {active ? null : (
          <Group>
            <Button size="xs" variant="subtle" onClick={onDismiss}>
              {texts.dismiss}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The dashboard's card of each CSV import running in the background, and of each finished one until it is closed. */
export function ImportJobPanel() {
  const jobs = useImportJobs();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState<readonly string[]>(() => {
    try {
      return JSON.parse(window.localStorage.getItem('import_jobs_dismissed') ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const active = useRef<ReadonlySet<string>>(new Set());

  // An import that finishes while it is on screen added orders: the lists reload.
  useEffect(() => {
    const data = jobs.data ?? [];
    const finished = data.some((job) => active.current.has(job.id) && !isActive(job));
    active.current = new Set(data.filter(isActive).map((job) => job.id));
    if (finished) {
      markOwnChange(ordersScope);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    }
  }, [jobs.data, queryClient]);

  const dismiss = (id: string) => {
    const next = [...dismissed, id].slice(-50);
    setDismissed(next);
    try {
      window.localStorage.setItem('import_jobs_dismissed', JSON.stringify(next));
    } catch {
      // Storage blocked: closed for this page session only.
    }
  };
  const shown = (jobs.data ?? []).filter((job) => isActive(job) || !dismissed.includes(job.id)).slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="import-jobs">
      {shown.map((job) => (
        <ImportJobCard key={job.id} job={job} onDismiss={() => dismiss(job.id)} />
      ))}
    </Stack>
  );
}
