import type { Organisation, OrganisationAddress } from '@verzendhuis/contract/user';
import type { CarrierAddress } from '../carriers/types';
import type { OrderRow } from '../orders/repository';

/**
 * Who a label goes from and to. An outgoing label: from the organisation's address to
 * the order's customer. A return label: from the customer to the organisation's return
 * address, which is the /settings/return address once an organisation can set one (issue
 * 14: pass it as `returnAddress`), else its own address.
 */

/** What an order says of its customer. */
export type OrderCustomer = Pick<OrderRow, 'name' | 'companyName' | 'address1' | 'housenumber' | 'address2' | 'zipcode' | 'city' | 'country' | 'email' | 'phone'>;

/** The order's customer, as the order has them. */
export function customerParty(order: OrderCustomer): CarrierAddress {
  return {
    name: order.name ?? '',
    company_name: order.companyName,
    address_1: order.address1 ?? '',
    housenumber: order.housenumber,
    address_2: order.address2,
    zipcode: order.zipcode ?? '',
    city: order.city ?? '',
    country: order.country,
    email: order.email,
    phone: order.phone,
  };
}

/** An address of the organisation, with its contact details: a company, so no person's name. */
export function organisationParty(address: OrganisationAddress, contact: Organisation['contact']): CarrierAddress {
  return {
    name: '',
    company_name: address.company_name,
    address_1: address.address_1,
    housenumber: address.housenumber,
    housenumber_addition: address.housenumber_addition,
    zipcode: address.zipcode ?? '',
    city: address.city,
    country: address.country,
    email: contact.email,
    phone: contact.phone,
  };
}

export function shipmentParties({
  order,
  organisation,
  organisationAddress,
  returnAddress = null,
  isReturn,
}: {
  order: OrderCustomer;
  organisation: Pick<Organisation, 'contact'>;
  /** The organisation's own address (label creation refuses without one: `sender_address_missing`). */
  organisationAddress: OrganisationAddress;
  /** Where returns go when it is not the organisation's own address (issue 14, /settings/return). */
  returnAddress?: OrganisationAddress | null;
  isReturn: boolean;
}): { sender: CarrierAddress; receiver: CarrierAddress } {
  const customer = customerParty(order);
  if (!isReturn) return { sender: organisationParty(organisationAddress, organisation.contact), receiver: customer };
  return { sender: customer, receiver: organisationParty(returnAddress ?? organisationAddress, organisation.contact) };
}
