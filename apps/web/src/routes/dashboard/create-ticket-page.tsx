import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /dashboard/labels/:labelId/create-ticket: start an investigation. */
export function CreateTicketPage() {
  return <PlaceholderPage title={screenTitles.createTicket} />;
}
