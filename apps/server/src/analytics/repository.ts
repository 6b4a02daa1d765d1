import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsGranularity, AnalyticsPeriod } from '@verzendhuis/domain/analytics';
import type { Database } from '../db/client';

/** How rows of the daily tables are grouped: one total, per period of a granularity, or per dimension. */
export type LabelGrouping = 'all' | AnalyticsGranularity | 'carrier' | 'country' | 'shipment_type';

/** The key of each grouping: fixed SQL only, nothing from a request. */
const labelKeys: Record<LabelGrouping, SQL> = {
  all: sql`''`,
  day: sql`day::text`,
  week: sql`date_trunc('week', day)::date::text`,
  month: sql`date_trunc('month', day)::date::text`,
  carrier: sql`key`,
  country: sql`key`,
  shipment_type: sql`key`,
};

/** The rows of analytics_label_daily each grouping reads: totals, or one dimension's. */
const labelDimension: Record<LabelGrouping, 'all' | 'carrier' | 'country' | 'shipment_type'> = {
  all: 'all',
  day: 'all',
  week: 'all',
  month: 'all',
  carrier: 'carrier',
  country: 'country',
  shipment_type: 'shipment_type',
};

export type LabelFigureRow = {
  key: string;
  labels: number;
  returns: number;
  /** The figures below count outgoing labels only. */
  delivered: number;
  delivery_seconds: number;
  on_time: number;
  delayed: number;
  errors: number;
  /** Delayed and error labels, returns included. */
  all_delayed: number;
  all_errors: number;
};

/**
 * Analytics (docs/analytics.md): reads only the daily tables the migration's triggers keep
 * (analytics_label_daily, analytics_return_reason_daily, analytics_mail_daily), by the
 * primary key's (organisation_id, day) prefix: never the labels themselves.
 */
export function createAnalyticsRepository(db: Database) {
  return {
    /** The analytics of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async hasActiveAddon(): Promise<boolean> {
          const { rows } = await db.execute<{ active: boolean }>(sql`
            SELECT EXISTS (SELECT 1 FROM organisation_addons WHERE organisation_id = ${organisationId} AND code = 'ANALYTICS'
              AND (subscription_to IS NULL OR subscription_to > now())) AS active`);
          return rows[0]?.active === true;
        },

        async meta(): Promise<{ carriers: string[]; countries: string[]; shipment_types: string[]; first_day: string | null; last_day: string | null }> {
          const { rows } = await db.execute<{ carriers: string[] | null; countries: string[] | null; shipment_types: string[] | null; first_day: string | null; last_day: string | null }>(sql`
            SELECT array_agg(DISTINCT key ORDER BY key) FILTER (WHERE dimension = 'carrier') AS carriers,
              array_agg(DISTINCT key ORDER BY key) FILTER (WHERE dimension = 'country' AND key <> '') AS countries,
              array_agg(DISTINCT key ORDER BY key) FILTER (WHERE dimension = 'shipment_type') AS shipment_types,
              min(day) FILTER (WHERE dimension = 'all')::text AS first_day, max(day) FILTER (WHERE dimension = 'all')::text AS last_day
            FROM analytics_label_daily WHERE organisation_id = ${organisationId} AND labels <> 0`);
          const row = rows[0];
          return {
            carriers: row?.carriers ?? [],
            countries: row?.countries ?? [],
            shipment_types: row?.shipment_types ?? [],
            first_day: row?.first_day ?? null,
            last_day: row?.last_day ?? null,
          };
        },

        async labelFigures(period: AnalyticsPeriod, grouping: LabelGrouping): Promise<LabelFigureRow[]> {
          const key = labelKeys[grouping];
          const { rows } = await db.execute<LabelFigureRow>(sql`
            SELECT ${key} AS key,
              sum(labels)::int AS labels,
              sum(labels) FILTER (WHERE is_return)::int AS returns,
              coalesce(sum(delivered) FILTER (WHERE NOT is_return), 0)::int AS delivered,
              coalesce(sum(delivery_seconds) FILTER (WHERE NOT is_return), 0)::float8 AS delivery_seconds,
              coalesce(sum(on_time) FILTER (WHERE NOT is_return), 0)::int AS on_time,
              coalesce(sum(delayed) FILTER (WHERE NOT is_return), 0)::int AS delayed,
              coalesce(sum(errors) FILTER (WHERE NOT is_return), 0)::int AS errors,
              sum(delayed)::int AS all_delayed,
              sum(errors)::int AS all_errors
            FROM analytics_label_daily
            WHERE organisation_id = ${organisationId} AND dimension = ${labelDimension[grouping]} AND day BETWEEN ${period.start}::date AND ${period.end}::date
            GROUP BY 1 HAVING sum(labels) <> 0 ORDER BY 2 DESC, 1`);
          return rows.map((r) => ({ ...r, returns: r.returns ?? 0, delivery_seconds: Number(r.delivery_seconds) }));
        },

        async mailsSent(period: AnalyticsPeriod, grouping: 'all' | AnalyticsGranularity | 'mail_status'): Promise<{ key: string; sent: number }[]> {
          const key = grouping === 'mail_status' ? sql`mail_status` : labelKeys[grouping];
          const { rows } = await db.execute<{ key: string; sent: number }>(sql`
            SELECT ${key} AS key, sum(sent)::int AS sent FROM analytics_mail_daily
            WHERE organisation_id = ${organisationId} AND day BETWEEN ${period.start}::date AND ${period.end}::date
            GROUP BY 1 HAVING sum(sent) <> 0 ORDER BY 2 DESC, 1`);
          return rows;
        },

        async returnReasons(period: AnalyticsPeriod): Promise<{ reason: string; count: number }[]> {
          const { rows } = await db.execute<{ reason: string; count: number }>(sql`
            SELECT reason, sum(count)::int AS count FROM analytics_return_reason_daily
            WHERE organisation_id = ${organisationId} AND day BETWEEN ${period.start}::date AND ${period.end}::date
            GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 2 DESC, 1`);
          return rows;
        },
      };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
