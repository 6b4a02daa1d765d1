import { useCallback, useState } from 'react';
import { ApiError, NetworkError, type ApiClient } from '@verzendhuis/contract/client';
import type { DocumentResponse } from '@verzendhuis/contract/documents';
import { documentTexts as texts } from '@verzendhuis/domain/labels-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { downloadDocument } from './download-pdf';

export type PackingSlipTarget = { orderIds: readonly string[] } | { labelIds: readonly string[] };

/**
 * One document call, downloaded as a PDF: `request` gives the call for a target (null:
 * nothing to make), `done` the toast on success, `failed` the spec's text (§8) when it
 * fails without a reason of the server's own.
 */
function useDocumentDownload<T>(
  request: (client: ApiClient, target: T) => (() => Promise<DocumentResponse>) | null,
  { done, failed }: { done?: string; failed: string },
) {
  const client = useApiClient();
  const [generating, setGenerating] = useState(false);
  const generate = useCallback(
    async (target: T): Promise<boolean> => {
      const call = request(client, target);
      if (!call) return false;
      setGenerating(true);
      try {
        downloadDocument(await call());
        if (done) showSuccessToast(done);
        return true;
      } catch (error) {
        reportDocumentError(error, failed);
        return false;
      } finally {
        setGenerating(false);
      }
    },
    [client, request, done, failed],
  );
  return { generate, generating };
}

function packingSlipsRequest(client: ApiClient, target: PackingSlipTarget) {
  const body = 'orderIds' in target ? { order_ids: [...target.orderIds] } : { label_ids: [...target.labelIds] };
  const count = body.order_ids?.length ?? body.label_ids?.length ?? 0;
  return count === 0 ? null : () => client.documents.packingSlips(body);
}

const exportDocumentRequest = (client: ApiClient, labelId: string) => () => client.documents.exportDocument(labelId);

/**
 * POST order/packingslipdoc for the given orders or labels, downloaded as a PDF.
 * "Pakbonnen gegenereerd" on success; the spec's text (§8) when it fails, with the
 * server's own Dutch reason (e.g. "Order niet gevonden.") when it gave one.
 */
export function usePackingSlips() {
  return useDocumentDownload(packingSlipsRequest, { done: texts.packingSlipsDone, failed: texts.packingSlipsFailed });
}

/** GET label/{id}/exportdoc, downloaded as a PDF; a refusal shows its reasons. */
export function useExportDocument() {
  return useDocumentDownload(exportDocumentRequest, { failed: texts.exportFailed });
}

/** The Dutch reasons of a refused document, one per line (message, then each item problem). */
export function refusalText(error: ApiError): string {
  const reasons = error.body.errors.map((entry) => entry.message).filter((message) => message !== error.body.message);
  return [error.body.message, ...reasons].join('\n');
}

function reportDocumentError(error: unknown, failedText: string): void {
  if (error instanceof ApiError && error.body.type !== 'programming' && error.status !== 401) {
    showErrorToast(refusalText(error));
    return;
  }
  if (error instanceof ApiError && error.status === 401) return;
  if (error instanceof ApiError || error instanceof NetworkError) {
    // A server fault or a network failure: the spec's general text for this document.
    showErrorToast(failedText);
    if (error instanceof ApiError) console.error('Document generation failed', error);
    return;
  }
  handleUnexpectedError(error);
}
