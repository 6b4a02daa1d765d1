import { useCallback, useState } from 'react';
import { ApiError, NetworkError } from '@verzendhuis/contract/client';
import { documentTexts as texts } from '@verzendhuis/domain/labels-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { downloadDocument } from './download-pdf';

export type PackingSlipTarget = { orderIds: readonly string[] } | { labelIds: readonly string[] };

/**
 * POST order/packingslipdoc for the given orders or labels, downloaded as a PDF.
 * "Pakbonnen gegenereerd" on success; the spec's text (§8) when it fails, with the
 * server's own Dutch reason (e.g. "Order niet gevonden.") when it gave one.
 */
export function usePackingSlips() {
  const client = useApiClient();
  const [generating, setGenerating] = useState(false);
  const generate = useCallback(
    async (target: PackingSlipTarget): Promise<boolean> => {
      const body = 'orderIds' in target ? { order_ids: [...target.orderIds] } : { label_ids: [...target.labelIds] };
      const count = body.order_ids?.length ?? body.label_ids?.length ?? 0;
      if (count === 0) return false;
      setGenerating(true);
      try {
        downloadDocument(await client.documents.packingSlips(body));
        showSuccessToast(texts.packingSlipsDone);
        return true;
      } catch (error) {
        reportDocumentError(error, texts.packingSlipsFailed);
        return false;
      } finally {
        setGenerating(false);
      }
    },
    [client],
  );
  return { generate, generating };
}

/** GET label/{id}/exportdoc, downloaded as a PDF; a refusal shows its reasons. */
export function useExportDocument() {
  const client = useApiClient();
  const [generating, setGenerating] = useState(false);
  const generate = useCallback(
    async (labelId: string): Promise<boolean> => {
      setGenerating(true);
      try {
        downloadDocument(await client.documents.exportDocument(labelId));
        return true;
      } catch (error) {
        reportDocumentError(error, texts.exportFailed);
        return false;
      } finally {
        setGenerating(false);
      }
    },
    [client],
  );
  return { generate, generating };
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
