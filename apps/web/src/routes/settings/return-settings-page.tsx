import { Navigate, useParams } from 'react-router';
import { returnTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { isTab } from '../../app/tab-param';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/return/:tab?: address (default), payment-methods, portal. */
export function ReturnSettingsPage() {
  const { tab = 'address' } = useParams();
  if (!isTab(returnTabTitles, tab)) return <Navigate to="/settings/return" replace />;
  return <PlaceholderPage title={screenTitles.returnSettings} subtitle={returnTabTitles[tab]} />;
}
