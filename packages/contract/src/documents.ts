import { z } from 'zod';
import { packingSlipRequestTexts } from '@verzendhuis/domain/orders-texts';

/**
 * POST order/packingslipdoc (orders spec §7): packing slips for orders, or for the
 * orders of labels. Exactly one of the two lists.
 */
export const packingSlipBodySchema = z
  .object({
    order_ids: z.array(z.uuid()).min(1).max(500).optional(),
    label_ids: z.array(z.uuid()).min(1).max(500).optional(),
  })
  .refine((body) => (body.order_ids === undefined) !== (body.label_ids === undefined), {
    error: packingSlipRequestTexts.ordersOrLabels,
    path: ['order_ids'],
  });
export type PackingSlipBody = z.input<typeof packingSlipBodySchema>;

/** A generated document: the PDF as base64 and a file name for the download. */
export const documentResponseSchema = z.object({
  data: z.object({
    pdf: z.string(),
    filename: z.string(),
  }),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

/** Decodes a document's base64 PDF to bytes (browser and Node both have atob). */
export function pdfBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
