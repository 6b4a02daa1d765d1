import { useEffect } from 'react';
import { handleUnexpectedError } from './handle-unexpected-error';
import { showNewVersionNotice } from './new-version-notice';

/** Catches errors that escape every handler: uncaught exceptions and rejected promises. */
export function GlobalErrorHandling() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      // Errors of scripts from other origins arrive without details; nothing to report.
      if (!event.error && event.message === 'Script error.') return;
      handleUnexpectedError(event.error ?? new Error(event.message));
    };
    const onRejection = (event: PromiseRejectionEvent) => handleUnexpectedError(event.reason);
    // Vite announces a failed preload of a screen's files before the import itself fails.
    const onPreloadError = () => showNewVersionNotice();
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, []);
  return null;
}
