/**
 * The analytics calls (account spec §7; docs/analytics.md): every call takes start and end
 * (YYYY-MM-DD, Amsterdam days, both inclusive), trend calls also granularity. The server
 * checks them itself (domain/analytics parseAnalyticsQuery) so that a missing or wrong
 * value gets its own Dutch message; the schemas here only read strings.
 */
import { z } from 'zod';

export const analyticsQuerySchema = z.object({
  start: z.string().optional(),
  end: z.string().optional(),
});
export const analyticsTrendQuerySchema = analyticsQuerySchema.extend({ granularity: z.string().optional() });

export interface AnalyticsQuery {
  start: string;
  end: string;
}
export interface AnalyticsTrendQuery extends AnalyticsQuery {
  granularity: 'day' | 'week' | 'month';
}

const count = z.number().int();
/** 0..1, null without a denominator. */
const shareSchema = z.number().nullable();
/** Hours with one decimal, null without deliveries. */
const hoursSchema = z.number().nullable();

/** analytics/meta: what the organisation's labels contain, over all time. */
export const analyticsMetaSchema = z.object({
  carriers: z.array(z.string()),
  countries: z.array(z.string()),
  shipment_types: z.array(z.string()),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
});

/** analytics/label: the figures of the period. */
export const analyticsLabelSummarySchema = z.object({
  labels: count,
  outgoing: count,
  returns: count,
  delivered: count,
  delayed: count,
  errors: count,
  tracking_mails_sent: count,
  tracking_mails_by_status: z.array(z.object({ mail_status: z.string(), sent: count })),
});

export const analyticsLabelTrendsSchema = z.object({
  granularity: z.enum(['day', 'week', 'month']),
  points: z.array(
    z.object({
      /** The first day of the period (weeks start on Monday). */
      period: z.string(),
      labels: count,
      outgoing: count,
      returns: count,
      delayed: count,
      errors: count,
      tracking_mails_sent: count,
    }),
  ),
});

const labelSlice = z.object({ key: z.string(), labels: count, returns: count });
export const analyticsLabelBreakdownSchema = z.object({
  carriers: z.array(labelSlice),
  countries: z.array(labelSlice),
  shipment_types: z.array(labelSlice),
});

/** analytics/label/total: the period's labels against the period of equal length before it. */
export const analyticsLabelTotalSchema = z.object({
  total: count,
  previous_total: count,
  previous_start: z.string(),
  previous_end: z.string(),
  /** (total - previous) / previous, null when the previous period had none. */
  change: z.number().nullable(),
});

const deliveryFigures = {
  delivered: count,
  average_delivery_hours: hoursSchema,
  on_time: count,
  on_time_share: shareSchema,
};
export const analyticsDeliverySchema = z.object({
  ...deliveryFigures,
  delayed: count,
  errors: count,
  carriers: z.array(z.object({ key: z.string(), ...deliveryFigures })),
});
export const analyticsDeliveryTrendsSchema = z.object({
  granularity: z.enum(['day', 'week', 'month']),
  points: z.array(z.object({ period: z.string(), ...deliveryFigures, delayed: count, errors: count })),
});
export const analyticsDeliveryBreakdownSchema = z.object({
  carriers: z.array(z.object({ key: z.string(), ...deliveryFigures })),
  countries: z.array(z.object({ key: z.string(), ...deliveryFigures })),
  shipment_types: z.array(z.object({ key: z.string(), ...deliveryFigures })),
});

/** analytics/return-reason: return labels against outgoing labels, and the reasons given (a label may give several). */
export const analyticsReturnReasonSchema = z.object({
  outgoing: count,
  returns: count,
  return_rate: shareSchema,
  reasons: z.array(z.object({ reason: z.string(), count })),
});

export const analyticsMetaResponseSchema = z.object({ data: analyticsMetaSchema });
export const analyticsLabelSummaryResponseSchema = z.object({ data: analyticsLabelSummarySchema });
export const analyticsLabelTrendsResponseSchema = z.object({ data: analyticsLabelTrendsSchema });
export const analyticsLabelBreakdownResponseSchema = z.object({ data: analyticsLabelBreakdownSchema });
export const analyticsLabelTotalResponseSchema = z.object({ data: analyticsLabelTotalSchema });
export const analyticsDeliveryResponseSchema = z.object({ data: analyticsDeliverySchema });
export const analyticsDeliveryTrendsResponseSchema = z.object({ data: analyticsDeliveryTrendsSchema });
export const analyticsDeliveryBreakdownResponseSchema = z.object({ data: analyticsDeliveryBreakdownSchema });
export const analyticsReturnReasonResponseSchema = z.object({ data: analyticsReturnReasonSchema });

export type AnalyticsMeta = z.infer<typeof analyticsMetaSchema>;
export type AnalyticsLabelSummary = z.infer<typeof analyticsLabelSummarySchema>;
export type AnalyticsLabelTrends = z.infer<typeof analyticsLabelTrendsSchema>;
export type AnalyticsLabelBreakdown = z.infer<typeof analyticsLabelBreakdownSchema>;
export type AnalyticsLabelTotal = z.infer<typeof analyticsLabelTotalSchema>;
export type AnalyticsDelivery = z.infer<typeof analyticsDeliverySchema>;
export type AnalyticsDeliveryTrends = z.infer<typeof analyticsDeliveryTrendsSchema>;
export type AnalyticsDeliveryBreakdown = z.infer<typeof analyticsDeliveryBreakdownSchema>;
export type AnalyticsReturnReason = z.infer<typeof analyticsReturnReasonSchema>;
