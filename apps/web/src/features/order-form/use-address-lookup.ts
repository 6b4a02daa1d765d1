import { useRef } from 'react';
import { useApiClient } from '../../app/api/use-api-client';
import { addressLookupQuery } from './address-lookup';
import type { OrderFormValues } from './form-values';

/** What the lookup reads and fills: the order form's recipient, or the organisation's address (account/organisation-form). */
export interface AddressLookupTarget {
  form: { getValues: () => Pick<OrderFormValues, 'country' | 'zipcode' | 'housenumber'> };
  fillRecipient: (found: { address_1: string; city: string }) => void;
}

/**
 * Orders spec §2.8 address helper: leaving the postcode or house number of a Dutch
 * address looks it up (GET /api/address/lookup) and, when found, fills street and city.
 * A failed or empty lookup changes nothing: the user types the address instead.
 */
export function useAddressLookup(ctl: AddressLookupTarget): () => void {
  const client = useApiClient();
  const lastQuery = useRef<string | null>(null);
  return () => {
    const query = addressLookupQuery(ctl.form.getValues());
    if (!query) return;
    const key = `${query.zipcode}|${query.housenumber}`;
    if (key === lastQuery.current) return;
    lastQuery.current = key;
    client.address
      .lookup(query)
      .then(({ data }) => {
        const now = addressLookupQuery(ctl.form.getValues());
        // Only when the fields still hold what was looked up.
        if (data && now && `${now.zipcode}|${now.housenumber}` === key) {
          ctl.fillRecipient({ address_1: data.address_1, city: data.city });
        }
      })
      .catch((error: unknown) => {
        lastQuery.current = null;
        console.warn('Address lookup failed', error);
      });
  };
}
