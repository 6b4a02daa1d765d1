import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { printControlsTexts as texts } from '@verzendhuis/domain/labels-texts';
import { NetworkError } from '@verzendhuis/contract/client';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { showErrorToast, showWarningToast } from '../../ui/toasts';
import { effectiveMode, pdfPositions } from './label-settings';
import { labelSettingsStore } from './label-settings-store';
import { saveFile } from './save-file';

export const labelsPdfFilename = 'labels.pdf';

/**
 * Prints labels with the current label settings: POST label/pdf in the chosen format
 * (and start position on A4), downloaded as labels.pdf. The printer mode has no print
 * client yet, so it downloads too and says so. Afterwards the start position is back
 * at 1. Resolves to true when the file was handed to the browser.
 */
export function usePrintLabels() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [printing, setPrinting] = useState(false);

  const print = useCallback(
    async (labelIds: readonly string[], options: { sort?: string } = {}): Promise<boolean> => {
      if (labelIds.length === 0) return false;
      const settings = labelSettingsStore.get();
      setPrinting(true);
      try {
        const blob = await client.labels.pdf(
          { label_ids: [...labelIds], format: settings.format, positions: pdfPositions(settings.format, settings.position) },
          options.sort ? { sort: options.sort } : {},
        );
        saveFile(blob, labelsPdfFilename);
        labelSettingsStore.used();
        if (settings.mode === 'printer' && effectiveMode(settings, false) === 'pdf') showWarningToast(texts.printerFallback);
        void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
        return true;
      } catch (error) {
        if (error instanceof NetworkError) showErrorToast(texts.pdfFailed);
        else handleUnexpectedError(error);
        return false;
      } finally {
        setPrinting(false);
      }
    },
    [client, queryClient],
  );

  return { print, printing };
}
