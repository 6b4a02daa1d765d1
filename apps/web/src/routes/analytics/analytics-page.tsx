import { Navigate, useParams } from 'react-router';
import { analyticsTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /analytics/:tab?: shipment-overview (default); the route guard checks the ANALYTICS add-on. */
export function AnalyticsPage() {
  const { tab = 'shipment-overview' } = useParams();
  if (!isTab(analyticsTabTitles, tab)) return <Navigate to={paths.analytics} replace />;
  return <PlaceholderPage title={screenTitles.analytics} subtitle={analyticsTabTitles[tab]} />;
}
