import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /dashboard/labels/:labelId: label detail. */
export function LabelPage() {
  return <PlaceholderPage title={screenTitles.label} />;
}
