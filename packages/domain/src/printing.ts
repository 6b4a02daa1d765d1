/**
 * What a print job sends to the printer (docs/printing.md, "ZPL of PDF"): the one place
 * this is decided. Raw ZPL only when every label file of the job is ZPL (a carrier gave
 * ZPL) and the client's label printer is a ZPL printer; else the PDF sheet of label/pdf.
 */
export type PrinterKind = 'zpl' | 'pdf';
export type LabelFileKind = 'zpl' | 'pdf';

export function printContentFormat(labelFiles: readonly LabelFileKind[], printerKind: PrinterKind | null): 'pdf' | 'zpl' {
  return printerKind === 'zpl' && labelFiles.length > 0 && labelFiles.every((kind) => kind === 'zpl') ? 'zpl' : 'pdf';
}

/**
 * The label file a new label asks its carrier for (docs/printing.md, "ZPL"): ZPL beside the
 * PDF when any of the organisation's paired print clients has a ZPL printer as its label
 * printer; else only the PDF. The PDF is always kept (label page, label/pdf, A4 sheets).
 */
export function wantedLabelFormat(clients: readonly { printers: readonly { name: string; kind: PrinterKind }[]; selectedPrinter: string | null }[]): LabelFileKind {
  return clients.some((client) => client.printers.some((printer) => printer.name === client.selectedPrinter && printer.kind === 'zpl')) ? 'zpl' : 'pdf';
}
