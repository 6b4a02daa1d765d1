import { z } from 'zod';

export const ticketSchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  is_replied: z.boolean(),
  subject: z.string(),
  label: z.object({ id: z.uuid().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
  status: z.enum(['open', 'closed']).optional(),
  is_replied: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
