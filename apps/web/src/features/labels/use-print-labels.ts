import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { printControlsTexts as texts } from '@verzendhuis/domain/labels-texts';
import { printingWebTexts } from '@verzendhuis/domain/printing-web-texts';
import { NetworkError } from '@verzendhuis/contract/client';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { showErrorToast, showWarningToast } from '../../ui/toasts';
import { isPrintClientReady } from '../printing/local-print-client';
import { useLocalPrintClient } from '../printing/local-print-client-context';
import { usePrintJobFollower } from '../printing/use-print-job';
import { effectiveMode, pdfPositions } from './label-settings';
import { labelSettingsStore } from './label-settings-store';
import { saveFile } from './save-file';

export const labelsPdfFilename = 'labels.pdf';

/**
 * Prints labels with the current label settings, in the chosen format (and start position
 * on A4). Download mode: POST label/pdf, downloaded as labels.pdf. Printer mode with a
 * ready print client (connected, with a selected printer): POST label/print to it, and
 * the job's outcome is followed (toasts). Printer mode without a ready client (labels just
 * made by the creation flow; the print buttons themselves are disabled then): the PDF is
 * downloaded and a warning says so. `{mode: 'pdf'}` always downloads (the row action
 * "PDF downloaden"). Afterwards the start position is back at 1. Resolves to true when
 * the labels were handed to the browser or to the printer.
 */
export function usePrintLabels() {
  const client = useApiClient();
  const local = useLocalPrintClient();
  const queryClient = useQueryClient();
  const follow = usePrintJobFollower();
  const [printing, setPrinting] = useState(false);

  const print = useCallback(
    async (labelIds: readonly string[], options: { sort?: string; mode?: 'pdf' } = {}): Promise<boolean> => {
      if (labelIds.length === 0) return false;
      const settings = labelSettingsStore.get();
      const body = { label_ids: [...labelIds], format: settings.format, positions: pdfPositions(settings.format, settings.position) };
      const query = options.sort ? { sort: options.sort } : {};
      setPrinting(true);
      try {
        if (settings.mode === 'printer' && options.mode !== 'pdf') {
          const state = await local.state();
          if (effectiveMode(settings, isPrintClientReady(state)) === 'printer' && state.printerClientId !== null) {
            const { data } = await client.printing.print({ ...body, printer_client_id: state.printerClientId }, query);
            labelSettingsStore.used();
            follow(data.print_job_id, data.status, labelIds.length);
            return true;
          }
        }
        const blob = await client.labels.pdf(body, query);
        saveFile(blob, labelsPdfFilename);
        labelSettingsStore.used();
        if (settings.mode === 'printer' && options.mode !== 'pdf') showWarningToast(texts.printerFallback);
        void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
        return true;
      } catch (error) {
        if (error instanceof NetworkError) showErrorToast(settings.mode === 'printer' && options.mode !== 'pdf' ? printingWebTexts.printFailed : texts.pdfFailed);
        else handleUnexpectedError(error);
        return false;
      } finally {
        setPrinting(false);
      }
    },
    [client, local, queryClient, follow],
  );

  return { print, printing };
}
