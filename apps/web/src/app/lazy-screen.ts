import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ChunkLoadError } from './errors/classify-error';

/** Account spec §9: a screen's code that has not arrived after 120 s counts as a failed load. */
export const chunkLoadTimeoutMs = 120_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new ChunkLoadError(`Loading a screen took longer than ${chunkLoadTimeoutMs} ms`)),
      chunkLoadTimeoutMs,
    );
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/**
 * A screen loaded on first visit. A failed load throws into the route's error
 * element, which shows the new-version notice.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await withTimeout(load()) }));
}
