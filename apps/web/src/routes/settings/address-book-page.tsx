import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/address-book/:contactId?. */
export function AddressBookPage() {
  return <PlaceholderPage title={screenTitles.addressBook} />;
}
