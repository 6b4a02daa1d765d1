/**
 * Dutch texts of the price table of proxy labels and of the label_price invoice items
 * (apps/server/src/billing/). The option names come from carriers-texts.ts.
 */

export const billingTexts = {
  /** The price zones (billing/pricing.ts PriceZone). */
  zoneNames: { NL: 'Nederland', EU: 'EU', WORLD: 'buiten de EU' },
  /** "1,5 kg" */
  weight: (grams: number): string => `${(grams / 1000).toLocaleString('nl-NL')} kg`,
  /** A weight bracket: "PostNL Pakket Nederland tot 2 kg". */
  bracket: (carrier: string, shipmentType: string, zone: string, weight: string): string => `${carrier} ${shipmentType} ${zone} tot ${weight}`,
  /** A surcharge row of an option: "Toeslag handtekening bij aflevering". */
  surcharge: (option: string): string => `Toeslag ${option.charAt(0).toLowerCase()}${option.slice(1)}`,
  insuranceUpTo: (euros: number): string => `Verzekering tot € ${euros.toLocaleString('nl-NL')}`,
  /** Before each part of a label of several packages: "Pakket 2: ". */
  packagePrefix: (position: number): string => `Pakket ${position}: `,
  /** What a refund item of a deleted label gives back. */
  refundedLabelPrice: 'labelprijs van een verwijderd label dat nooit aan de vervoerder is overgedragen',
} as const;
