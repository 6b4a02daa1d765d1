import { z } from 'zod';
import { normaliseOrganisationUpdate, organisationLimits, validateOrganisationUpdate } from '@verzendhuis/domain/organisation';
import { trackingSettingsPatchSchema } from './tracking-mail';

export const statusInfoSchema = z.object({
  type: z.string(),
  field: z.string().nullable(),
  message: z.string(),
  status: z.enum(['error', 'warning', 'info', 'success']),
});

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  capabilities: z.object({ trial: z.boolean() }),
  quota: z.object({ labels: z.number().int().nullable() }),
  subscription: z.object({ to: z.string().nullable() }),
});

export const addonSchema = z.object({
  code: z.enum(['ANALYTICS', 'ORDER_ITEM_SCAN']),
  subscription: z.object({ period: z.string().nullable(), to: z.string().nullable() }),
  meta: z.record(z.string(), z.unknown()),
});

export const companySchema = z.object({
  characteristics: z.string().nullable(),
  eori_number: z.string().nullable(),
  eori_number_gb: z.string().nullable(),
  vat_number: z.string().nullable(),
  hmrc_code: z.string().nullable(),
  national_phone: z.string().nullable(),
});

/** The organisation's address, the sender of its labels (null until it is filled in). */
export const organisationAddressSchema = z.object({
  company_name: z.string(),
  address_1: z.string(),
  housenumber: z.string().nullable(),
  housenumber_addition: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string(),
  country: z.string(),
});
export type OrganisationAddress = z.infer<typeof organisationAddressSchema>;

/**
 * The organisation's shipping rules as GET user gives them: enough for the dashboard's
 * "errors in shipping rules" notice (an active rule with errors); the rules themselves
 * are GET shipment-logic/ (shipment-logic.ts).
 */
export const shipmentLogicSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_active: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const organisationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['incomplete', 'error']).nullable(),
  status_info: z.array(statusInfoSchema),
  shipment_logic: z.array(shipmentLogicSummarySchema),
  is_active: z.boolean(),
  can_create_labels: z.boolean(),
  account_manager_action_required: z.boolean(),
  plan: planSchema.nullable(),
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
  /** status as the spec has it; mandate_error: setting up the mandate failed (docs/billing.md). */
  payment: z.object({ status: z.enum(['validating', 'ready']).nullable(), mandate_error: z.boolean().optional() }),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  address: organisationAddressSchema.nullable(),
  company_logo_url: z.string().nullable(),
  company: companySchema,
  created_at: z.string(),
  tracking: z.object({ mail_settings: z.record(z.string(), z.unknown()) }),
  active_addons: z.array(addonSchema),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  intercom_hash: z.string().nullable(),
  is_first_login: z.boolean(),
  /** Verzendhuis support (role operator): the app shows the inbox of every organisation's tickets. */
  is_operator: z.boolean(),
  organisation: organisationSchema,
});
export type User = z.infer<typeof userSchema>;

const optionalText = (max: number) => z.string().trim().max(max * 4).nullable().optional();

/**
 * Body of PATCH user/organisation. Lengths are checked loosely first (to refuse absurd
 * input early), then exactly by the domain rule, which has the Dutch texts, on the
 * update as it is stored: the server and the forms check with this one schema.
 */
export const organisationPatchSchema = z
  .object({
    name: z.string().max(organisationLimits.nameMax * 4).optional(),
    /** The whole address at once: every field is checked together (a partial address is refused). */
    address: z
      .object({
        company_name: optionalText(organisationLimits.companyNameMax),
        address_1: optionalText(organisationLimits.address1Max),
        housenumber: optionalText(organisationLimits.housenumberMax),
        housenumber_addition: optionalText(organisationLimits.housenumberAdditionMax),
        zipcode: optionalText(organisationLimits.zipcodeMax),
        city: optionalText(organisationLimits.cityMax),
        country: optionalText(2),
      })
      .strict()
      .optional(),
    contact: z
      .object({
        email: optionalText(organisationLimits.emailMax),
        phone: optionalText(organisationLimits.phoneMax),
      })
      .strict()
      .optional(),
    company_logo_url: z.string().trim().max(2000).nullable().optional(),
    company: z
      .object({
        characteristics: optionalText(40),
        eori_number: optionalText(17),
        eori_number_gb: optionalText(14),
        vat_number: optionalText(15),
        hmrc_code: optionalText(15),
        national_phone: optionalText(20),
      })
      .strict()
      .optional(),
    /**
     * The tracking e-mails' settings, as PATCH tracking takes them (the colour, per mail
     * enabled/subject/body): a strict schema, so what is stored is bounded (six mails of at
     * most 200 + 5000 characters), never free JSON returned in every GET user.
     */
    tracking: z.object({ mail_settings: trackingSettingsPatchSchema }).strict().optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    const fields = validateOrganisationUpdate({ update: normaliseOrganisationUpdate(patch) });
    for (const [field, messages] of Object.entries(fields)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    }
  });
export type OrganisationPatch = z.infer<typeof organisationPatchSchema>;

export const organisationPatchResponseSchema = z.object({
  status: z.literal('success'),
  data: organisationSchema,
  should_validate_orders: z.boolean(),
});
export type OrganisationPatchResponse = z.infer<typeof organisationPatchResponseSchema>;

/** Body of PUT user/organisation/logo: the image as base64 (PNG or JPEG, at most 1 MB; checked by its bytes). */
export const organisationLogoUploadSchema = z
  .object({
    file: z.object({ filename: z.string().max(255).optional(), base_64: z.string().max(1_500_000) }).strict(),
  })
  .strict();
export type OrganisationLogoUpload = z.infer<typeof organisationLogoUploadSchema>;

export const logoParamsSchema = z.object({ id: z.string().max(64) });
