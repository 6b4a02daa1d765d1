/**
 * What a print job sends to the printer (docs/printing.md, "ZPL of PDF"): the one place
 * this is decided. Raw ZPL only when every label file of the job is ZPL (a carrier gave
 * ZPL) and the client's label printer is a ZPL printer; else the PDF sheet of label/pdf.
 * Today no carrier gives ZPL (the Testvervoerder draws PDF), so jobs are PDF.
 */
export type PrinterKind = 'zpl' | 'pdf';
export type LabelFileKind = 'zpl' | 'pdf';

export function printContentFormat(labelFiles: readonly LabelFileKind[], printerKind: PrinterKind | null): 'pdf' | 'zpl' {
  return printerKind === 'zpl' && labelFiles.length > 0 && labelFiles.every((kind) => kind === 'zpl') ? 'zpl' : 'pdf';
}
