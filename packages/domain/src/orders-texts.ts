/**
 * Dutch texts of the dashboard, the orders table and the order form (orders spec
 * §2.3, §2.4, §2.8, §8). Texts the spec gives are copied exactly; the others are ours.
 */

export const dashboardTexts = {
  newShipment: 'Nieuwe zending',
  moreActions: 'Meer acties',
  uploadCsv: 'Upload CSV',
  generateTestOrders: 'Genereer test orders',
  /** A tab counter; one that stopped counting at its bound (a search) as "100+". */
  tabCount: (count: number, atLeast: boolean): string => (atLeast ? `${count}+` : String(count)),
  testOrdersGenerated: (count: number): string => `${count} ${count === 1 ? 'testorder' : 'testorders'} aangemaakt!`,
  tabsLabel: 'Overzichten',
  allOrders: 'Alle bestellingen',
  problematicOrders: 'Met problemen',
  ordersFilterLabel: 'Welke bestellingen',
} as const;

/** Texts of the shared list machinery: search, sorting, paging, selection, refresh. */
export const dataTableTexts = {
  searchLabel: 'Zoeken',
  searchPlaceholder: 'Zoek op ordernummer, naam of plaats',
  newData: 'Data laden',
  newDataHint: 'Er zijn nieuwe gegevens beschikbaar.',
  selectAll: 'Alles op deze pagina selecteren',
  selectRow: (label: string): string => `Selecteer ${label}`,
  selected: (count: number): string => `${count} geselecteerd`,
  clearSelection: 'Selectie opheffen',
  sortAscending: 'oplopend gesorteerd',
  sortDescending: 'aflopend gesorteerd',
  sortBy: (column: string): string => `Sorteer op ${column}`,
  range: (from: number, to: number, total: number, lowerBound: boolean): string =>
    `${from}–${to} van ${lowerBound ? 'meer dan ' : ''}${total}`,
  noResults: 'Geen resultaten voor je zoekopdracht.',
  pageSize: 'Per pagina',
  loading: 'Bezig met laden…',
  loadFailed: 'De lijst kon niet worden geladen.',
  retry: 'Opnieuw proberen',
  pagination: 'Paginering',
} as const;

export const ordersTableTexts = {
  columns: {
    shop: 'Webwinkel',
    orderNumber: 'Ordernummer',
    status: 'Status',
    shopStatus: 'Winkelstatus',
    name: 'Naam',
    shippingMethod: 'Verzendmethode',
    country: 'Land',
    orderDate: 'Besteldatum',
    actions: 'Acties',
  },
  manual: 'Handmatig',
  empty: '–',
  statusInfoCount: (count: number): string => `${count} ${count === 1 ? 'melding' : 'meldingen'}`,
  noStatusInfo: 'Geen meldingen',
  edit: 'Bewerken',
  duplicate: 'Dupliceren',
  delete: 'Verwijderen',
  rowActions: (orderNumber: string): string => `Acties voor ${orderNumber}`,
  bulkUpdate: 'Bijwerken',
  bulkDelete: 'Verwijderen',
  bulkReset: 'Verzendregels opnieuw toepassen',
  deleteOneTitle: 'Bestelling verwijderen',
  deleteOneMessage: 'Weet je zeker dat je deze bestelling wilt verwijderen? Dit kan niet ongedaan worden gemaakt.',
  deleteManyTitle: 'Bestellingen verwijderen',
  deleteManyMessage: (count: number): string =>
    `Weet je zeker dat je ${count} ${count === 1 ? 'bestelling' : 'bestellingen'} wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`,
  deleteConfirm: 'Verwijderen',
  resetTitle: 'Verzendregels opnieuw toepassen',
  resetMessage: (count: number): string =>
    `De verzendregels worden opnieuw toegepast op ${count} ${count === 1 ? 'bestelling' : 'bestellingen'}. Wijzigingen die je met de hand hebt gemaakt aan vervoerder en verzendmethode kunnen daarbij worden overschreven.`,
  resetConfirm: 'Opnieuw toepassen',
  orderDeleted: 'Order verwijderd!',
  ordersDeleted: 'Orders verwijderd!',
  ordersReset: 'Orders gereset!',
  noShopsTitle: 'Koppel je eerste webwinkel',
  noShops: 'Je hebt nog geen webwinkel gekoppeld. Koppel je webwinkel, dan komen je bestellingen hier vanzelf binnen.',
  noShopsLink: 'Webwinkel koppelen',
  allProcessed: 'Goed bezig! Alle bestellingen zijn verwerkt.',
  noProblems: 'Er zijn geen bestellingen met problemen.',
  noOtherOrders: 'Er zijn geen overige bestellingen.',
} as const;

export const orderFormTexts = {
  titles: { create: 'Nieuwe zending', edit: 'Bestelling aanpassen', duplicate: 'Bestelling dupliceren' },
  sections: { recipient: 'Ontvanger', order: 'Order', shipment: 'Zending', packages: 'Pakket(ten)', lines: 'Orderregels' },
  fields: {
    name: 'Naam',
    company_name: 'Bedrijfsnaam',
    country: 'Land',
    zipcode: 'Postcode',
    housenumber: 'Huisnummer',
    address_1: 'Adres',
    address_2: 'Adresregel 2',
    address_2Placeholder: 'Bijvoorbeeld: 2e verdieping',
    city: 'Plaats',
    state_province_code: 'Staat of provincie',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    order_number: 'Ordernummer',
    order_date: 'Besteldatum',
    currency: 'Valuta',
    order_status: 'Winkelstatus',
    courier_id: 'Vervoerder',
    shipment_type: 'Verzendmethode',
  },
  countryNotFound: 'Land niet gevonden',
  stateNotFound: 'Niet gevonden',
  addressBook: 'Adresboek',
  noCourierLinked: 'Je hebt nog geen vervoerder gekoppeld. Koppel een vervoerder om zendingen te kunnen versturen.',
  noCourierLink: 'Vervoerder koppelen',
  inactiveCourier: (label: string): string => `${label} (verwijderd)`,
  noShipmentTypes: 'Deze vervoerder heeft geen verzendmethoden',
  package: (index: number): string => `Pakket ${index}`,
  packageWeight: (index: number): string => `Gewicht pakket ${index} (gram)`,
  addPackage: 'Pakket toevoegen',
  removePackage: (index: number): string => `Pakket ${index} verwijderen`,
  maxPackages: (max: number): string => `Deze vervoerder neemt maximaal ${max} ${max === 1 ? 'pakket' : 'pakketten'} per zending mee.`,
  separateLabelsNote: 'Boven 30 kg in totaal zijn aparte labels per pakket meestal voordeliger.',
  lines: {
    name: 'Naam',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit_price_inc_btw: 'Prijs per stuk incl. btw',
    weight: 'Gewicht (g)',
    weightTooltip: 'Boven 31 kg rekent de vervoerder extra kosten.',
    sku: 'SKU',
    ean_code: 'EAN',
    hs_code: 'HS-code',
    category: 'Categorie',
    product_country: 'Land van herkomst',
    actions: 'Acties',
  },
  lineLabel: (index: number, field: string): string => `${field} regel ${index}`,
  addLine: 'Regel toevoegen',
  removeLine: (index: number): string => `Regel ${index} verwijderen`,
  noLines: 'Deze bestelling heeft nog geen orderregels.',
  save: 'Opslaan',
  cancel: 'Annuleren',
  created: 'Zending aangemaakt',
  updated: 'Bestelling aangepast',
  duplicated: 'Bestelling gedupliceerd',
  /** Saved, but stored as incomplete or error: the form stays open with the problems (ours; the spec names no text). */
  savedWithProblems: 'Opgeslagen met problemen: los ze op om een label te kunnen maken.',
  invalidInput: 'Ongeldige invoer, controleer de velden',
  saveFailed: 'De bestelling kon niet worden opgeslagen. Probeer het opnieuw.',
  notFoundTitle: 'Bestelling niet gevonden',
  notFound: 'Deze bestelling bestaat niet (meer) of is verwijderd.',
  backToOrders: 'Terug naar bestellingen',
  loadFailed: 'De bestelling kon niet worden geladen.',
  problemsTitle: 'Deze bestelling is nog niet klaar om te verzenden',
  readyToShip: 'Klaar om te verzenden',
  status: 'Status',
  structural: {
    required: 'Vul dit veld in.',
    number: 'Vul een getal in.',
    integer: 'Vul een heel getal in.',
    min: (min: number): string => `Vul minimaal ${min} in.`,
    max: (max: number): string => `Vul maximaal ${max} in.`,
    tooLong: (max: number): string => `Gebruik maximaal ${max} tekens.`,
    decimals: 'Gebruik maximaal twee cijfers achter de komma.',
    choice: 'Kies een waarde uit de lijst.',
    invalid: 'Deze waarde klopt niet.',
    packagesMin: 'Een zending heeft minimaal één pakket.',
  },
} as const;

export const addressBookTexts = {
  title: 'Adresboek',
  searchLabel: 'Zoek een contact',
  searchPlaceholder: 'Naam, bedrijf, postcode of plaats',
  empty: 'Je adresboek is nog leeg. Contacten voeg je toe onder Instellingen, Adresboek.',
  noResults: 'Geen contacten gevonden.',
  loadFailed: 'Het adresboek kon niet worden geladen.',
  pick: 'Kiezen',
  cancel: 'Annuleren',
  listLabel: 'Contacten',
} as const;

export const duplicateDialogTexts = {
  title: 'Bestelling dupliceren',
  intro: 'Wat wil je overnemen van de oorspronkelijke bestelling?',
  transferOrderNumber: 'Ordernummer overnemen',
  transferShipmentSettings: 'Verzendinstellingen overnemen (vervoerder, verzendmethode, opties en pakketten)',
  remembered: 'Je keuze wordt op dit apparaat onthouden.',
  confirm: 'Dupliceren',
  cancel: 'Annuleren',
} as const;

/** Refusals of the order calls that are not a rule of the order itself. */
export const orderRequestTexts = {
  /** courier_id names no courier of this organisation (an unknown id, or another organisation's). */
  courierNotOwned: 'Deze vervoerder hoort niet bij je account. Kies een van je vervoerders.',
} as const;

/** The message_codes of the order calls, with their messages. */
export const orderErrorMessages = {
  order_not_found: 'Order niet gevonden.',
  /** POST order/generatetestorders outside the trial. */
  trial_only: 'Test orders maken kan alleen tijdens de proefperiode.',
} as const;

/** The contract's checks of an order body (order/create, POST order/{id}, order/bulk). */
/** The most carrier options (courier_fields) an order or a shipping rule carries: each class has a handful. */
export const courierFieldsMax = 50;

export const orderInputTexts = {
  courierFieldsTooMany: `Een zending heeft hoogstens ${courierFieldsMax} vervoerdersopties.`,
  itemNameRequired: 'Vul de naam van het artikel in.',
  quantityRequired: 'Vul een aantal in.',
  quantityWhole: 'Het aantal is een heel getal.',
  quantityMin: 'Het aantal is minimaal 1.',
  quantityMax: 'Het aantal is maximaal 100.000.',
  priceRequired: 'Vul een prijs in.',
  priceNegative: 'De prijs kan niet negatief zijn.',
  priceTooHigh: 'De prijs is te hoog.',
  priceCents: 'Gebruik hoogstens twee cijfers achter de komma.',
  packageWeightRequired: 'Vul het gewicht in grammen in.',
  weightWhole: 'Het gewicht is een heel aantal grammen.',
  weightNegative: 'Het gewicht kan niet negatief zijn.',
  weightTooHigh: 'Het gewicht is te hoog.',
  countryRequired: 'Kies een land uit de lijst.',
  orderDateInvalid: 'Geen geldige besteldatum. Gebruik bijvoorbeeld 2026-11-23, 23-11-2026 of 2026-11-23 10:23:45 +0100.',
} as const;

/** The check of the body of order/packingslipdoc. */
export const packingSlipRequestTexts = {
  ordersOrLabels: 'Kies bestellingen of labels.',
} as const;

/** Bulk edit of the orders table (Bijwerken on a selection): the dialog, its refusals and its toast. */
export const orderBulkEditTexts = {
  title: 'Bestellingen bijwerken',
  selected: (count: number): string => `${count} geselecteerd`,
  intro: 'Alleen wat je hier invult of kiest wordt gewijzigd; lege velden blijven zoals ze zijn. Extra pakketten krijgen het gewicht van het laatste. Daarna worden de bestellingen opnieuw gecontroleerd.',
  courier: 'Vervoerder',
  shipmentType: 'Verzendmethode',
  unchanged: 'Niet wijzigen',
  changed: 'Wordt gewijzigd',
  shipmentTypeNeedsCourier: 'Kies eerst een vervoerder',
  options: 'Opties van de vervoerder',
  optionsNeedCourier: 'De gekozen bestellingen hebben niet allemaal dezelfde vervoerder: kies een vervoerder om verzendmethode en opties te wijzigen.',
  clearOptions: 'Opties niet wijzigen',
  packageCount: 'Aantal pakketten',
  packageCountHint: (max: number): string => `1 tot en met ${max}`,
  weight: 'Gewicht per pakket (gram)',
  weightHint: 'Voor elk pakket van de bestelling',
  submit: 'Bijwerken',
  revalidateOnly: 'Alleen opnieuw controleren',
  cancel: 'Annuleren',
  nothingChosen: 'Kies wat je wilt wijzigen, of kies Alleen opnieuw controleren.',
  /** Refusals of updatebulkorders; nothing is written. */
  refusals: {
    shipmentTypeNotOfCourier: 'Deze verzendmethode hoort niet bij de vervoerder van alle gekozen bestellingen.',
    tooManyPackages: (max: number): string => `De vervoerder van deze bestellingen neemt maximaal ${max} ${max === 1 ? 'pakket' : 'pakketten'} per zending mee.`,
    packageCount: 'Vul een aantal pakketten van 1 tot en met 50 in.',
    weight: 'Vul een gewicht in hele grammen in, groter dan 0.',
  },
  /** The toast after a bulk update: how many changed, and how they stand now. */
  result: ({ affected, skipped, statuses }: { affected: number; skipped: number; statuses: { ready: number; warning: number; incomplete: number; error: number } }): string => {
    const orders = (n: number) => `${n} ${n === 1 ? 'bestelling' : 'bestellingen'}`;
    const problems = statuses.incomplete + statuses.error;
    const parts = [
      statuses.ready > 0 ? `${statuses.ready} klaar om te verzenden` : null,
      statuses.warning > 0 ? `${statuses.warning} met een waarschuwing` : null,
      problems > 0 ? `${problems} met problemen` : null,
    ].filter((p): p is string => p !== null);
    const head = affected === 0 ? 'Geen bestellingen bijgewerkt' : `${orders(affected)} bijgewerkt${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
    const tail = skipped > 0 ? `. ${orders(skipped)} overgeslagen (al een label, of niet meer in Bestellingen).` : '';
    return `${head}${tail}`;
  },
} as const;
