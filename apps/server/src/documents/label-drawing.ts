import os from 'node:os';
import { Piscina } from 'piscina';
import { drawTestLabel, type TestLabelInput } from './test-label';

/**
 * The Testvervoerder's labels are drawn on worker threads (piscina). Drawing is pure CPU
 * (font subsetting, barcode encoding, deflate, ~5 ms a label); on the main thread it
 * queues behind the HTTP and database work of the same requests while the machine's
 * other cores wait. By default one thread fewer than the machine has cores, at least
 * one; `threads: 0` draws on the calling thread (LABEL_DRAW_THREADS=0).
 *
 * One instance per process, made by the composition root (services.ts) and given to
 * what draws (the Testvervoerder, through the carrier registry); the root closes it.
 */
export interface LabelDrawing {
  /** One Testvervoerder label, as the bytes of its PDF. */
  draw: (input: TestLabelInput) => Promise<Buffer>;
  /** Draws one label that nobody asked for, so the first real one does not wait for the thread to load (~1 s). */
  warm: () => Promise<void>;
  /** Ends the worker threads; a label drawn after this starts them again. */
  close: () => Promise<void>;
}

const defaultThreads = () => Math.max(1, os.availableParallelism() - 1);

/** `threads`: LABEL_DRAW_THREADS; null is the default. */
export function createLabelDrawing(options: { threads: number | null }): LabelDrawing {
  const threads = options.threads ?? defaultThreads();
  let pool: Piscina | null = null;

  function drawingPool(): Piscina {
    // Started on first use, with one thread kept (it holds the fonts, ~60 MB); more start
    // under load and end after a minute without work.
    pool ??= new Piscina({ filename: new URL('./test-label-worker.mjs', import.meta.url).href, minThreads: 1, maxThreads: threads, idleTimeout: 60_000 });
    return pool;
  }

  async function draw(input: TestLabelInput): Promise<Buffer> {
    if (threads === 0) return drawTestLabel(input);
    const bytes = (await drawingPool().run(input)) as Uint8Array;
    // A Buffer arrives as a plain Uint8Array: wrap the same memory again, no copy.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  return {
    draw,
    async warm() {
      await draw({
        trackingNumber: '3STEST000000000',
        packageNumber: 1,
        packageCount: 1,
        weightGrams: 0,
        shipmentTypeName: 'Pakket',
        reference: null,
        sender: { name: 'Verzendhuis', address_1: '', zipcode: '', city: '', country: 'NL' },
        receiver: { name: 'Verzendhuis', address_1: '', zipcode: '', city: '', country: 'NL' },
      });
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
