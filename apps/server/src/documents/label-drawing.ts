import os from 'node:os';
import { Piscina } from 'piscina';
import { drawTestLabel, type TestLabelInput } from './test-label';

/**
 * The Testvervoerder's labels are drawn on worker threads (piscina). Drawing is pure CPU
 * (font subsetting, barcode encoding, deflate, ~5 ms a label); on the main thread it
 * queues behind the HTTP and database work of the same requests while the machine's
 * other cores wait. By default one thread fewer than the machine has cores, at least
 * one; `threads: 0` draws on the calling thread (LABEL_DRAW_THREADS=0).
 */
const defaultThreads = Math.max(1, os.availableParallelism() - 1);
let pool: Piscina | null = null;
let threads = defaultThreads;

/** LABEL_DRAW_THREADS; null is the default. Running workers end, the next label starts the new number. */
export function setLabelDrawThreads(count: number | null): void {
  const next = count ?? defaultThreads;
  if (next === threads) return;
  void closeLabelDrawing();
  threads = next;
}

export async function drawTestLabelOffThread(input: TestLabelInput): Promise<Buffer> {
  if (threads === 0) return drawTestLabel(input);
  // Started on first use; a worker left idle for a minute ends (and is started again when needed).
  pool ??= new Piscina({ filename: new URL('./test-label-worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
  const bytes = (await pool.run(input)) as Uint8Array;
  // A Buffer arrives as a plain Uint8Array: wrap the same memory again, no copy.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the worker threads (at the app's stop); the next label starts them again. */
export async function closeLabelDrawing(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}
