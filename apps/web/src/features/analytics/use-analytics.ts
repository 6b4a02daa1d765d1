import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../app/api/use-api-client';
import type { AnalyticsFilter } from './analytics-period';

const key = (call: string, filter?: AnalyticsFilter) => ['analytics', call, filter?.start, filter?.end, filter?.granularity];

/** The analytics calls of one period, each its own query (docs/analytics.md). */
export function useAnalytics(filter: AnalyticsFilter) {
  const client = useApiClient();
  const period = { start: filter.start, end: filter.end };
  return {
    label: useQuery({ queryKey: key('label', filter), queryFn: async () => (await client.analytics.label(period)).data }),
    labelTrends: useQuery({ queryKey: key('label-trends', filter), queryFn: async () => (await client.analytics.labelTrends({ ...period, granularity: filter.granularity })).data }),
    labelBreakdown: useQuery({ queryKey: key('label-breakdown', filter), queryFn: async () => (await client.analytics.labelBreakdown(period)).data }),
    labelTotal: useQuery({ queryKey: key('label-total', filter), queryFn: async () => (await client.analytics.labelTotal(period)).data }),
    delivery: useQuery({ queryKey: key('delivery', filter), queryFn: async () => (await client.analytics.delivery(period)).data }),
    deliveryTrends: useQuery({ queryKey: key('delivery-trends', filter), queryFn: async () => (await client.analytics.deliveryTrends({ ...period, granularity: filter.granularity })).data }),
    deliveryBreakdown: useQuery({ queryKey: key('delivery-breakdown', filter), queryFn: async () => (await client.analytics.deliveryBreakdown(period)).data }),
    returnReason: useQuery({ queryKey: key('return-reason', filter), queryFn: async () => (await client.analytics.returnReason(period)).data }),
  };
}
export type AnalyticsQueries = ReturnType<typeof useAnalytics>;
