import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/tickets/:ticketId. */
export function TicketPage() {
  return <PlaceholderPage title={screenTitles.ticket} />;
}
