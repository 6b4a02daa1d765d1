/**
 * Dutch texts of linking couriers and of proxy-label prices (orders spec §5, §7; account
 * spec §2 /settings/services/courier, §8). Texts the specs give are copied exactly; the
 * others are ours.
 */

/** Server messages of the courier calls and of the price table (account spec §8). */
export const courierServerTexts = {
  notFound: 'Vervoerder niet gevonden.',
  classNotFound: 'Deze vervoerder bestaat niet.',
  /** Account spec §8, validation: "courier not found (probably deactivated)". */
  probablyDeactivated: 'Vervoerder niet gevonden (waarschijnlijk gedeactiveerd).',
  /** Account spec §8, other messages. */
  notActive: 'Deze vervoerder is niet actief!',
  /** Orders spec §5: an inactive courier. */
  inactiveCourier: 'Kies een vervoerder die niet is verwijderd',
  labelRequired: 'Vul een naam in.',
  labelTooLong: (max: number) => `Een naam heeft hoogstens ${max} tekens.`,
  platformFieldsFixed: 'De gegevens van een contract van Verzendhuis kun je niet wijzigen.',
  contractChoice: "Kies 'platform' voor het contract van Verzendhuis, of laat dit veld weg voor een eigen contract.",
  settingsUnreadable: 'De opgeslagen gegevens van deze koppeling zijn niet meer leesbaar. Vul ze opnieuw in.',
  /** Account spec §8: unknown_pricing_option, "price unknown for {courier_class} {shipment_type}: {field}". */
  unknownPrice: (courierClass: string, shipmentType: string, field: string) => `Prijs onbekend voor ${courierClass} ${shipmentType}: ${field}.`,
} as const;

/** The message_codes of the courier calls, with their messages (account spec §8). */
export const courierErrorMessages = {
  courier_not_found: courierServerTexts.notFound,
  courier_class_not_found: courierServerTexts.classNotFound,
  courier_not_active: courierServerTexts.notActive,
} as const;

/** The courier settings screen (/settings/services/courier). */
export const courierSettingsTexts = {
  intro:
    'Koppel je eigen contract met een vervoerder (je labels gaan dan op jouw rekening bij de vervoerder) of gebruik een contract van Verzendhuis (je betaalt per label aan Verzendhuis).',
  linkCourier: 'Vervoerder koppelen',
  empty: 'Je hebt nog geen vervoerder gekoppeld.',
  loadFailed: 'De vervoerders konden niet worden geladen.',
  countersOwn: 'Eigen contracten',
  countersProxy: 'Contracten via Verzendhuis',
  columns: { name: 'Naam', courier: 'Vervoerder', contract: 'Contract', status: 'Status', actions: 'Acties' },
  contractOwn: 'Eigen contract',
  contractPlatform: 'Via Verzendhuis',
  active: 'Actief',
  inactive: 'Gedeactiveerd',
  edit: 'Bewerken',
  deactivate: 'Deactiveren',
  reactivate: 'Opnieuw activeren',
  deactivateTitle: 'Vervoerder deactiveren',
  deactivateQuestion: (name: string) =>
    `Weet je zeker dat je ${name} wilt deactiveren? Bestellingen met deze vervoerder krijgen pas weer een label als je een andere vervoerder kiest of deze opnieuw activeert.`,
  deactivateConfirm: 'Deactiveren',
  deactivated: 'Vervoerder gedeactiveerd',
  reactivated: 'Vervoerder opnieuw geactiveerd',
  saved: 'Vervoerder opgeslagen',
  linked: 'Vervoerder gekoppeld',
  invalidInput: 'Ongeldige invoer, controleer de velden',
  linkTitle: 'Vervoerder koppelen',
  editTitle: 'Vervoerder bewerken',
  chooseClass: 'Vervoerder',
  chooseClassPlaceholder: 'Kies een vervoerder',
  chooseContract: 'Contract',
  ownContract: 'Eigen contract',
  ownContractHint: 'Vul de gegevens in die je van de vervoerder hebt gekregen.',
  platformContract: (name: string) => `${name} (Verzendhuis factureert per label)`,
  platformContractHint: 'Je hebt geen eigen account nodig. Elk label komt met zijn prijs op je factuur van Verzendhuis.',
  noFieldsNeeded: 'Deze vervoerder heeft geen gegevens nodig.',
  name: 'Naam',
  nameDescription: 'Zo heet de vervoerder in je bestellingen en labels.',
  secretKeep: 'Laat leeg om de opgeslagen waarde te houden',
  platformFieldsFixed: 'De gegevens van een contract van Verzendhuis beheert Verzendhuis.',
  cancel: 'Annuleren',
  link: 'Koppelen',
  save: 'Opslaan',
  prices: 'Prijzen per label',
  pricesIntro: 'Wat een label van een contract via Verzendhuis kost (excl. btw), per zone en gewicht. Toeslagen komen er per pakket bij.',
  priceColumns: { courier: 'Vervoerder', type: 'Verzendtype', zone: 'Zone', weight: 'Gewicht tot', option: 'Toeslag', price: 'Prijs' },
  zones: { NL: 'Nederland', EU: 'Europese Unie', WORLD: 'Buiten de EU' } as Record<string, string>,
  surcharge: 'toeslag',
} as const;
