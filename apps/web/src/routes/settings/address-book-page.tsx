import { useParams } from 'react-router';
import { AddressBook } from '../../features/address-book/address-book';

/** /settings/address-book/:contactId? (account spec §2 Address book). */
export function AddressBookPage() {
  const { contactId } = useParams();
  return <AddressBook contactId={contactId} />;
}
