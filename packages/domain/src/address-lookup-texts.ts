/**
 * The postcode helper (orders spec §2.8 and §5, account spec §5): street and town from a
 * Dutch postcode and house number. The specs give no texts for a lookup that finds nothing
 * or cannot be done; these are ours (docs/orders-web.md, "Address helper").
 */
export const addressLookupTexts = {
  /** No address, or more than one, for this postcode and number: nothing is filled. */
  notFound: 'Geen adres gevonden bij deze postcode en dit huisnummer. Vul straat en plaats zelf in.',
  /** The lookup service did not answer, or answered with an error. */
  unavailable: 'De adreszoeker is nu niet bereikbaar. Vul straat en plaats zelf in.',
} as const;

/** The message_codes of GET address/lookup, with their messages. */
export const addressLookupErrorMessages = {
  address_lookup_unavailable: addressLookupTexts.unavailable,
} as const;
