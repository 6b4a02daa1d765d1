import { Navigate, useParams } from 'react-router';
import { trackingTabTitles } from '@verzendhuis/domain/frame-texts';
import { isTab } from '../../app/tab-param';
import { paths } from '../../app/paths';
import { TrackingMailSettings } from '../../features/tracking-mail/tracking-mail-settings';

/** /settings/tracking/:tab?: default tab emails (the six mails); outbox (the stored mails and their states). */
export function TrackingSettingsPage() {
  const { tab = 'emails' } = useParams();
  if (!isTab(trackingTabTitles, tab)) return <Navigate to={paths.trackingSettings} replace />;
  return <TrackingMailSettings tab={tab} />;
}
