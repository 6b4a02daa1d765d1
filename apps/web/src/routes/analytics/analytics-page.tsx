import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { analyticsTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { AnalyticsFilters } from '../../features/analytics/analytics-filters';
import { amsterdamToday, presetFilter, type AnalyticsFilter } from '../../features/analytics/analytics-period';
import { CustomerInteractions, DeliveryPerformance, ReturnAnalysis, ShipmentOverview } from '../../features/analytics/analytics-tabs';
import { useAnalytics } from '../../features/analytics/use-analytics';

const tabs = Object.keys(analyticsTabTitles) as (keyof typeof analyticsTabTitles)[];

/** /analytics/:tab?: shipment-overview (default); the route guard checks the ANALYTICS add-on (docs/analytics.md). */
export function AnalyticsPage() {
  const { tab = 'shipment-overview' } = useParams();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<AnalyticsFilter>(() => presetFilter('last30', amsterdamToday()));
  const queries = useAnalytics(filter);
  if (!isTab(analyticsTabTitles, tab)) return <Navigate to={paths.analytics} replace />;
  return (
    <Stack gap="md" data-testid="analytics-page">
      <Title order={1}>{screenTitles.analytics}</Title>
      <AnalyticsFilters filter={filter} onChange={setFilter} />
      <Tabs value={tab} onChange={(value) => value && navigate(`${paths.analytics}/${value}`)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t} data-testid={`analytics-tab-${t}`}>
              {analyticsTabTitles[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === 'shipment-overview' ? (
              <ShipmentOverview queries={queries} filter={filter} />
            ) : t === 'customer-interactions' ? (
              <CustomerInteractions queries={queries} filter={filter} />
            ) : t === 'delivery-performance' ? (
              <DeliveryPerformance queries={queries} filter={filter} />
            ) : (
              <ReturnAnalysis queries={queries} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
