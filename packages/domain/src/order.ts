export { countryCodes } from './countries';

export const orderStatuses = ['ready', 'incomplete', 'warning', 'error', 'pending', 'other', 'ignored', 'completed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses shown in the Bestellingen tab; the others go to Overige bestellingen. */
export const openOrderStatuses = ['ready', 'incomplete', 'warning', 'error'] as const;
export const otherOrderStatuses = ['pending', 'other', 'ignored'] as const;

export const currencies = ['EUR', 'USD', 'AUD', 'GBP', 'CAD', 'DKK', 'JPY', 'NZD', 'NOK', 'TRL', 'ZAR', 'SEK', 'CHF'] as const;
export type Currency = (typeof currencies)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  ready: 'Klaar',
  incomplete: 'Onvolledig',
  warning: 'Waarschuwing',
  error: 'Fout',
  pending: 'In afwachting',
  other: 'Overig',
  ignored: 'Genegeerd',
  completed: 'Verwerkt',
};

export type StatusTone = 'error' | 'success' | 'warning' | 'neutral';

/** Orders spec §4: incomplete and error show as errors, ready and completed as success; an error_status overrides. */
export function orderStatusDisplay({ status, errorStatus }: { status: OrderStatus; errorStatus: string | null }): { label: string; tone: StatusTone } {
  if (errorStatus) return { label: orderStatusLabels.error, tone: 'error' };
  const tone: StatusTone =
    status === 'incomplete' || status === 'error' ? 'error' : status === 'ready' || status === 'completed' ? 'success' : status === 'warning' ? 'warning' : 'neutral';
  return { label: orderStatusLabels[status], tone };
}

/** Weight limits (orders spec §5 and §9), in grams. */
export const weightLimits = {
  extraCostAbove: 23_000,
  extraCostTooltipAbove: 31_000,
  separateLabelsNoteAbove: 30_000,
  maxPerPackage: 31_500,
} as const;

export const maxOrderItems = 500;
