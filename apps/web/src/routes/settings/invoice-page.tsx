import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/invoices/:invoiceId. */
export function InvoicePage() {
  return <PlaceholderPage title={screenTitles.invoice} />;
}
