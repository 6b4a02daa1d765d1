import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/tickets: the investigation list. */
export function TicketsPage() {
  return <PlaceholderPage title={screenTitles.tickets} />;
}
