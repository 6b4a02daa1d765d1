import { describe, expect, it } from 'vitest';
import { nextStep } from './create-flow';
import { labelJobStore, parseDismissed } from './label-job-store';

describe('the label job store', () => {
  it('reads the closed results from storage, ignoring anything else', () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed('niet json')).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('["a", 2, "b"]')).toEqual(['a', 'b']);
  });

  it('hands an attached job over once', () => {
    labelJobStore.attach('job-1', { existingLabelIds: ['label-1'] });
    expect(labelJobStore.detach('job-1')).toEqual({ existingLabelIds: ['label-1'] });
    expect(labelJobStore.detach('job-1')).toBeUndefined();
    labelJobStore.attach('job-2', { existingLabelIds: [] });
    labelJobStore.detachAll();
    expect(labelJobStore.attached('job-2')).toBeUndefined();
  });

  it('remembers a closed result', () => {
    expect(labelJobStore.isDismissed('job-3')).toBe(false);
    labelJobStore.dismiss('job-3');
    expect(labelJobStore.isDismissed('job-3')).toBe(true);
  });
});

describe('the creation flow and a large selection', () => {
  it('follows the job when the server answers queued', () => {
    const job = { id: '5f0c6a3e-3f5e-4c4e-9a59-6a3a1e2b7c11', status: 'queued' as const, total: 120, processed: 0 };
    expect(nextStep({ status: 'queued', job, data: [], errors: [], warnings: [] }, { duplicatesDecided: false })).toEqual({ kind: 'queued', jobId: job.id });
  });
});
