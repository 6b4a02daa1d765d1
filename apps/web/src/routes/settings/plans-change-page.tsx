import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/plans/change. */
export function PlansChangePage() {
  return <PlaceholderPage title={screenTitles.plansChange} />;
}
