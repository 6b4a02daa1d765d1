import { z } from 'zod';

export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  company_name: z.string().nullable(),
  country: z.string(),
  state_province_code: z.string().nullable(),
  zipcode: z.string(),
  housenumber: z.string().nullable(),
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;
