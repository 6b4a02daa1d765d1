import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import { LabelJobCard } from './label-job-card';
import { isActiveJob, reloadListsAfterJob, useLabelJobs } from './label-job-queries';
import { labelJobStore, useLabelJobStore } from './label-job-store';

/** Finished results shown at once (newest first); closing one brings up the next. */
const maxFinishedShown = 3;

/**
 * The dashboard's large selections (docs/labels.md, "Grote selecties"): each job that
 * runs, and each finished one whose result the user has not closed. Coming back to
 * the dashboard finds them through GET label/job/.
 */
export function LabelJobPanel() {
  const jobs = useLabelJobs();
  const queryClient = useQueryClient();
  useLabelJobStore();
  const active = useRef<ReadonlySet<string>>(new Set());

  // A job that finishes while it is on screen changed orders and labels: the lists reload.
  useEffect(() => {
    const data = jobs.data ?? [];
    const finished = data.some((job) => active.current.has(job.id) && !isActiveJob(job));
    active.current = new Set(data.filter(isActiveJob).map((job) => job.id));
    if (finished) reloadListsAfterJob(queryClient);
  }, [jobs.data, queryClient]);

  // Leaving the dashboard hands the jobs over to "Labels downloaden": a download needs a click after navigating.
  useEffect(() => () => labelJobStore.detachAll(), []);

  const data = jobs.data ?? [];
  const shown = [...data.filter(isActiveJob), ...data.filter((job) => !isActiveJob(job) && !labelJobStore.isDismissed(job.id)).slice(0, maxFinishedShown)];
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="label-jobs">
      {shown.map((job) => (
        <LabelJobCard key={job.id} job={job} onDismiss={() => labelJobStore.dismiss(job.id)} />
      ))}
    </Stack>
  );
}
