import { pdfBytes, type DocumentResponse } from '@verzendhuis/contract/documents';
import { saveFile } from '../labels/save-file';

/** Hands a generated document (base64 PDF) to the browser as a download. */
export function downloadDocument(response: DocumentResponse): void {
  const blob = new Blob([pdfBytes(response.data.pdf)], { type: 'application/pdf' });
  saveFile(blob, response.data.filename);
}
