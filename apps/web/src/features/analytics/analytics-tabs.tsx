import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, ColorSwatch, Flex, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { analyticsTexts as t } from '@verzendhuis/domain/analytics';
import { returnReasonLabels, type ReturnReason } from '@verzendhuis/domain/returns';
import { formatNumber, periodLabel, type AnalyticsFilter } from './analytics-period';
import { ChartFigure, StatCard } from './chart-figure';
import type { AnalyticsQueries } from './use-analytics';
import { useDimensionNames } from './use-dimension-names';

const palette = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'red.7', 'cyan.8', 'lime.8', 'pink.7', 'indigo.7', 'gray.7'];
const chartHeight = 260;
/** The charts are inert (their tables say the same to screen readers), so recharts' keyboard layer goes too. */
const barProps = { barChartProps: { accessibilityLayer: false } };
const lineProps = { lineChartProps: { accessibilityLayer: false } };
const donutProps = { pieChartProps: { accessibilityLayer: false, rootTabIndex: -1 } };

const hours = (h: number | null) => (h === null ? t.none : t.hours(h));
const percent = (s: number | null) => (s === null ? t.none : t.percent(s));
const reasonLabel = (reason: string) => returnReasonLabels[reason as ReturnReason] ?? reason;

/** Waits for the queries a tab needs; a failure says so once. */
function Loaded({ queries, children }: { queries: UseQueryResult[]; children: () => ReactNode }) {
  if (queries.some((q) => q.isError)) return <Alert color="red" data-testid="analytics-error">{t.loadFailed}</Alert>;
  if (queries.some((q) => q.isPending)) return <Group aria-busy="true">{t.loading}</Group>;
  return <>{children()}</>;
}

function Group({ children, ...rest }: { children: ReactNode; 'aria-busy'?: 'true' }) {
  return (
    <Stack align="center" py="xl" {...rest}>
      <Loader size="sm" />
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** A donut's names beside their colours (the chart itself only shows the numbers); screen readers read the table instead. */
function DonutWithLegend({ data }: { data: { name: string; value: number; color: string }[] }) {
  return (
    <Stack gap="xs">
      <DonutChart {...donutProps} h={chartHeight} withLabels withTooltip data={data} />
      <Flex gap="md" wrap="wrap" aria-hidden="true">
        {data.map((d) => (
          <Flex key={d.name} gap={6} align="center">
            <ColorSwatch color={`var(--mantine-color-${d.color.replace('.', '-')})`} size={12} />
            <Text size="sm">
              {d.name}: {formatNumber(d.value)}
            </Text>
          </Flex>
        ))}
      </Flex>
    </Stack>
  );
}

function EmptyPeriod() {
  return (
    <Alert color="gray" data-testid="analytics-empty">
      {t.empty}
    </Alert>
  );
}

export function ShipmentOverview({ queries, filter }: { queries: AnalyticsQueries; filter: AnalyticsFilter }) {
  const names = useDimensionNames();
  const { label, labelTrends, labelBreakdown, labelTotal } = queries;
  return (
    <Loaded queries={[label, labelTrends, labelBreakdown, labelTotal]}>
      {() => {
        const summary = label.data!;
        const total = labelTotal.data!;
        const breakdown = labelBreakdown.data!;
        if (summary.labels === 0) return <EmptyPeriod />;
        const trend = labelTrends.data!.points.map((p) => ({ period: periodLabel(p.period, filter.granularity), [t.outgoing]: p.outgoing, [t.returns]: p.returns }));
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              <StatCard id="labels" label={t.labels} value={formatNumber(summary.labels)} hint={total.change === null ? undefined : `${t.change}: ${t.percent(total.change)}`} />
              <StatCard id="outgoing" label={t.outgoing} value={formatNumber(summary.outgoing)} />
              <StatCard id="returns" label={t.returns} value={formatNumber(summary.returns)} />
              <StatCard id="delayed" label={t.delayed} value={formatNumber(summary.delayed)} />
              <StatCard id="errors" label={t.errors} value={formatNumber(summary.errors)} />
            </SimpleGrid>
            <ChartFigure
              id="label-trends"
              title={t.labelsOverTime}
              chart={<BarChart {...barProps} h={chartHeight} data={trend} dataKey="period" type="stacked" withLegend series={[{ name: t.outgoing, color: 'blue.7' }, { name: t.returns, color: 'orange.7' }]} />}
              table={{ columns: [t.periodColumn, t.outgoing, t.returns], rows: labelTrends.data!.points.map((p) => [periodLabel(p.period, filter.granularity), p.outgoing, p.returns]) }}
            />
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <ChartFigure
                id="by-carrier"
                title={t.byCarrier}
                chart={<BarChart {...barProps} h={chartHeight} data={breakdown.carriers.map((c) => ({ key: names.carrier(c.key), [t.labels]: c.labels }))} dataKey="key" series={[{ name: t.labels, color: 'blue.7' }]} />}
                table={{ columns: [t.carrier, t.labels], rows: breakdown.carriers.map((c) => [names.carrier(c.key), c.labels]) }}
              />
              <ChartFigure
                id="by-country"
                title={t.byCountry}
                chart={<DonutWithLegend data={breakdown.countries.map((c, i) => ({ name: names.country(c.key) || t.none, value: c.labels, color: palette[i % palette.length] ?? 'gray.7' }))} />}
                table={{ columns: [t.country, t.labels], rows: breakdown.countries.map((c) => [names.country(c.key) || t.none, c.labels]) }}
              />
              <ChartFigure
                id="by-shipment-type"
                title={t.byShipmentType}
                chart={<BarChart {...barProps} h={chartHeight} data={breakdown.shipment_types.map((c) => ({ key: names.shipmentType(c.key), [t.labels]: c.labels }))} dataKey="key" series={[{ name: t.labels, color: 'teal.7' }]} />}
                table={{ columns: [t.shipmentType, t.labels], rows: breakdown.shipment_types.map((c) => [names.shipmentType(c.key), c.labels]) }}
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </Loaded>
  );
}

export function CustomerInteractions({ queries, filter }: { queries: AnalyticsQueries; filter: AnalyticsFilter }) {
  const { label, labelTrends } = queries;
  return (
    <Loaded queries={[label, labelTrends]}>
      {() => {
        const summary = label.data!;
        const points = labelTrends.data!.points;
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <StatCard id="mails-sent" label={t.trackingMailsSent} value={formatNumber(summary.tracking_mails_sent)} />
            </SimpleGrid>
            <Text size="sm" c="gray.7">
              {t.pageViewsNotRecorded}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ChartFigure
                id="mails-trend"
                title={t.trackingMailsOverTime}
                empty={summary.tracking_mails_sent === 0}
                chart={<LineChart {...lineProps} h={chartHeight} data={points.map((p) => ({ period: periodLabel(p.period, filter.granularity), [t.trackingMailsSent]: p.tracking_mails_sent }))} dataKey="period" series={[{ name: t.trackingMailsSent, color: 'blue.7' }]} />}
                table={{ columns: [t.periodColumn, t.trackingMailsSent], rows: points.map((p) => [periodLabel(p.period, filter.granularity), p.tracking_mails_sent]) }}
              />
              <ChartFigure
                id="mails-by-status"
                title={t.mailStatus}
                empty={summary.tracking_mails_sent === 0}
                chart={<BarChart {...barProps} h={chartHeight} data={summary.tracking_mails_by_status.map((m) => ({ key: t.mailStatuses[m.mail_status] ?? m.mail_status, [t.count]: m.sent }))} dataKey="key" series={[{ name: t.count, color: 'teal.7' }]} />}
                table={{ columns: [t.mailStatus, t.count], rows: summary.tracking_mails_by_status.map((m) => [t.mailStatuses[m.mail_status] ?? m.mail_status, m.sent]) }}
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </Loaded>
  );
}

export function DeliveryPerformance({ queries, filter }: { queries: AnalyticsQueries; filter: AnalyticsFilter }) {
  const names = useDimensionNames();
  const { delivery, deliveryTrends, deliveryBreakdown } = queries;
  return (
    <Loaded queries={[delivery, deliveryTrends, deliveryBreakdown]}>
      {() => {
        const d = delivery.data!;
        const points = deliveryTrends.data!.points;
        const countries = deliveryBreakdown.data!.countries;
        if (d.delivered === 0 && d.carriers.length === 0) return <EmptyPeriod />;
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <StatCard id="delivered" label={t.delivered} value={formatNumber(d.delivered)} />
              <StatCard id="average-hours" label={t.averageDeliveryTime} value={hours(d.average_delivery_hours)} />
              <StatCard id="on-time" label={t.onTimeShare} value={percent(d.on_time_share)} />
              <StatCard id="delivery-delayed" label={t.delayed} value={formatNumber(d.delayed)} />
            </SimpleGrid>
            <Text size="sm" c="gray.7">
              {t.onTimeRule}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ChartFigure
                id="delivery-by-carrier"
                title={`${t.averageDeliveryTime} ${t.byCarrier.toLowerCase()}`}
                chart={<BarChart {...barProps} h={chartHeight} data={d.carriers.map((c) => ({ key: names.carrier(c.key), [t.averageDeliveryTime]: c.average_delivery_hours ?? 0 }))} dataKey="key" unit=" uur" series={[{ name: t.averageDeliveryTime, color: 'blue.7' }]} />}
                table={{ columns: [t.carrier, t.delivered, t.averageDeliveryTime, t.onTimeShare], rows: d.carriers.map((c) => [names.carrier(c.key), c.delivered, hours(c.average_delivery_hours), percent(c.on_time_share)]) }}
              />
              <ChartFigure
                id="delivery-trend"
                title={t.deliveryOverTime}
                chart={<LineChart {...lineProps} h={chartHeight} data={points.map((p) => ({ period: periodLabel(p.period, filter.granularity), [t.averageDeliveryTime]: p.average_delivery_hours }))} dataKey="period" unit=" uur" connectNulls series={[{ name: t.averageDeliveryTime, color: 'teal.7' }]} />}
                table={{ columns: [t.periodColumn, t.delivered, t.averageDeliveryTime, t.onTimeShare], rows: points.map((p) => [periodLabel(p.period, filter.granularity), p.delivered, hours(p.average_delivery_hours), percent(p.on_time_share)]) }}
              />
            </SimpleGrid>
            <ChartFigure
              id="delivery-by-country"
              title={`${t.onTimeShare} ${t.byCountry.toLowerCase()}`}
              chart={<BarChart {...barProps} h={chartHeight} data={countries.map((c) => ({ key: names.country(c.key) || t.none, [t.onTimeShare]: c.on_time_share === null ? 0 : Math.round(c.on_time_share * 1000) / 10 }))} dataKey="key" unit="%" series={[{ name: t.onTimeShare, color: 'grape.7' }]} />}
              table={{ columns: [t.country, t.delivered, t.averageDeliveryTime, t.onTimeShare], rows: countries.map((c) => [names.country(c.key) || t.none, c.delivered, hours(c.average_delivery_hours), percent(c.on_time_share)]) }}
            />
          </Stack>
        );
      }}
    </Loaded>
  );
}

export function ReturnAnalysis({ queries }: { queries: AnalyticsQueries }) {
  const { returnReason } = queries;
  return (
    <Loaded queries={[returnReason]}>
      {() => {
        const r = returnReason.data!;
        if (r.outgoing === 0 && r.returns === 0) return <EmptyPeriod />;
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              <StatCard id="return-rate" label={t.returnRate} value={percent(r.return_rate)} />
              <StatCard id="return-count" label={t.returns} value={formatNumber(r.returns)} />
              <StatCard id="return-outgoing" label={t.outgoing} value={formatNumber(r.outgoing)} />
            </SimpleGrid>
            <ChartFigure
              id="return-reasons"
              title={t.returnReasons}
              empty={r.reasons.length === 0}
              chart={<DonutWithLegend data={r.reasons.map((x, i) => ({ name: reasonLabel(x.reason), value: x.count, color: palette[i % palette.length] ?? 'gray.7' }))} />}
              table={{ columns: [t.reason, t.count], rows: r.reasons.map((x) => [reasonLabel(x.reason), x.count]) }}
            />
          </Stack>
        );
      }}
    </Loaded>
  );
}
