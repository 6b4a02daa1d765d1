import { ApiError } from '@verzendhuis/contract/client';
import { openErrorReportDialog } from '../../features/error-report/open-error-report-dialog';
import { openNoticeDialog } from '../../ui/notice-dialog';
import { hasMessage, isChunkLoadError, isIgnoredError } from './classify-error';
import { showNewVersionNotice } from './new-version-notice';

const handled = new WeakSet<object>();

/**
 * The one place an error nobody handled ends up (account spec §8): a new-version
 * notice for a failed chunk, nothing for 401/404, a plain notice for a refusal the
 * server explained in Dutch, and otherwise the error-report dialog.
 */
export function handleUnexpectedError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (handled.has(error)) return;
    handled.add(error);
  }
  console.error('Unhandled error', error);
  if (isChunkLoadError(error)) {
    showNewVersionNotice();
    return;
  }
  if (isIgnoredError(error)) return;
  if (error instanceof ApiError && error.body.type !== 'programming') {
    openNoticeDialog({ message: error.body.message });
    return;
  }
  if (!hasMessage(error)) {
    openNoticeDialog();
    return;
  }
  openErrorReportDialog({ error, route: window.location.pathname });
}
