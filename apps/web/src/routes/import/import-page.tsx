import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /import: CSV upload. */
export function ImportPage() {
  return <PlaceholderPage title={screenTitles.import} />;
}
