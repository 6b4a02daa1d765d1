/**
 * Printing (issue 13; account spec §2 /settings/printer, §3, §7; orders spec §7 label/print):
 * the print server's Dutch texts and error codes. The choices where the spec is silent are
 * in docs/printing.md.
 */

/** The print server's error codes (composed into `errorMessages` by messages.ts). */
export const printingErrorMessages = {
  pairing_code_invalid: 'Deze koppelcode is onjuist, verlopen of al gebruikt. Vraag in Verzendhuis onder Instellingen > Printer een nieuwe code aan.',
  printer_client_not_found: 'Deze printerclient is niet (meer) gekoppeld aan je account.',
  printer_client_unauthorized: 'Deze printerclient is niet (meer) gekoppeld. Koppel hem opnieuw via Instellingen > Printer.',
  print_job_not_found: 'Deze printopdracht bestaat niet.',
} as const;

/** What the print server itself says to a user or a print client. */
export const printingTexts = {
  /** The title of every job (the name in the printer's queue). */
  jobTitle: 'Verzendhuis labels',
  /** The name of a client that gave none when it was paired. */
  defaultClientName: 'Printerclient',
  /** A job's message when the client says it failed without a reason. */
  failedWithoutReason: 'Het afdrukken is mislukt.',
  /** The close reason of a socket whose client was unpaired. */
  unpaired: 'Ontkoppeld',
  /** The close reason of a message the server cannot read. */
  invalidMessage: 'Ongeldig bericht',
} as const;

/** How long a pairing code stays valid, and its length and alphabet (no 0/O/1/I). */
export const pairingCodeMinutes = 10;
export const pairingCodeLength = 8;
export const pairingCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Reads a code as a user may type it: case and spaces or dashes do not matter. */
export function normalisePairingCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}
