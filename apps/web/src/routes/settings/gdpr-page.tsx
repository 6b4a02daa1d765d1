import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/gdpr: data-protection export. */
export function GdprPage() {
  return <PlaceholderPage title={screenTitles.gdpr} />;
}
