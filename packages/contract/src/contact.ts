import { z } from 'zod';
import { contactLimits, validateContact } from '@verzendhuis/domain/contacts-texts';

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

/** A text as stored: trimmed, empty becomes null. Lengths are refused loosely here, exactly by the domain rule. */
const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .nullable()
    .optional()
    .transform((value) => (value === null || value === undefined || value.trim() === '' ? null : value.trim()));
/** Left out is empty, so the domain rule names it in Dutch ("Naam is verplicht."). */
const requiredText = (max: number) => z.string().max(max * 4).default('').transform((value) => value.trim());

/** The fields of a contact, checked by the domain rule (account spec §5) with its Dutch texts at the fields. */
const contactFields = {
  name: requiredText(contactLimits.nameMax),
  company_name: text(contactLimits.textMax),
  country: z.string().max(8).default('').transform((value) => value.trim().toUpperCase()),
  state_province_code: text(8),
  zipcode: requiredText(contactLimits.zipcodeMax),
  housenumber: text(contactLimits.housenumberMax),
  address_1: requiredText(contactLimits.textMax),
  address_2: text(contactLimits.textMax),
  city: text(contactLimits.textMax),
  email: text(contactLimits.emailMax),
  phone: text(contactLimits.phoneMax),
};

function checked<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((contact, ctx) => {
    const fields = validateContact(contact as unknown as Parameters<typeof validateContact>[0]);
    for (const [field, messages] of Object.entries(fields)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

/** Body of POST contacts: the contact's fields. */
export const contactInputSchema = checked(z.object(contactFields).strict());
export type ContactInput = z.input<typeof contactInputSchema>;

/** Body of PATCH contacts: the contact whole, with its id (docs/address-book.md). */
export const contactPatchSchema = checked(z.object({ id: z.uuid(), ...contactFields }).strict());
export type ContactPatch = z.input<typeof contactPatchSchema>;

/** Body of DELETE contacts: the ids to remove; ids of no contact of the organisation are skipped. */
export const contactDeleteSchema = z.object({ ids: z.array(z.uuid()).min(1).max(contactLimits.deleteMax) }).strict();
export type ContactDelete = z.infer<typeof contactDeleteSchema>;

export const contactResponseSchema = z.object({ status: z.literal('success'), data: contactSchema });
export const contactDeleteResponseSchema = z.object({ status: z.literal('success'), deleted: z.number().int() });
