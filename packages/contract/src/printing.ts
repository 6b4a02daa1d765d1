import { z } from 'zod';
import { labelPdfBodySchema } from './label';

/**
 * Printing (issue 13; account spec §3 "Printer client", §7; orders spec §7 label/print):
 * the print clients an organisation paired, the pairing code, print jobs, and the local
 * print client's own HTTP API on 127.0.0.1 (which the web app calls directly).
 */

export const printerKinds = ['zpl', 'pdf'] as const;
export const printerKindSchema = z.enum(printerKinds);
export type PrinterKind = z.infer<typeof printerKindSchema>;

/** A printer of a print client, with the selected flag (account spec §3). */
export const printerSchema = z.object({
  name: z.string(),
  kind: printerKindSchema,
  selected: z.boolean(),
});
export type Printer = z.infer<typeof printerSchema>;

/** GET printer-client/: one paired print client of the organisation. */
export const printerClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  connected: z.boolean(),
  /** ISO time of the last message or connection; null before the first. */
  last_seen_at: z.string().nullable(),
  printers: z.array(printerSchema),
});
export type PrinterClient = z.infer<typeof printerClientSchema>;

export const printerClientNameMaxLength = 100;

/** PATCH printer-client/{id}. */
export const printerClientPatchBodySchema = z.object({
  name: z.string().trim().min(1).max(printerClientNameMaxLength),
});
export type PrinterClientPatchBody = z.infer<typeof printerClientPatchBodySchema>;

/** POST printer-client/pair: a one-time code (8 characters, no 0/O/1/I), valid 10 minutes. */
export const pairingCodeSchema = z.object({
  code: z.string(),
  expires_at: z.string(),
});
export type PairingCode = z.infer<typeof pairingCodeSchema>;

/** POST printer-client/claim (the local client, no user token): the code is the proof. */
export const printerClientClaimBodySchema = z.object({
  code: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(printerClientNameMaxLength),
});
export type PrinterClientClaimBody = z.infer<typeof printerClientClaimBodySchema>;

export const printerClientClaimSchema = z.object({
  printer_client_id: z.uuid(),
  credential: z.string(),
});

/** POST label/print?sort=: what label/pdf would render, sent to a print client's selected printer. */
export const labelPrintBodySchema = labelPdfBodySchema.extend({
  printer_client_id: z.uuid(),
});
export type LabelPrintBody = z.input<typeof labelPrintBodySchema>;

export const printJobStatuses = ['queued', 'sent', 'printed', 'failed'] as const;
export const printJobStatusSchema = z.enum(printJobStatuses);
export type PrintJobStatus = z.infer<typeof printJobStatusSchema>;

/** label/print's answer: sent (the client is online) or queued (delivered when it reconnects). */
export const labelPrintResultSchema = z.object({
  print_job_id: z.uuid(),
  status: z.enum(['sent', 'queued']),
});

/** GET print-job/{id}. */
export const printJobSchema = z.object({
  id: z.uuid(),
  status: printJobStatusSchema,
  /** Why it failed (the client's words), else null. */
  message: z.string().nullable(),
  printer_client_id: z.uuid(),
  label_ids: z.array(z.uuid()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

// The local print client's HTTP API (account spec §7), on 127.0.0.1 (default port 41414).

export const defaultPrintClientPort = 41414;
export const defaultPrintClientUrl = `http://127.0.0.1:${defaultPrintClientPort}`;

export const localServerUrlSchema = z.object({ url: z.string().nullable() });
export const localConnectedSchema = z.object({ connected: z.boolean() });
export const localPrinterClientIdSchema = z.object({ printer_client_id: z.string().nullable() });
export const localPrintersSchema = z.object({ printers: z.array(printerSchema) });
/** The local client's error answer: a status and a Dutch message. */
export const localErrorSchema = z.object({ status: z.number().int(), message: z.string() });
