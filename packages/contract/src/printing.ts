import { z } from 'zod';
import { labelPdfBodySchema, labelPdfQuerySchema } from './label';

/**
 * Printing (issue 13, docs/printing.md): pairing a local print client, the organisation's
 * clients, label/print and its print jobs, and the messages of the print server's websocket
 * (`GET /api/print-server`, `Authorization: PrintClient <credential>`).
 */

export const printerKinds = ['zpl', 'pdf'] as const;
export const printJobStatuses = ['queued', 'sent', 'printed', 'failed'] as const;

/** POST printer-client/pair (user token): a one-time code for the local client, valid 10 minutes. */
export const printerClientPairResponseSchema = z.object({
  data: z.object({ code: z.string(), expires_at: z.string() }),
});

/** POST printer-client/claim (no user token: the code is the proof), sent by the local client. */
export const printerClientClaimBodySchema = z.object({
  code: z.string().trim().min(1).max(32),
  name: z.string().trim().max(100).optional(),
});
export type PrinterClientClaimBody = z.input<typeof printerClientClaimBodySchema>;
export const printerClientClaimResponseSchema = z.object({
  data: z.object({ printer_client_id: z.uuid(), credential: z.string() }),
});

export const printerSchema = z.object({ name: z.string(), kind: z.enum(printerKinds), selected: z.boolean() });
export type Printer = z.infer<typeof printerSchema>;

/** A paired client: connected while its socket is open on a live server process. */
export const printerClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  connected: z.boolean(),
  last_seen_at: z.string().nullable(),
  printers: z.array(printerSchema),
});
export type PrinterClient = z.infer<typeof printerClientSchema>;
export const printerClientListResponseSchema = z.object({ data: z.array(printerClientSchema) });
export const printerClientResponseSchema = z.object({ status: z.literal('success'), data: printerClientSchema });

export const printerClientPatchBodySchema = z.object({ name: z.string().trim().min(1).max(100) });
export type PrinterClientPatchBody = z.input<typeof printerClientPatchBodySchema>;

/** POST label/print?sort=: label/pdf's body and query, sent to a paired client's label printer. */
export const labelPrintBodySchema = labelPdfBodySchema.extend({ printer_client_id: z.uuid() });
export type LabelPrintBody = z.input<typeof labelPrintBodySchema>;
export const labelPrintQuerySchema = labelPdfQuerySchema;
export const labelPrintResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ print_job_id: z.uuid(), status: z.enum(['sent', 'queued']) }),
});

export const printJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(printJobStatuses),
  message: z.string().nullable(),
  printer_client_id: z.uuid(),
  label_ids: z.array(z.uuid()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;
export const printJobResponseSchema = z.object({ data: printJobSchema });

/** The websocket's messages, client to server. */
const announcedPrinterSchema = z.object({ name: z.string().min(1).max(200), kind: z.enum(printerKinds) });
export const printClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.string().max(20),
    name: z.string().max(100).optional(),
    printers: z.array(announcedPrinterSchema).max(100),
    selected: z.string().max(200).nullable(),
  }),
  z.object({ type: z.literal('printers'), printers: z.array(announcedPrinterSchema).max(100), selected: z.string().max(200).nullable() }),
  z.object({
    type: z.literal('job-result'),
    job_id: z.uuid(),
    status: z.enum(['printed', 'failed']),
    message: z.string().max(1000).optional(),
  }),
]);
export type PrintClientMessage = z.infer<typeof printClientMessageSchema>;

/** The websocket's messages, server to client. */
export type PrintServerMessage =
  | { type: 'welcome'; printer_client_id: string; organisation: string }
  | { type: 'job'; job_id: string; format: 'pdf' | 'zpl'; content_base64: string; title: string };

/** The websocket close code of a wrong or revoked credential (or an unpaired client). */
export const printServerUnauthorizedClose = 4401;

/**
 * The local print client's HTTP API (account spec §7) on 127.0.0.1, which the web app
 * calls directly: GET serverurl, connected, printerclientid, printers; POST
 * setlabelprinter, disconnect, serverurl, connect. Errors: {status, message} in Dutch.
 */
export const defaultPrintClientPort = 41414;
export const defaultPrintClientUrl = `http://127.0.0.1:${defaultPrintClientPort}`;

export const localServerUrlSchema = z.object({ url: z.string().nullable() });
export const localConnectedSchema = z.object({ connected: z.boolean() });
export const localPrinterClientIdSchema = z.object({ printer_client_id: z.string().nullable() });
export const localPrintersSchema = z.object({ printers: z.array(printerSchema) });
export const localErrorSchema = z.object({ status: z.number().int(), message: z.string() });
