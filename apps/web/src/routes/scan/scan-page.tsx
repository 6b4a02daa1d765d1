import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /scan/:id?: item scan page, only when the configuration enables it. */
export function ScanPage() {
  return <PlaceholderPage title={screenTitles.scan} />;
}
