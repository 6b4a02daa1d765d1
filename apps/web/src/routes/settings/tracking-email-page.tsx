import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/tracking/email/:email. */
export function TrackingEmailPage() {
  return <PlaceholderPage title={screenTitles.trackingEmail} />;
}
