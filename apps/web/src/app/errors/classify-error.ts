import { ApiError } from '@verzendhuis/contract/client';

/** Raised when a lazily loaded screen does not arrive in time (spec §9: 120 s). */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const chunkFailurePatterns = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk .* failed/i,
  /unable to preload css/i,
];

/**
 * A screen's code could not be loaded or parsed: after a deployment the old file
 * names are gone, and only a reload brings the new version.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof SyntaxError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return chunkFailurePatterns.some((pattern) => pattern.test(error.message));
}

/** Account spec §8: 401 and 404 are not reported; aborted work is no error either. */
export function isIgnoredError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401 || error.status === 404;
  if (error instanceof Error) {
    if (error.name === 'AbortError' || error.name === 'CancelledError') return true;
    if (/ResizeObserver loop/.test(error.message)) return true;
  }
  return false;
}

export function hasMessage(error: unknown): boolean {
  return error instanceof Error && error.message.trim().length > 0;
}
