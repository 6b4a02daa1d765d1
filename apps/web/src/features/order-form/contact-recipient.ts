import type { Contact } from '@verzendhuis/contract/contact';
import type { OrderFormValues } from './form-values';

/** The recipient fields a contact picked from the address book fills in. */
export function contactToRecipient(
  contact: Contact,
): Pick<
  OrderFormValues,
  'name' | 'company_name' | 'country' | 'state_province_code' | 'zipcode' | 'housenumber' | 'address_1' | 'address_2' | 'city' | 'email' | 'phone'
> {
  return {
    name: contact.name,
    company_name: contact.company_name ?? '',
    country: contact.country,
    state_province_code: contact.state_province_code,
    zipcode: contact.zipcode,
    housenumber: contact.housenumber ?? '',
    address_1: contact.address_1,
    address_2: contact.address_2 ?? '',
    city: contact.city ?? '',
    email: contact.email ?? '',
    phone: contact.phone ?? '',
  };
}
