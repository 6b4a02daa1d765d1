import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishedJobsKept, initialState, loadState, saveState, unpaired, withFinishedJob } from './state';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'print-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the state file', () => {
  it('starts unpaired with the configured server when there is no file, or an unreadable one', async () => {
    expect(await loadState(path.join(dir, 'none.json'), 'http://localhost:8080')).toEqual(initialState('http://localhost:8080'));
    await writeFile(path.join(dir, 'bad.json'), '{"credential": ');
    expect((await loadState(path.join(dir, 'bad.json'), 'http://x')).credential).toBeNull();
  });

  it('keeps what it saved, in a new folder, readable by the user only, without temporary files left', async () => {
    const file = path.join(dir, 'sub', 'state.json');
    const state = withFinishedJob({ ...initialState('https://app.verzendhuis.nl'), credential: 'geheim', printer_client_id: 'pc-1', selected_printer: 'Zebra', connect_at_start: false }, { job_id: 'j1', status: 'failed', message: 'Papier op' });
    await saveState(file, state);
    expect(await loadState(file, 'http://other')).toEqual(state);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(['state.json']);
  });

  it('keeps the last finished jobs only, a job once', () => {
    let state = initialState('http://x');
    for (let i = 0; i < finishedJobsKept + 5; i++) state = withFinishedJob(state, { job_id: `j${i}`, status: 'printed' });
    state = withFinishedJob(state, { job_id: `j${finishedJobsKept + 4}`, status: 'printed' });
    expect(state.finished_jobs).toHaveLength(finishedJobsKept);
    expect(state.finished_jobs[0]?.job_id).toBe('j5');
    expect(state.finished_jobs.at(-1)?.job_id).toBe(`j${finishedJobsKept + 4}`);
  });

  it('forgets the pairing and its jobs, keeps the server and the printer', () => {
    const state = unpaired({ ...initialState('http://x'), credential: 'c', printer_client_id: 'p', selected_printer: 'Zebra', finished_jobs: [{ job_id: 'j', status: 'printed' }] });
    expect(state).toEqual({ ...initialState('http://x'), selected_printer: 'Zebra' });
  });
});
