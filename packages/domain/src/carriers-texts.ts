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
  /** The answer could not be read (not JSON, broken off): nothing of it is used. */
  unreadable: (carrier: string): string => `${carrier} gaf een onleesbaar antwoord. Probeer het later opnieuw; er is geen label gemaakt.`,
  /** The reason when the carrier's label is no PDF. */
  labelNotPdf: 'het label is geen PDF',
  /** The carrier's API address (base_url) points at a loopback, private or link-local address (docs/security.md). */
  addressRefused: (carrier: string): string => `Het API-adres van ${carrier} wijst naar een intern netwerkadres en wordt niet gebruikt. Controleer het API-adres van de koppeling; er is geen label gemaakt.`,
  /** An answer of the carrier that is no documented refusal: its body is logged, never shown. */
  refusedUnexplained: (carrier: string, status: number): string => `${carrier} weigerde het label (HTTP ${status}). Controleer de gegevens van de zending en de koppeling; er is geen label gemaakt.`,
  dhlLoginRefused: 'DHL weigerde de inloggegevens van deze koppeling. Controleer de gebruikers-ID en de API-sleutel.',
  dpdLoginRefused: 'DPD weigerde de inloggegevens van deze koppeling. Controleer de DelisID en het wachtwoord.',
  /** DPD's refusals a user can act on (its fault codes, docs/carriers.md). */
  dpdUnknownPostcode: (zipcode: string, country: string): string => `DPD kent de postcode ${zipcode} in ${country} niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.`,
  dpdTooHeavy: (maxKg: string): string => `Het pakket is te zwaar voor dit DPD-product (maximaal ${maxKg} kg). Verdeel het over meer pakketten of kies een ander verzendtype; er is geen label gemaakt.`,
  dpdRefusedCode: (code: string): string => `DPD weigerde het label (foutcode ${code}). Controleer het adres en het gewicht; er is geen label gemaakt.`,
  glsLoginRefused: 'GLS weigerde de inloggegevens van deze koppeling. Controleer de subscription key, de gebruikersnaam en het wachtwoord.',
  /** GLS's refusals (its envelope {error, message, errors}, docs/carriers.md): its reason when a user can act on it. */
  glsUnknownPostcode: (zipcode: string, country: string): string => `GLS kent de postcode ${zipcode} in ${country} niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.`,
  glsTooHeavy: (maxKg: string): string => `Het pakket is te zwaar voor GLS (maximaal ${maxKg} kg). Verdeel het over meer pakketten; er is geen label gemaakt.`,
  glsRefused: 'GLS weigerde het label. Controleer het adres, het gewicht en de gekozen opties; er is geen label gemaakt.',
  glsAlreadyCancelled: 'GLS kon het label niet annuleren: het pakket is al onderweg of het label bestaat niet meer.',
  upsLoginRefused: 'UPS weigerde de inloggegevens van deze koppeling. Controleer de client-ID en het client secret.',
  /** UPS's refusals a user can act on (its words, docs/carriers.md). */
  upsUnknownPostcode: (zipcode: string, country: string): string => `UPS kent de postcode ${zipcode} in ${country} niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.`,
  upsTooHeavy: (maxKg: string): string => `Het pakket is te zwaar voor UPS (maximaal ${maxKg} kg per pakket). Verdeel het over meer pakketten; er is geen label gemaakt.`,
  upsServiceUnavailable: (country: string): string => `Deze UPS-dienst is niet beschikbaar naar ${country}. Kies een ander verzendtype; er is geen label gemaakt.`,
  upsRefusedCode: (code: string): string => `UPS weigerde het label (foutcode ${code}). Controleer het adres en het gewicht; er is geen label gemaakt.`,
  /** A void UPS refused: the parcel may already be on its way. */
  upsCancelRefused: (code: string): string => `UPS kon de zending niet annuleren (foutcode ${code}). Mogelijk is het pakket al onderweg.`,
  bpostLoginRefused: 'bpost weigerde de inloggegevens van deze koppeling. Controleer het account-ID en de passphrase van de Shipping Manager.',
  /** bpost's refusals (its XML error body, docs/carriers.md): its reason when a user can act on it. */
  bpostUnknownPostcode: (zipcode: string, country: string): string => `bpost kent de postcode ${zipcode} in ${country} niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.`,
  bpostTooHeavy: (maxKg: string): string => `Het pakket is te zwaar voor bpost (maximaal ${maxKg} kg). Verdeel het over meer pakketten; er is geen label gemaakt.`,
  /** bpost cancels an order only while none of its boxes is handed over. */
  bpostCancelRefused: 'bpost kon de zending niet annuleren: het pakket is al aangemeld of onderweg.',
  bpostRefused: 'bpost weigerde het label. Controleer het adres, het gewicht en de gekozen opties; er is geen label gemaakt.',
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
  delisId: 'DelisID',
  password: 'Wachtwoord',
  delisIdRequired: 'Vul de DelisID van je DPD-account in.',
  passwordRequired: 'Vul het wachtwoord van je DPD-account in.',
  /** Linking checks DPD's login (it costs no shipment). */
  dpdCredentialsRefused: 'DPD kent deze DelisID met dit wachtwoord niet. Controleer ze in je DPD-account.',
  dpdUnreachable: 'DPD is nu niet bereikbaar om de inloggegevens te controleren. Probeer het later opnieuw.',
  baseUrlNotPublic: 'Dit webadres wijst naar een intern netwerkadres (zoals localhost of 192.168.x.x). Vul het openbare API-adres van de vervoerder in.',
  subscriptionKey: 'Subscription key',
  username: 'Gebruikersnaam',
  glsSubscriptionKeyRequired: 'Vul de subscription key van je GLS-account in.',
  glsUsernameRequired: 'Vul de gebruikersnaam van je GLS-account in.',
  glsPasswordRequired: 'Vul het wachtwoord van je GLS-account in.',
  glsCustomerNumberInvalid: 'Het GLS-klantnummer bestaat uit cijfers.',
  /** Linking asks GLS for one ParcelShop with the credentials (it costs no shipment). */
  glsCredentialsRefused: 'GLS kent deze gebruikersnaam met dit wachtwoord en deze subscription key niet. Controleer ze in je GLS-account.',
  glsUnreachable: 'GLS is nu niet bereikbaar om de inloggegevens te controleren. Probeer het later opnieuw.',
  clientId: 'Client-ID',
  clientSecret: 'Client secret',
  upsAccountNumber: 'UPS-accountnummer',
  clientIdRequired: (carrier: string): string => `Vul de client-ID van je ${carrier}-app in.`,
  clientSecretRequired: (carrier: string): string => `Vul het client secret van je ${carrier}-app in.`,
  upsAccountNumberInvalid: 'Het UPS-accountnummer bestaat uit 6 letters en cijfers.',
  /** Linking asks UPS for a token (it costs no shipment). */
  upsCredentialsRefused: 'UPS kent deze client-ID met dit client secret niet. Controleer ze bij je app op het UPS-ontwikkelaarsportaal.',
  upsUnreachable: 'UPS is nu niet bereikbaar om de inloggegevens te controleren. Probeer het later opnieuw.',
  bpostAccountId: 'Account-ID (Shipping Manager)',
  passphrase: 'Passphrase',
  bpostAccountIdInvalid: 'Het bpost-account-ID bestaat uit cijfers.',
  bpostPassphraseRequired: 'Vul de passphrase van je bpost Shipping Manager in.',
  /** Linking asks bpost for the account's product configuration (it costs no shipment). */
  bpostCredentialsRefused: 'bpost kent dit account-ID met deze passphrase niet. Controleer ze in de Shipping Manager onder Admin, API.',
  bpostUnreachable: 'bpost is nu niet bereikbaar om de inloggegevens te controleren. Probeer het later opnieuw.',
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
  saturday: 'Zaterdaglevering',
  express: 'Express (volgende werkdag voor 12.00 uur)',
  addresseeOnly: 'Alleen aan de geadresseerde',
  predict: 'Predict: bezorgmoment per e-mail of sms aan de ontvanger',
} as const;

/** The names of the shipment types the carriers share. */
export const shipmentTypeNames = {
  parcel: 'Pakket',
  letterbox: 'Brievenbuspakje',
  business: 'Zakelijk pakket',
  parcelLetter: 'Brievenbuspakje (DPD Parcel Letter)',
  upsStandard: 'Pakket (UPS Standard)',
  upsSaver: 'Express Saver (UPS Express Saver)',
  upsExpress: 'Express (UPS Express)',
  bpostBusiness: 'Zakelijk pakket (bpack 24h business)',
} as const;
