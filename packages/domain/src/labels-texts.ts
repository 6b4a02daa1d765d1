/**
 * Dutch texts of label creation, printing, the label tabs and the label page
 * (orders spec §2.3, §2.5, §2.7, §2.8, §4, §8; account spec §4). Texts the specs give
 * are copied exactly; the others are ours.
 */
import { orderErrorMessages } from './orders-texts';

/** Orders spec §4: the label statuses as shown; anything else is "Onbekend". */
export const labelStatusTexts = {
  ready: 'Klaar',
  printed: 'Geprint',
  shipped: 'Verzonden',
  delayed: 'Vertraagd',
  error: 'Leveringsfout',
  canceled: 'Geannuleerd',
  completed: 'Bezorgd',
  unknown: 'Onbekend',
} as const;

/** Orders spec §2.8 and §9: the print controls. */
export const printControlsTexts = {
  settings: 'Labelinstellingen',
  format: 'Formaat',
  formats: { a4: 'A4 (vier per pagina)', a6: 'A6 (één per pagina)' },
  formatShort: { a4: 'A4', a6: 'A6' },
  mode: 'Afdrukken via',
  modes: { pdf: 'Downloaden als PDF', printer: 'Printer' },
  printerFallback: 'De printclient is niet klaar. De labels zijn als PDF gedownload.',
  position: 'Startpositie',
  positionHint: 'Waar het eerste label op de eerste A4-pagina komt. Na gebruik staat de startpositie weer op 1.',
  positionNames: { 1: 'linksboven', 2: 'rechtsboven', 3: 'linksonder', 4: 'rechtsonder' },
  positionLabel: (position: number, name: string): string => `Positie ${position} (${name})`,
  settingsSummary: (format: string, position: number | null): string =>
    position === null ? format : `${format}, start op positie ${position}`,
  remembered: 'Je instellingen worden op dit apparaat onthouden.',
  createLabels: 'Labels aanmaken',
  createLabel: 'Label maken',
  downloadPdf: 'PDF downloaden',
  print: 'Printen',
  saveFirst: 'Sla de bestelling eerst op.',
  fixProblemsFirst: 'Los eerst de problemen van deze bestelling op.',
  pdfFailed: 'De PDF kon niet worden gemaakt. Probeer het opnieuw.',
  pdfReady: 'PDF gedownload',
} as const;

/** Account spec §4 "Label creation preconditions": the refusals before any label is made. */
export const labelRefusalTexts = {
  overduePayments: {
    title: 'Labels aanmaken is niet mogelijk',
    message: 'Je hebt helaas achterstallige betalingen in je account.',
    action: 'Naar facturatie',
  },
  accountManager: {
    title: 'Labels aanmaken is niet mogelijk',
    message: 'Neem contact op met de accountmanager',
    action: 'Naar het dashboard',
  },
  /** The trial ended without a plan chosen (docs/plans.md). */
  noPlan: {
    title: 'Geen abonnement',
    message: 'Je organisatie heeft geen abonnement meer: je proefperiode is afgelopen. Kies een abonnement om labels te kunnen aanmaken.',
    action: 'Abonnement kiezen',
  },
  quota: {
    title: 'Limiet bereikt!',
    message: (used: string, quota: string, requested: string): string =>
      `Je hebt deze maand ${used} van de ${quota} labels van je abonnement gebruikt en wilt er nu ${requested} aanmaken.`,
    action: 'Abonnement bekijken',
  },
  directDebit: {
    title: 'Geen automatische incasso',
    message: 'Stel een automatische incasso in om labels te kunnen aanmaken.',
    action: 'Incasso instellen',
  },
  /** The organisation has no address yet: it is the sender of every label (issue 11). */
  senderAddress: {
    title: 'Adres van je organisatie ontbreekt',
    message: 'Vul eerst het adres van je organisatie in bij Instellingen > Account: het staat als afzender op elk label. Er is geen label gemaakt.',
    action: 'Adres invullen',
  },
  close: 'Sluiten',
} as const;

/** Orders spec §4 "Label creation flow" and §8. */
export const labelCreationTexts = {
  busy: 'Labels worden aangemaakt…',
  warningsTitle: 'Let op',
  warningsIntro: 'Controleer deze meldingen voordat je de labels aanmaakt:',
  warningsConfirm: 'Labels aanmaken',
  warningsCancel: 'Annuleren',
  duplicatesTitle: (count: number): string => (count === 1 ? 'Deze bestelling heeft al een label' : 'Deze bestellingen hebben al een label'),
  duplicatesIntro: (count: number): string =>
    count === 1
      ? 'Deze bestelling heeft al een label. Gebruik het bestaande label of maak een nieuw label.'
      : `${count} bestellingen hebben al een label. Gebruik de bestaande labels of maak nieuwe labels.`,
  duplicatesChooseHint: 'Vink uit welke bestaande labels je niet wilt gebruiken.',
  duplicatesLoading: 'Bestaande labels ophalen…',
  duplicatesNoLabel: 'Geen bestaand label gevonden',
  useExisting: 'Bestaande labels gebruiken',
  createNew: 'Nieuwe labels maken',
  cancel: 'Annuleren',
  useLabel: (orderNumber: string): string => `Bestaand label van ${orderNumber} gebruiken`,
  columns: { order: 'Ordernummer', tracking: 'Trackingnummer', created: 'Aangemaakt', message: 'Melding' },
  created: (count: number): string => `${count} ${count === 1 ? 'label' : 'labels'} aangemaakt`,
  resultTitle: { partial: 'Niet alle labels zijn aangemaakt', failed: 'Er zijn geen labels aangemaakt' },
  resultCreated: (count: number): string =>
    count === 0 ? 'Er is geen label aangemaakt.' : `${count} ${count === 1 ? 'label is' : 'labels zijn'} aangemaakt.`,
  resultFailed: (count: number): string =>
    `Voor ${count} ${count === 1 ? 'bestelling' : 'bestellingen'} lukte het niet:`,
  close: 'Sluiten',
  networkTitle: 'Geen verbinding',
  networkMessage:
    'De labels konden niet worden aangevraagd doordat de verbinding wegviel. Probeer het opnieuw: labels die al zijn gemaakt, worden niet nog eens gemaakt.',
  networkRetry: 'Opnieuw proberen',
  noOrderNumber: '–',
} as const;

/** Orders spec §2.5: the label tabs. */
export const labelsTableTexts = {
  columns: {
    orderNumber: 'Ordernummer',
    status: 'Status',
    name: 'Naam',
    shippingMethod: 'Verzendmethode',
    country: 'Land',
    packages: 'Pakketten',
    trackingNumber: 'Trackingnummer',
    created: 'Aangemaakt',
    actions: 'Acties',
    marker: 'Markering',
    payment: 'Betaalmethode',
  },
  showPackages: (count: number): string => `${count} ${count === 1 ? 'pakket' : 'pakketten'} extra tonen`,
  hidePackages: 'Extra pakketten verbergen',
  details: 'Details',
  downloadPdf: 'PDF downloaden',
  empty: {
    labels: 'Er zijn nog geen labels. Maak labels aan in het tabblad Bestellingen.',
    tracking: 'Er zijn geen verzonden zendingen.',
    delivered: 'Er zijn nog geen bezorgde zendingen.',
    return: 'Er zijn nog geen retourlabels. Maak een retourlabel op de pagina van een label (Retourlabel maken).',
  },
  searchPlaceholder: 'Zoek op ordernummer of naam',
} as const;

/** Orders spec §2.5, §2.7: a tracking number that links to the carrier's own tracking page. */
export const trackingLinkTexts = {
  /** The link's accessible name: the number first (as shown), where it goes, and that it opens a new tab. */
  name: (trackingNumber: string, carrier: string | null): string =>
    `${trackingNumber} volgen bij ${carrier ?? 'de vervoerder'} (opent in een nieuw tabblad)`,
} as const;

/** Orders spec §2.7: the label page (Zendingdetails), a first simple version. */
export const labelDetailTexts = {
  back: 'Terug',
  recipient: 'Ontvanger',
  shipment: 'Zending',
  order: 'Order',
  packages: 'Pakketten',
  packageColumn: 'Pakket',
  fields: {
    name: 'Naam',
    company_name: 'Bedrijfsnaam',
    address: 'Adres',
    zipcode: 'Postcode',
    city: 'Plaats',
    country: 'Land',
    shipment_type: 'Verzendmethode',
    status: 'Status',
    tracking_number: 'Trackingnummer',
    created_at: 'Aangemaakt',
    order_number: 'Ordernummer',
    order_date: 'Besteldatum',
    order_status: 'Winkelstatus',
    is_return: 'Retourlabel',
  },
  courierOptions: 'Gekozen opties',
  noCourierOptions: 'Geen opties gekozen',
  package: (number: number): string => `Pakket ${number}`,
  weight: 'Gewicht',
  grams: (weight: number): string => `${weight} g`,
  yes: 'Ja',
  no: 'Nee',
  empty: '–',
  notFoundTitle: 'Label niet gevonden',
  notFound: 'Dit label bestaat niet (meer) of is verwijderd.',
  loadFailed: 'Het label kon niet worden geladen.',
  retry: 'Opnieuw proberen',
  backToLabels: 'Terug naar labels',
} as const;

/** Dutch texts printed on the built-in Testvervoerder's own label. */
export const testLabelTexts = {
  carrier: 'Testvervoerder',
  sender: 'Afzender',
  receiver: 'Ontvanger',
  weight: 'Gewicht',
  package: 'Pakket',
  reference: 'Referentie',
  noReference: '-',
  /** On a return label, where the shipment type stands. */
  returnMark: 'RETOUR',
  /** Beside the receiver of a parcel for a pickup point (issue 14 §5). */
  pickupPointMark: 'AFHAALPUNT',
} as const;

/** The sheet options of label/pdf (positions on the first A4 sheet, sort in the query). */
export const labelSheetTexts = {
  position: 'Kies positie 1, 2, 3 of 4.',
  positionsEmpty: 'Kies minstens één positie op het eerste vel.',
  unknownSort: 'Onbekende sortering. Kies created_at, status, order_number, name of country, met een minteken ervoor voor aflopend.',
} as const;

/** Orders spec §2.7, §2.8 and §8: the documents menu and the export PDF button. */
export const documentTexts = {
  menu: 'Documenten',
  extraLabel: 'Extra label',
  extraLabelTitle: 'Extra label maken',
  extraLabelMessage: (orderNumber: string | null, isReturn: boolean): string =>
    `Er wordt nog een ${isReturn ? 'retourlabel' : 'label'} gemaakt voor ${orderNumber ? `bestelling ${orderNumber}` : 'deze bestelling'}. Het telt mee voor je labels van deze maand.`,
  extraLabelConfirm: 'Label maken',
  extraLabelFailed: 'Het extra label kon niet worden gemaakt. Probeer het opnieuw.',
  exportDocument: 'Exportdocument',
  exportPdf: 'Export PDF',
  packingSlips: 'Pakbonnen',
  downloadPackingSlips: 'Pakbonnen downloaden',
  packingSlipsDone: 'Pakbonnen gegenereerd',
  packingSlipsFailed: 'Er is een fout opgetreden bij het genereren van de pakbonnen.',
  exportFailed: 'Er is een fout opgetreden bij het genereren van het exportdocument.',
  nothingSelected: 'Kies eerst bestellingen of labels.',
} as const;

/** Texts printed on a packing slip (A4, one page per order). */
export const packingSlipTexts = {
  title: 'Pakbon',
  continued: 'Pakbon (vervolg)',
  orderNumber: 'Ordernummer',
  orderDate: 'Besteldatum',
  trackingNumber: 'Trackingnummer',
  shipTo: 'Verzenden naar',
  sender: 'Afzender',
  quantity: 'Aantal',
  item: 'Artikel',
  sku: 'SKU',
  ean: 'EAN',
  weight: 'Gewicht',
  totalQuantity: 'Aantal artikelen',
  totalWeight: 'Totaalgewicht',
  noItems: 'Deze bestelling heeft geen orderregels.',
  none: '–',
  page: (page: number, pages: number): string => `Pagina ${page} van ${pages}`,
  filename: 'pakbonnen.pdf',
} as const;

/**
 * The server's answers when labels are made (order/label/create, per order and for the
 * whole request; account spec §4, orders spec §4). The refusals of the whole request are
 * message codes: labelErrorMessages (label-errors.ts).
 */
export const labelServerTexts = {
  orderNotFound: orderErrorMessages.order_not_found,
  notReady: 'Deze bestelling is niet compleet. Los eerst de problemen op.',
  busy: 'Voor deze bestelling wordt al een label gemaakt.',
  duplicate: 'Deze bestelling heeft al een label.',
  returnDuplicate: 'Deze bestelling heeft al een retourlabel.',
  courierGone: 'Kies een vervoerder die niet is verwijderd',
  carrierTimeout: 'De vervoerder antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
  carrierFailed: 'De vervoerder kon geen label maken. Controleer de adresgegevens en probeer het opnieuw.',
  unexpected: 'Er ging iets mis bij het maken van dit label; er is geen label gemaakt. Probeer het opnieuw.',
  quotaReached: (quota: number): string => `Limiet bereikt! Met dit label kom je boven de ${quota} labels van je abonnement deze maand; er is geen label gemaakt.`,
  /** A claim released after a crash, and an order of a request a crash cut off (docs/labels.md, "Na een crash"). */
  interrupted: 'Het maken van dit label is onderbroken doordat de server stopte; er is geen label gemaakt. Probeer het opnieuw.',
  /** The carrier made the label but the finish failed: the recovery finishes it. */
  finishPending: 'De vervoerder heeft dit label gemaakt, maar het kon nog niet worden opgeslagen. Het wordt zo afgerond en staat dan bij Labels.',
  keyReused: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  keyBusy: 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.',
} as const;
