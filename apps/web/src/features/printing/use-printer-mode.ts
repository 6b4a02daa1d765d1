import { useLabelSettings } from '../labels/label-settings-store';
import { useLocalPrintClientState } from './use-print-client';

/**
 * The print buttons in printer mode (orders spec §2.5, §2.8): enabled only while the local
 * print client is ready. The client is asked only in printer mode (download mode needs it
 * not), by one shared query for every print control on screen.
 */
export function usePrinterMode(): { printer: boolean; ready: boolean; blocked: boolean; printerName: string | null } {
  const { mode } = useLabelSettings();
  const printer = mode === 'printer';
  const { state, ready } = useLocalPrintClientState({ enabled: printer });
  return {
    printer,
    ready: printer && ready,
    blocked: printer && !ready,
    printerName: state.printers.find((p) => p.selected)?.name ?? null,
  };
}
