/**
 * Dutch texts of the carrier adapters (apps/server/src/carriers/<class>/): what a carrier
 * call tells the user when it makes no label, the settings of an own contract, and the
 * order fields and shipment types the carriers offer. Carrier names (PostNL, DHL Parcel,
 * Testvervoerder) are names, not texts; they stay in each carrier's meta.ts.
 */

/** Why a carrier made no label (the message of a CarrierError). */
export const carrierLabelTexts = {
  refused: (carrier: string, reason: string): string => `${carrier} weigerde het label: ${reason}`,
  /** The reason when the carrier's answer holds no label. */
  noLabelInAnswer: 'geen label in het antwoord',
  unavailable: (carrier: string): string => `${carrier} is nu niet bereikbaar. Probeer het later opnieuw; er is geen label gemaakt.`,
  timeout: (carrier: string): string => `${carrier} antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.`,
  /** The carrier's API address (base_url) points at a loopback, private or link-local address (docs/security.md). */
  addressRefused: (carrier: string): string => `Het API-adres van ${carrier} wijst naar een intern netwerkadres en wordt niet gebruikt. Controleer het API-adres van de koppeling; er is geen label gemaakt.`,
  /** An answer of the carrier that is no documented refusal: its body is logged, never shown. */
  refusedUnexplained: (carrier: string, status: number): string => `${carrier} weigerde het label (HTTP ${status}). Controleer de gegevens van de zending en de koppeling; er is geen label gemaakt.`,
  dhlLoginRefused: 'DHL weigerde de inloggegevens van deze koppeling. Controleer de gebruikers-ID en de API-sleutel.',
  /** The Testvervoerder cancels a parcel only until it is picked up. */
  testAlreadyPickedUp: 'Het pakket is al opgehaald door de Testvervoerder en kan niet meer worden geannuleerd.',
} as const;

/** The settings of an own contract: the field labels and the checks of each class's settings schema. */
export const carrierSettingsTexts = {
  apiKey: 'API-sleutel',
  customerCode: 'Klantcode',
  customerNumber: 'Klantnummer',
  userId: 'Gebruikers-ID',
  accountNumber: 'Accountnummer',
  baseUrl: 'API-adres (alleen wijzigen voor een testomgeving)',
  apiKeyRequired: (carrier: string): string => `Vul de API-sleutel van ${carrier} in.`,
  userIdRequired: (carrier: string): string => `Vul de gebruikers-ID van ${carrier} in.`,
  customerCodeInvalid: 'De klantcode bestaat uit 1 tot 4 hoofdletters.',
  customerNumberInvalid: 'Het klantnummer bestaat uit cijfers.',
  accountNumberInvalid: 'Het accountnummer bestaat uit cijfers.',
  baseUrlInvalid: 'Vul een geldig webadres in.',
  baseUrlNotPublic: 'Dit webadres wijst naar een intern netwerkadres (zoals localhost of 192.168.x.x). Vul het openbare API-adres van de vervoerder in.',
} as const;

/** The order fields the carriers offer (the order form's courier fields) and their options. */
export const carrierOrderFieldTexts = {
  signature: 'Handtekening bij aflevering',
  noNeighbours: 'Niet bij de buren',
  /** PostNL's name for the same option. */
  homeAddressOnly: 'Alleen op huisadres (niet bij de buren)',
  evening: 'Avondlevering',
  insurance: 'Verzekering',
  insuranceNone: 'Geen',
  insuranceUpTo: (euros: number): string => `Tot € ${euros.toLocaleString('nl-NL')}`,
  deliveryDate: 'Bezorgdatum',
  reference: 'Referentie op het label',
} as const;

/** The names of the shipment types the carriers share. */
export const shipmentTypeNames = {
  parcel: 'Pakket',
  letterbox: 'Brievenbuspakje',
} as const;
