import { useRef, useState } from 'react';
import { ApiError } from '@verzendhuis/contract/client';
import { addressLookupTexts } from '@verzendhuis/domain/address-lookup-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { addressLookupQuery } from './address-lookup';
import type { OrderFormValues } from './form-values';

/** What the lookup reads and fills: the order form's recipient, or the organisation's address (account/organisation-form). */
export interface AddressLookupTarget {
  form: { getValues: () => Pick<OrderFormValues, 'country' | 'zipcode' | 'housenumber'> };
  /** The values as rendered now: the notice shows while they still hold what was looked up. */
  values: Pick<OrderFormValues, 'country' | 'zipcode' | 'housenumber'>;
  fillRecipient: (found: { address_1: string; city: string }) => void;
}

/** Why the helper filled nothing: found nothing (or more than one address), or could not ask. */
type LookupOutcome = 'notFound' | 'unavailable';

/** A lookup the server could not do (503 address_lookup_unavailable, any 5xx) or that got no answer at all. */
function isUnavailable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const keyOf = (query: { zipcode: string; housenumber: string } | null) => (query ? `${query.zipcode}|${query.housenumber}` : null);

/**
 * Orders spec §2.8 address helper: leaving the postcode or house number of a Dutch
 * address looks it up (GET /api/address/lookup) and, when found, fills street and city.
 * When it finds nothing or the lookup service cannot be reached, `notice` says so (while
 * the fields still hold what was looked up) and street and city stay the user's to type.
 */
export function useAddressLookup(ctl: AddressLookupTarget): { lookUp: () => void; notice: string | null } {
  const client = useApiClient();
  const lastQuery = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<{ key: string; kind: LookupOutcome } | null>(null);

  const lookUp = () => {
    const query = addressLookupQuery(ctl.form.getValues());
    const key = keyOf(query);
    if (!query || !key || key === lastQuery.current) return;
    lastQuery.current = key;
    setOutcome(null);
    // Only while the fields still hold what was looked up.
    const stillAsked = () => keyOf(addressLookupQuery(ctl.form.getValues())) === key;
    client.address
      .lookup(query)
      .then(({ data }) => {
        if (!stillAsked()) return;
        if (data) ctl.fillRecipient({ address_1: data.address_1, city: data.city });
        else setOutcome({ key, kind: 'notFound' });
      })
      .catch((error: unknown) => {
        // Leaving the field again asks again.
        lastQuery.current = null;
        if (stillAsked()) setOutcome({ key, kind: isUnavailable(error) ? 'unavailable' : 'notFound' });
      });
  };

  const shown = outcome && outcome.key === keyOf(addressLookupQuery(ctl.values)) ? addressLookupTexts[outcome.kind] : null;
  return { lookUp, notice: shown };
}
