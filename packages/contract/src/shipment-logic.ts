import { z } from 'zod';
import { countryCodes } from '@verzendhuis/domain/order';
import { compactPostcode, listOperators, numberOperators, textOperators, type RuleActions, type RuleCondition } from '@verzendhuis/domain/shipping-rules';
import { shipmentLogicRuleTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';
import { courierFieldsInputSchema } from './order';

/** The most rules an organisation keeps, and conditions a rule has (docs/shipping-rules.md). */
export const maxShipmentLogicRules = 100;
export const maxRuleConditions = 20;

const textList = z
  .array(z.string().trim().min(1, { error: texts.listRequired }).max(100))
  .min(1, { error: texts.listRequired })
  .max(200);
const amount = z.number({ error: texts.conditionNumber }).min(0, { error: texts.conditionNumber }).max(100_000_000, { error: texts.conditionNumber });
const postcodeEnd = z.string({ error: texts.conditionValueRequired }).trim().min(1, { error: texts.conditionValueRequired }).max(10);

export const ruleConditionSchema = z.discriminatedUnion('field', [
  z.object({
    field: z.literal('country'),
    operator: z.enum(listOperators),
    value: z.array(z.enum(countryCodes)).min(1, { error: texts.countriesRequired }).max(300),
  }),
  z.object({
    field: z.literal('postcode'),
    operator: z.literal('between'),
    value: z
      .object({ from: postcodeEnd, to: postcodeEnd })
      .refine((v) => compactPostcode(v.from) <= compactPostcode(v.to), { error: texts.postcodeRange, path: ['to'] }),
  }),
  z.object({ field: z.literal('weight'), operator: z.enum(numberOperators), value: amount }),
  z.object({ field: z.literal('order_total'), operator: z.enum(numberOperators), value: amount }),
  z.object({ field: z.literal('item_count'), operator: z.enum(numberOperators), value: amount }),
  z.object({ field: z.literal('sku'), operator: z.enum(listOperators), value: textList }),
  z.object({ field: z.literal('shop'), operator: z.enum(listOperators), value: z.array(z.uuid({ error: texts.listRequired })).min(1, { error: texts.listRequired }).max(100) }),
  z.object({
    field: z.literal('shop_shipping_method'),
    operator: z.enum(textOperators),
    value: z.string({ error: texts.conditionValueRequired }).trim().min(1, { error: texts.conditionValueRequired }).max(255),
  }),
]) satisfies z.ZodType<RuleCondition>;

/** What a rule sets; a key left out changes nothing. */
export const ruleActionsSchema = z.object({
  courier_id: z.uuid({ error: texts.courierRequired }).optional(),
  shipment_type: z.string({ error: texts.shipmentTypeRequired }).trim().min(1, { error: texts.shipmentTypeRequired }).max(64).optional(),
  courier_fields: courierFieldsInputSchema.optional(),
  package_count: z.number({ error: texts.packageCount }).int({ error: texts.packageCount }).min(1, { error: texts.packageCount }).max(50, { error: texts.packageCount }).optional(),
  /** Grams, for every package. */
  weight: z.number({ error: texts.packageWeight }).int({ error: texts.packageWeight }).min(1, { error: texts.packageWeight }).max(1_000_000, { error: texts.packageWeight }).optional(),
  ignore: z.boolean().optional(),
}) satisfies z.ZodType<RuleActions>;

const ruleFields = {
  name: z.string({ error: texts.nameRequired }).trim().min(1, { error: texts.nameRequired }).max(100, { error: texts.nameTooLong }),
  is_active: z.boolean(),
  match: z.enum(['all', 'any']),
  conditions: z.array(ruleConditionSchema).max(maxRuleConditions, { error: texts.tooManyConditions }),
  actions: ruleActionsSchema,
  continue: z.boolean(),
};

/** POST shipment-logic/: a new rule, placed last. */
export const shipmentLogicRuleInputSchema = z.object({
  ...ruleFields,
  is_active: ruleFields.is_active.default(true),
  match: ruleFields.match.default('all'),
  conditions: ruleFields.conditions.default([]),
  continue: ruleFields.continue.default(false),
});
export type ShipmentLogicRuleInput = z.input<typeof shipmentLogicRuleInputSchema>;
export type ShipmentLogicRuleInputParsed = z.output<typeof shipmentLogicRuleInputSchema>;

/** PATCH shipment-logic/{id}: the fields given replace the rule's (actions as a whole). */
export const shipmentLogicRulePatchSchema = z.object(ruleFields).partial();
export type ShipmentLogicRulePatch = z.infer<typeof shipmentLogicRulePatchSchema>;

export const ruleProblemSchema = z.object({ field: z.string(), message: z.string() });

export const shipmentLogicRuleSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  match: z.enum(['all', 'any']),
  conditions: z.array(ruleConditionSchema),
  actions: ruleActionsSchema,
  continue: z.boolean(),
  /** Why the rule cannot be applied now (a courier deactivated, …); empty when it can. */
  errors: z.array(ruleProblemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShipmentLogicRule = z.infer<typeof shipmentLogicRuleSchema>;

export const shipmentLogicListResponseSchema = z.object({ data: z.array(shipmentLogicRuleSchema) });
export const shipmentLogicRuleResponseSchema = z.object({ status: z.literal('success'), data: shipmentLogicRuleSchema });

/** POST shipment-logic/reorder: every rule id once, in the new order. */
export const shipmentLogicReorderBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(maxShipmentLogicRules) });

/** POST shipment-logic/dry-run: what the current rules would do with each of the last 50 orders. */
export const shipmentLogicDryRunRowSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string().nullable(),
  name: z.string().nullable(),
  country: z.string(),
  created_at: z.string(),
  /** The first rule applied (the one that "wins"), or null when none matched. */
  rule: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Every rule applied, in order (more than one when rules continue). */
  rules: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** A matching rule that could not be applied. */
  failed_rule: z.object({ id: z.uuid(), name: z.string(), problems: z.array(ruleProblemSchema) }).nullable(),
  ignored: z.boolean(),
  courier_id: z.uuid().nullable(),
  courier_name: z.string().nullable(),
  shipment_type: z.string().nullable(),
});
export type ShipmentLogicDryRunRow = z.infer<typeof shipmentLogicDryRunRowSchema>;
export const shipmentLogicDryRunResponseSchema = z.object({ data: z.array(shipmentLogicDryRunRowSchema) });
export const shipmentLogicDryRunLimit = 50;
