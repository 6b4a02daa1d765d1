import { z } from 'zod';

export const shopSchema = z.object({
  id: z.uuid(),
  service_class: z.string(),
  is_active: z.boolean(),
  label: z.string(),
  meta: z.object({ class: z.string(), name: z.string(), is_internal: z.boolean(), images: z.object({ mark: z.string() }) }),
});
export type Shop = z.infer<typeof shopSchema>;
