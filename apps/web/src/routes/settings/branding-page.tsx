import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/branding. */
export function BrandingPage() {
  return <PlaceholderPage title={screenTitles.branding} />;
}
