import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/printer. */
export function PrinterPage() {
  return <PlaceholderPage title={screenTitles.printer} />;
}
