import { Navigate, useParams } from 'react-router';
import { isTrackingMailStatus } from '@verzendhuis/domain/tracking-mail-texts';
import { paths } from '../../app/paths';
import { useCurrentUser } from '../../features/account/use-current-user';
import { TrackingMailEditor } from '../../features/tracking-mail/tracking-mail-editor';
import { useTrackingMailSettings } from '../../features/tracking-mail/use-tracking-mail';
import { LoadingScreen } from '../../ui/loading-screen';

/** /settings/tracking/email/:email: the editor of one mail (shipped, out_for_delivery, …); an unknown one goes back to the list. */
export function TrackingEmailPage() {
  const { email = '' } = useParams();
  const settings = useTrackingMailSettings();
  const user = useCurrentUser();
  if (!isTrackingMailStatus(email)) return <Navigate to={paths.trackingSettings} replace />;
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError) throw settings.error;
  return <TrackingMailEditor key={email} status={email} settings={settings.data} shop={user.organisation.name} userEmail={user.email} />;
}
