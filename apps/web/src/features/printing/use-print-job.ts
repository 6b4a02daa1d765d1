import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { printingWebTexts as texts } from '@verzendhuis/domain/printing-web-texts';
import type { ApiClient } from '@verzendhuis/contract/client';
import type { PrintJob } from '@verzendhuis/contract/printing';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../ui/toasts';

/** How often a print job is asked for its outcome, and for how long at most. */
export const printJobPollMs = 1500;
export const printJobFollowLimitMs = 10 * 60_000;

/**
 * Asks GET print-job/{id} until the job is printed or failed (or the limit passed):
 * resolves to the last job seen, or null when it could not be asked (no answer).
 */
export async function waitForPrintJob(
  client: ApiClient,
  id: string,
  { pollMs = printJobPollMs, limitMs = printJobFollowLimitMs, wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<PrintJob | null> {
  const until = Date.now() + limitMs;
  let last: PrintJob | null = null;
  for (;;) {
    try {
      last = (await client.printing.job(id)).data;
    } catch {
      return last;
    }
    if (last.status === 'printed' || last.status === 'failed' || Date.now() >= until) return last;
    await wait(pollMs);
  }
}

/**
 * After label/print: says the job was sent (or queued while the client is offline), then
 * follows it in the background and tells its outcome; printed labels moved to printed,
 * so the label lists are read again.
 */
export function usePrintJobFollower() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (jobId: string, status: 'sent' | 'queued', count: number) => {
      if (status === 'queued') showWarningToast(texts.jobQueued);
      else showSuccessToast(texts.jobSent);
      void waitForPrintJob(client, jobId).then((job) => {
        if (job === null) showWarningToast(texts.jobUnknown);
        else if (job.status === 'printed') showSuccessToast(texts.jobPrinted(count));
        else if (job.status === 'failed') showErrorToast(texts.jobFailed(job.message));
        void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
      });
    },
    [client, queryClient],
  );
}
