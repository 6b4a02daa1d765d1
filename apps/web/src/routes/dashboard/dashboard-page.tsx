import { Navigate, useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { dashboardTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { DashboardNoticesList } from '../../features/dashboard/dashboard-notices-list';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /dashboard and /dashboard/:activeTabName; an unknown tab goes back to /dashboard. */
export function DashboardPage() {
  const { activeTabName } = useParams();
  if (activeTabName !== undefined && !isTab(dashboardTabTitles, activeTabName)) {
    return <Navigate to={paths.dashboard} replace />;
  }
  return (
    <Stack gap="lg">
      <DashboardNoticesList />
      <PlaceholderPage title={activeTabName ? dashboardTabTitles[activeTabName] : screenTitles.dashboard} />
    </Stack>
  );
}
