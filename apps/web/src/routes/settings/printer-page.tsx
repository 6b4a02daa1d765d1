import { PrinterSettings } from '../../features/printing/printer-settings';

/** /settings/printer: the print client on this computer and the organisation's paired clients. */
export function PrinterPage() {
  return <PrinterSettings />;
}
