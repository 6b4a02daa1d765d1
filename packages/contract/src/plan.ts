import { z } from 'zod';
import { planValidationTexts } from '@verzendhuis/domain/plans';
import { organisationSchema } from './user';

/**
 * The renewal of a running subscription (ours, docs/plans.md "Renewals"): charged for
 * everything before `paid_through` (an ISO date, exclusive); on that day the next month
 * (or year) is charged for `amount` (excl. VAT, "29.00").
 */
export const renewalSchema = z.object({ paid_through: z.string(), amount: z.string() });
export type Renewal = z.infer<typeof renewalSchema>;

/** GET plan/: a plan on offer (account spec §7; prices are ours, docs/plans.md). */
export const planOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_trial: z.boolean(),
  quota: z.object({ labels: z.number().int().nullable() }),
  /** Per month, excluding VAT, as "29.00". */
  monthly_price: z.string(),
  is_current: z.boolean(),
  /** The current plan's renewal when it is paid; null otherwise. */
  renewal: renewalSchema.nullable(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;
export const planListResponseSchema = z.object({ data: z.array(planOfferSchema) });

/** POST user/organisation/plan. */
export const planChangeBodySchema = z.object({
  plan_id: z.string({ error: planValidationTexts.planUnknown }).trim().min(1, planValidationTexts.planUnknown).max(50, planValidationTexts.planUnknown),
});
export type PlanChangeBody = z.input<typeof planChangeBodySchema>;

export const addonCodeSchema = z.enum(['ANALYTICS', 'ORDER_ITEM_SCAN']);

/** GET addons: the catalogue, each with this organisation's subscription. */
export const addonOfferSchema = z.object({
  id: addonCodeSchema,
  code: addonCodeSchema,
  name: z.string(),
  description: z.string(),
  monthly_price: z.string(),
  yearly_price: z.string(),
  is_active: z.boolean(),
  /** The subscription while it is active; `to` set when it was disabled and ends then. */
  subscription: z.object({ period: z.enum(['month', 'year']), to: z.string().nullable() }).nullable(),
  /** The next renewal while it is active and not disabled; null otherwise. */
  renewal: renewalSchema.nullable(),
});
export type AddonOffer = z.infer<typeof addonOfferSchema>;
export const addonListResponseSchema = z.object({ data: z.array(addonOfferSchema) });

const addonIdSchema = z.string({ error: planValidationTexts.addonUnknown }).trim().min(1, planValidationTexts.addonUnknown).max(50, planValidationTexts.addonUnknown);

/** POST user/organisation/add-on/enable. */
export const addonEnableBodySchema = z.object({
  addon_id: addonIdSchema,
  subscription_period: z.enum(['month', 'year'], { error: planValidationTexts.periodInvalid }),
});
export type AddonEnableBody = z.input<typeof addonEnableBodySchema>;

/** POST user/organisation/add-on/disable. */
export const addonDisableBodySchema = z.object({ addon_id: addonIdSchema });
export type AddonDisableBody = z.input<typeof addonDisableBodySchema>;

/** The answer of a plan or add-on change: the organisation as it is now. */
export const planChangeResponseSchema = z.object({ status: z.literal('success'), data: organisationSchema });
