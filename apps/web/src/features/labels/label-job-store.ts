import { useSyncExternalStore } from 'react';

/**
 * What the browser knows about label jobs besides the server:
 * - the jobs started in this page session ("attached"): when one finishes while the
 *   dashboard shows it, its labels are downloaded or printed at once, as a small
 *   selection's are, together with the existing labels chosen in the duplicates dialog;
 * - the finished jobs whose result the user closed ("dismissed", kept in localStorage
 *   so a closed result does not come back on the next visit).
 */
export interface AttachedJob {
  /** Existing labels the user chose to use instead of new ones: printed with the job's labels. */
  existingLabelIds: readonly string[];
}

export const dismissedStorageKey = 'label_jobs_dismissed';
/** Enough for a day's jobs (the server lists the last 24 hours, at most 20). */
const maxDismissed = 100;

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

export function parseDismissed(raw: string | null): string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(-maxDismissed) : [];
  } catch {
    return [];
  }
}

const attached = new Map<string, AttachedJob>();
let dismissed: readonly string[] = parseDismissed(storage()?.getItem(dismissedStorageKey) ?? null);
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== dismissedStorageKey) return;
    dismissed = parseDismissed(event.newValue);
    changed();
  });
}

export const labelJobStore = {
  attach(jobId: string, job: AttachedJob): void {
    attached.set(jobId, job);
    changed();
  },
  attached: (jobId: string): AttachedJob | undefined => attached.get(jobId),
  /** Hands the job over once: its automatic download happens one time only. */
  detach(jobId: string): AttachedJob | undefined {
    const job = attached.get(jobId);
    if (job) {
      attached.delete(jobId);
      changed();
    }
    return job;
  },
  detachAll(): void {
    if (attached.size === 0) return;
    attached.clear();
    changed();
  },
  isDismissed: (jobId: string): boolean => dismissed.includes(jobId),
  dismiss(jobId: string): void {
    if (dismissed.includes(jobId)) return;
    dismissed = [...dismissed, jobId].slice(-maxDismissed);
    try {
      storage()?.setItem(dismissedStorageKey, JSON.stringify(dismissed));
    } catch {
      // Storage full or blocked: the result stays closed for this page session.
    }
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: (): number => version,
};

/** Re-renders when a job is attached, handed over or dismissed. */
export function useLabelJobStore(): number {
  return useSyncExternalStore(labelJobStore.subscribe, labelJobStore.version);
}
