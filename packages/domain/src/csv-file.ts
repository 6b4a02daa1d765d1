import Papa from 'papaparse';

/**
 * Reading a CSV file as the shops and Excel write it (docs/import.md, "Het bestand"):
 * the encoding (UTF-8 with or without byte-order mark, UTF-16 as Excel's "Unicode
 * text", else Windows-1252 as Dutch Excel writes "CSV"), the separator (`,` `;` or tab,
 * from the header line), quoted fields with separators, quotes and newlines, CRLF.
 * Pure: the server and the page's preview read a file the same way.
 */

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'windows-1252';
export type CsvSeparator = ',' | ';' | '\t';

export interface CsvTable {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  headers: string[];
  /** The data rows, each as long as it was written; rows[0] is line 2 of the file. */
  rows: string[][];
}

export type CsvReadFailure = 'empty' | 'not_csv';

export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: what Dutch Excel writes when it saves "CSV (gescheiden door lijstscheidingsteken)".
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Files that are surely no text: a spreadsheet (zip), a PDF, anything with NUL bytes at its start. */
export function looksBinary(bytes: Uint8Array): boolean {
  const start = bytes.subarray(0, 4096);
  if (start[0] === 0xff && start[1] === 0xfe) return false;
  if (start[0] === 0x50 && start[1] === 0x4b && start[2] === 0x03 && start[3] === 0x04) return true;
  if (start[0] === 0x25 && start[1] === 0x50 && start[2] === 0x44 && start[3] === 0x46) return true;
  return start.includes(0);
}

/** The separator of the header line: the most frequent of `;` `,` and tab outside quotes (a single-column file: `,`). */
export function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c] += 1;
  }
  const best = (Object.keys(counts) as CsvSeparator[]).sort((a, b) => counts[b] - counts[a])[0] ?? ',';
  return counts[best] > 0 ? best : ',';
}

/** Reads a file's bytes into its header and rows; an empty file or one that is no text is a failure. */
export function readCsv(bytes: Uint8Array): CsvTable | { failure: CsvReadFailure } {
  if (bytes.length === 0) return { failure: 'empty' };
  if (looksBinary(bytes)) return { failure: 'not_csv' };
  const { text, encoding } = decodeCsv(bytes);
  return parseCsvText(text, encoding);
}

export function parseCsvText(text: string, encoding: CsvEncoding = 'utf-8'): CsvTable | { failure: CsvReadFailure } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { failure: 'empty' };
  const separator = detectSeparator(body);
  const parsed = Papa.parse<string[]>(body, { delimiter: separator, skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header || header.length === 0) return { failure: 'empty' };
  const headers = header.map((h) => h.trim());
  // One column and nothing that looks like a header of ours: a text file, not a table.
  if (headers.length === 1 && rows.length > 0 && rows.every((r) => r.length <= 1) && !/^[\p{L} ()#_-]{1,40}$/u.test(headers[0] ?? '')) return { failure: 'not_csv' };
  return { encoding, separator, headers, rows };
}

/** Writes rows as a CSV text (the template; `;` and CRLF as Dutch Excel reads it), quoting where needed. */
export function writeCsv(rows: readonly (readonly string[])[], separator: CsvSeparator = ';'): string {
  const quote = (value: string) => (/[";,\t\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => row.map(quote).join(separator)).join('\r\n') + '\r\n';
}
