import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Group, Stack, Tabs, Title } from '@mantine/core';
import { dashboardTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { DashboardActions } from '../../features/dashboard/dashboard-actions';
import { DashboardNoticesList } from '../../features/dashboard/dashboard-notices-list';
import { DashboardTabList } from '../../features/dashboard/dashboard-tab-list';
import { labelTabFor, orderTabFor, tabSearch, visibleTabFor } from '../../features/dashboard/dashboard-tabs';
import { OrdersFilter } from '../../features/dashboard/orders-filter';
import { ImportJobPanel } from '../../features/import/import-job-panel';
import { LabelJobPanel } from '../../features/labels/label-job-panel';
import { LabelsTabPanel } from '../../features/labels/labels-tab-panel';
import { OrdersTabPanel } from '../../features/orders/orders-tab-panel';
import { useOrderCounts } from '../../features/orders/use-order-counts';

/** /dashboard and /dashboard/:activeTabName; an unknown tab goes back to /dashboard. */
export function DashboardPage() {
  const { activeTabName } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const counts = useOrderCounts(searchParams.get('search') ?? '');
  if (activeTabName !== undefined && !isTab(dashboardTabTitles, activeTabName)) {
    return <Navigate to={paths.dashboard} replace />;
  }
  const visibleTab = visibleTabFor(activeTabName);
  const orderTab = orderTabFor(activeTabName);
  const labelTab = labelTabFor(visibleTab);
  return (
    <Stack gap="lg">
      <DashboardNoticesList />
      <Group justify="space-between" gap="sm">
        <Title order={1}>{screenTitles.dashboard}</Title>
        <DashboardActions />
      </Group>
      <ImportJobPanel />
      <LabelJobPanel />
      <Tabs
        value={visibleTab}
        onChange={(tab) => tab && void navigate(paths.dashboardTab(tab) + tabSearch(searchParams))}
        keepMounted={false}
        aria-label={dashboardTexts.tabsLabel}
      >
        <DashboardTabList counts={counts.data} />
        <Tabs.Panel value={visibleTab} pt="md">
          {orderTab ? (
            <OrdersTabPanel
              key={orderTab}
              tab={orderTab}
              filter={
                orderTab === 'other' ? null : (
                  <OrdersFilter value={orderTab} counts={counts.data} />
                )
              }
            />
          ) : labelTab ? (
            <LabelsTabPanel key={activeTabName ?? labelTab} tab={labelTab} delayed={activeTabName === 'delayed'} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
