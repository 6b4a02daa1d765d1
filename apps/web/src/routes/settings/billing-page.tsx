import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/billing. */
export function BillingPage() {
  return <PlaceholderPage title={screenTitles.billing} />;
}
