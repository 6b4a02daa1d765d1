import type {
  AnalyticsDelivery,
  AnalyticsDeliveryBreakdown,
  AnalyticsDeliveryTrends,
  AnalyticsLabelBreakdown,
  AnalyticsLabelSummary,
  AnalyticsLabelTotal,
  AnalyticsLabelTrends,
  AnalyticsMeta,
  AnalyticsReturnReason,
} from '@verzendhuis/contract/analytics';
import {
  analyticsAddonInactive,
  averageHours,
  parseAnalyticsQuery,
  periodStarts,
  previousPeriod,
  share,
} from '@verzendhuis/domain/analytics';
import type { AnalyticsRepository, LabelFigureRow } from './repository';

type Query = { start?: string; end?: string; granularity?: string };

function deliveryFigures(row: LabelFigureRow | undefined) {
  const delivered = row?.delivered ?? 0;
  const onTime = row?.on_time ?? 0;
  return {
    delivered,
    average_delivery_hours: averageHours(row?.delivery_seconds ?? 0, delivered),
    on_time: onTime,
    on_time_share: share(onTime, delivered),
  };
}

/** Analytics (docs/analytics.md): every call checks the ANALYTICS add-on and the period first. */
export function createAnalyticsService(deps: { repository: AnalyticsRepository }) {
  async function scoped(organisationId: string) {
    const repository = deps.repository.for(organisationId);
    if (!(await repository.hasActiveAddon())) throw analyticsAddonInactive();
    return repository;
  }

  return {
    async meta(organisationId: string): Promise<AnalyticsMeta> {
      return (await scoped(organisationId)).meta();
    },

    async label(organisationId: string, query: Query): Promise<AnalyticsLabelSummary> {
      const period = parseAnalyticsQuery(query);
      const repository = await scoped(organisationId);
      const [[row], mails] = await Promise.all([repository.labelFigures(period, 'all'), repository.mailsSent(period, 'mail_status')]);
      const labels = row?.labels ?? 0;
      const returns = row?.returns ?? 0;
      return {
        labels,
        outgoing: labels - returns,
        returns,
        delivered: row?.delivered ?? 0,
        delayed: row?.all_delayed ?? 0,
        errors: row?.all_errors ?? 0,
        tracking_mails_sent: mails.reduce((sum, m) => sum + m.sent, 0),
        tracking_mails_by_status: mails.map((m) => ({ mail_status: m.key, sent: m.sent })),
      };
    },

    async labelTrends(organisationId: string, query: Query): Promise<AnalyticsLabelTrends> {
      const period = parseAnalyticsQuery(query, { granularity: true });
      const repository = await scoped(organisationId);
      const [rows, mails] = await Promise.all([repository.labelFigures(period, period.granularity), repository.mailsSent(period, period.granularity)]);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const mailsByKey = new Map(mails.map((m) => [m.key, m.sent]));
      return {
        granularity: period.granularity,
        points: periodStarts(period.start, period.end, period.granularity).map((p) => {
          const row = byKey.get(p);
          const labels = row?.labels ?? 0;
          const returns = row?.returns ?? 0;
          return { period: p, labels, outgoing: labels - returns, returns, delayed: row?.all_delayed ?? 0, errors: row?.all_errors ?? 0, tracking_mails_sent: mailsByKey.get(p) ?? 0 };
        }),
      };
    },

    async labelBreakdown(organisationId: string, query: Query): Promise<AnalyticsLabelBreakdown> {
      const period = parseAnalyticsQuery(query);
      const repository = await scoped(organisationId);
      const [carriers, countries, types] = await Promise.all(
        (['carrier', 'country', 'shipment_type'] as const).map((g) => repository.labelFigures(period, g)),
      );
      const slice = (rows: LabelFigureRow[] = []) => rows.map((r) => ({ key: r.key, labels: r.labels, returns: r.returns }));
      return { carriers: slice(carriers), countries: slice(countries), shipment_types: slice(types) };
    },

    async labelTotal(organisationId: string, query: Query): Promise<AnalyticsLabelTotal> {
      const period = parseAnalyticsQuery(query);
      const previous = previousPeriod(period);
      const repository = await scoped(organisationId);
      const [[now], [before]] = await Promise.all([repository.labelFigures(period, 'all'), repository.labelFigures(previous, 'all')]);
      const total = now?.labels ?? 0;
      const previousTotal = before?.labels ?? 0;
      return {
        total,
        previous_total: previousTotal,
        previous_start: previous.start,
        previous_end: previous.end,
        change: previousTotal === 0 ? null : Math.round(((total - previousTotal) / previousTotal) * 10_000) / 10_000,
      };
    },

    async delivery(organisationId: string, query: Query): Promise<AnalyticsDelivery> {
      const period = parseAnalyticsQuery(query);
      const repository = await scoped(organisationId);
      const [[row], carriers] = await Promise.all([repository.labelFigures(period, 'all'), repository.labelFigures(period, 'carrier')]);
      return {
        ...deliveryFigures(row),
        delayed: row?.delayed ?? 0,
        errors: row?.errors ?? 0,
        carriers: carriers.filter((c) => c.labels - c.returns > 0).map((c) => ({ key: c.key, ...deliveryFigures(c) })),
      };
    },

    async deliveryTrends(organisationId: string, query: Query): Promise<AnalyticsDeliveryTrends> {
      const period = parseAnalyticsQuery(query, { granularity: true });
      const repository = await scoped(organisationId);
      const byKey = new Map((await repository.labelFigures(period, period.granularity)).map((r) => [r.key, r]));
      return {
        granularity: period.granularity,
        points: periodStarts(period.start, period.end, period.granularity).map((p) => {
          const row = byKey.get(p);
          return { period: p, ...deliveryFigures(row), delayed: row?.delayed ?? 0, errors: row?.errors ?? 0 };
        }),
      };
    },

    async deliveryBreakdown(organisationId: string, query: Query): Promise<AnalyticsDeliveryBreakdown> {
      const period = parseAnalyticsQuery(query);
      const repository = await scoped(organisationId);
      const [carriers, countries, types] = await Promise.all(
        (['carrier', 'country', 'shipment_type'] as const).map((g) => repository.labelFigures(period, g)),
      );
      const slice = (rows: LabelFigureRow[] = []) => rows.filter((r) => r.labels - r.returns > 0).map((r) => ({ key: r.key, ...deliveryFigures(r) }));
      return { carriers: slice(carriers), countries: slice(countries), shipment_types: slice(types) };
    },

    async returnReason(organisationId: string, query: Query): Promise<AnalyticsReturnReason> {
      const period = parseAnalyticsQuery(query);
      const repository = await scoped(organisationId);
      const [[row], reasons] = await Promise.all([repository.labelFigures(period, 'all'), repository.returnReasons(period)]);
      const returns = row?.returns ?? 0;
      const outgoing = (row?.labels ?? 0) - returns;
      return { outgoing, returns, return_rate: share(returns, outgoing), reasons };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
