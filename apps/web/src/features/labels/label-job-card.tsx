import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { LabelJob } from '@verzendhuis/contract/label-job';
import { labelCreationTexts } from '@verzendhuis/domain/labels-texts';
import { labelJobTexts as texts } from '@verzendhuis/domain/label-job-texts';
import { showSuccessToast } from '../../ui/toasts';
import { labelIdsToPrint } from './create-flow';
import { openResultDialog } from './creation-dialogs';
import { formatDateTime } from './format';
import { isActiveJob, reloadListsAfterJob, useLabelJobResult } from './label-job-queries';
import { labelJobStore } from './label-job-store';
import { usePrintLabels } from './use-print-labels';

function titleOf(job: LabelJob): string {
  if (isActiveJob(job)) return texts.title;
  if (job.status === 'failed') return texts.stoppedTitle;
  if (job.made === 0) return texts.noneTitle;
  return job.failed > 0 ? texts.doneWithErrorsTitle : texts.doneTitle;
}

/**
 * One large selection in the dashboard: a progress bar while its labels are made,
 * then the result. A job started here and finished while the user stayed is
 * delivered as a small selection is (download or print with the label settings, then
 * the errors per order or a toast); otherwise "Labels downloaden" does it on a click.
 */
export function LabelJobCard({ job, onDismiss }: { job: LabelJob; onDismiss: () => void }) {
  const active = isActiveJob(job);
  const result = useLabelJobResult(job);
  const { print, printing } = usePrintLabels();
  const queryClient = useQueryClient();
  const outcome = result.data?.result ?? null;

  const download = useCallback(
    async (existingLabelIds: readonly string[] = []) => (outcome ? print(labelIdsToPrint(outcome.data, existingLabelIds)) : false),
    [outcome, print],
  );

  useEffect(() => {
    if (!outcome) return;
    const attached = labelJobStore.detach(job.id);
    if (!attached) return;
    reloadListsAfterJob(queryClient);
    void (async () => {
      const labelIds = labelIdsToPrint(outcome.data, attached.existingLabelIds);
      const printed = labelIds.length > 0 && (await print(labelIds));
      if (outcome.errors.length > 0) openResultDialog({ created: outcome.data.length, errors: outcome.errors });
      else if (outcome.data.length > 0) showSuccessToast(labelCreationTexts.created(outcome.data.length));
      // Delivered as today's small selections are: nothing left to show.
      if (printed && outcome.errors.length === 0) onDismiss();
    })();
  }, [job.id, outcome, onDismiss, print, queryClient]);

  const percent = job.total === 0 ? 0 : Math.round((job.processed / job.total) * 100);
  return (
    <Paper withBorder p="sm" data-testid="label-job" data-job-id={job.id} data-job-status={job.status}>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" data-testid="label-job-title">
            {titleOf(job)}
          </Text>
          <Text size="xs" c="dimmed">
            {texts.started(formatDateTime(job.created_at))}
          </Text>
        </Group>
        <Progress
          value={percent}
          striped={active}
          animated={active}
          color={job.status === 'failed' ? 'red' : job.failed > 0 ? 'yellow' : undefined}
          aria-label={texts.progressLabel}
          data-testid="label-job-progress"
        />
        <Group gap="xs">
          <Text size="sm" data-testid="label-job-progress-text">
            {job.status === 'queued' && job.processed === 0 ? texts.queued(job.total) : texts.progress(job.made, job.total)}
          </Text>
          {job.failed > 0 ? (
            <Text size="sm" c="red" data-testid="label-job-failed">
              {texts.failedSoFar(job.failed)}
            </Text>
          ) : null}
        </Group>
        {active ? (
          <Text size="xs" c="dimmed">
            {texts.leaveHint}
          </Text>
        ) : null}
        {job.error ? (
          <Alert color="red" variant="light" p="xs">
            <Text size="sm">{job.error.message}</Text>
          </Alert>
        ) : null}
        {active ? null : (
          <Group gap="xs">
            {job.made > 0 ? (
              <Button size="xs" onClick={() => void download()} loading={printing || result.isPending} data-testid="label-job-download">
                {texts.download}
              </Button>
            ) : null}
            {job.failed > 0 ? (
              <Button
                size="xs"
                variant="default"
                disabled={!outcome}
                onClick={() => outcome && openResultDialog({ created: outcome.data.length, errors: outcome.errors })}
                data-testid="label-job-errors"
              >
                {texts.showErrors}
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" onClick={onDismiss} data-testid="label-job-dismiss">
              {texts.dismiss}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
