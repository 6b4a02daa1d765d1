import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A job the client finished, kept so that a job delivered again is reported, not printed again. */
export interface FinishedJob {
  job_id: string;
  status: 'printed' | 'failed';
  message?: string;
}

/** What the client remembers between starts (PRINT_CLIENT_STATE). */
export interface ClientState {
  server_url: string;
  /** The secret the server gave at pairing; null when not paired (or revoked). */
  credential: string | null;
  printer_client_id: string | null;
  selected_printer: string | null;
  /** false after `disconnect`: the client then stays offline, also after a restart, until `connect`. */
  connect_at_start: boolean;
  /** The last jobs it finished, newest last. */
  finished_jobs: FinishedJob[];
}

/** How many finished job ids are kept: far more than a server redelivers after one reconnect. */
export const finishedJobsKept = 1000;

export function initialState(serverUrl: string): ClientState {
  return { server_url: serverUrl, credential: null, printer_client_id: null, selected_printer: null, connect_at_start: true, finished_jobs: [] };
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads the state file; a missing or unreadable file gives the initial state (the client then pairs again). */
export async function loadState(file: string, serverUrl: string): Promise<ClientState> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return initialState(serverUrl);
  }
  if (!raw || typeof raw !== 'object') return initialState(serverUrl);
  const r = raw as Record<string, unknown>;
  const finished = Array.isArray(r.finished_jobs)
    ? r.finished_jobs.filter((j): j is FinishedJob => !!j && typeof j === 'object' && typeof (j as FinishedJob).job_id === 'string' && ((j as FinishedJob).status === 'printed' || (j as FinishedJob).status === 'failed'))
    : [];
  return {
    server_url: str(r.server_url) ?? serverUrl,
    credential: str(r.credential),
    printer_client_id: str(r.printer_client_id),
    selected_printer: str(r.selected_printer),
    connect_at_start: r.connect_at_start !== false,
    finished_jobs: finished.slice(-finishedJobsKept),
  };
}

/**
 * Writes the state atomically (a temporary file beside it, then a rename), readable by
 * the user only: it holds the credential.
 */
export async function saveState(file: string, state: ClientState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** The state with one more finished job, the oldest dropped past `finishedJobsKept`. */
export function withFinishedJob(state: ClientState, job: FinishedJob): ClientState {
  const others = state.finished_jobs.filter((j) => j.job_id !== job.job_id);
  return { ...state, finished_jobs: [...others, job].slice(-finishedJobsKept) };
}

/** A paired client forgets its pairing: after a revoked credential or a new server. */
export function unpaired(state: ClientState): ClientState {
  return { ...state, credential: null, printer_client_id: null, finished_jobs: [] };
}
