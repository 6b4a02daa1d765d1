import { useParams } from 'react-router';
import { screenTitles, trackingTabTitles } from '@verzendhuis/domain/frame-texts';
import { isTab } from '../../app/tab-param';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/tracking/:tab?: default tab emails; the spec does not list the other tabs, so any is accepted. */
export function TrackingSettingsPage() {
  const { tab = 'emails' } = useParams();
  return (
    <PlaceholderPage
      title={screenTitles.trackingSettings}
      subtitle={isTab(trackingTabTitles, tab) ? trackingTabTitles[tab] : undefined}
    />
  );
}
