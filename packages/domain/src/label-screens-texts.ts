/**
 * Dutch texts of the label tabs' actions, Zendingdetails and label updates (orders
 * spec §2.3, §2.5, §2.6, §2.7, §8). Texts the spec gives are copied exactly; the
 * others are ours.
 */

/** Orders spec §3: the markers of a return label, as §2.6 names them. */
export const labelMarkers = ['confirm', 'action_required', 'item_missing', 'refuse'] as const;
export type LabelMarker = (typeof labelMarkers)[number];

export const labelMarkerTexts: Record<LabelMarker, string> = {
  confirm: 'Retour bevestigen',
  action_required: 'Actie vereist',
  item_missing: 'Item ontbreekt',
  refuse: 'Retour weigeren',
};

/** Orders spec §2.6: who pays a return; any other value is N/A. */
export function paymentMethodText(value: string | null | undefined): string {
  if (value === 'organisation_paid') return 'Gefactureerd';
  if (value === 'consumer_paid') return 'Klant betaald';
  if (value === 'store_credit') return 'Winkelkrediet';
  return 'N/A';
}

/** Orders spec §3 and domain notes: return reasons; an unknown one shows its own value. */
export const returnReasonNames: Record<string, string> = {
  other: 'Anders',
  item_expired: 'Houdbaarheid verlopen',
  item_damaged: 'Beschadigd/defect',
  item_too_big: 'Te groot',
  item_too_small: 'Te klein',
  changed_mind: 'Bedacht',
  wrong_item_received: 'Verkeerd artikel ontvangen',
  not_as_described: 'Niet zoals beschreven',
  colour: 'Kleur valt tegen',
};

export function returnReasonText(reason: string): string {
  return Object.hasOwn(returnReasonNames, reason) ? (returnReasonNames[reason] as string) : reason;
}

/** Orders spec §2.7: invoice item types. */
export function invoiceItemTypeText(type: string): string {
  if (type === 'label_price') return 'Labelprijs';
  if (type === 'surcharge') return 'Naheffing';
  if (type === 'refund') return 'Terugbetaling';
  return 'Onbekend factuurtype';
}

/** Orders spec §2.5 and §8: the row and bulk actions of the label tabs and their toasts. */
export const labelActionTexts = {
  details: 'Details',
  print: 'Printen',
  downloadPdf: 'PDF downloaden',
  duplicate: 'Dupliceren naar bestellingen',
  delete: 'Verwijderen',
  markDelivered: 'Markeren als bezorgd',
  requestInvestigation: 'Onderzoek aanvragen',
  openInvestigation: 'Naar onderzoek',
  moreActions: 'Meer acties',
  mark: 'Markeren',
  refreshTracking: 'Tracking verversen',
  labelDeleted: 'Label verwijderd!',
  labelsDeleted: 'Labels verwijderd!',
  labelsDelivered: 'Labels bezorgd!',
  deleteOneTitle: 'Label verwijderen',
  deleteOneMessage: 'Weet je zeker dat je dit label wilt verwijderen? Dit kan niet ongedaan worden gemaakt.',
  deleteManyTitle: 'Labels verwijderen',
  deleteManyMessage: (count: number): string =>
    count === 1
      ? 'Weet je zeker dat je dit label wilt verwijderen? Dit kan niet ongedaan worden gemaakt.'
      : `Weet je zeker dat je deze ${count} labels wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`,
  deleteConfirm: 'Verwijderen',
  deliverTitle: 'Markeren als bezorgd',
  deliverMessage: (count: number): string =>
    `${count === 1 ? 'Dit label gaat' : `Deze ${count} labels gaan`} naar Bezorgd. Dit kan niet ongedaan worden gemaakt.`,
  deliverConfirm: 'Markeren als bezorgd',
  nothingDeleted: 'Er is geen label verwijderd: deze labels waren al verwijderd.',
  nothingDelivered: 'Geen van deze labels kon als bezorgd worden gemarkeerd (geannuleerd of al bezorgd).',
  someNotDelivered: (done: number, asked: number): string => `${done} van de ${asked} labels zijn als bezorgd gemarkeerd; de andere waren geannuleerd of al bezorgd.`,
  trackingRefreshed: (count: number): string => `Tracking ververst voor ${count} ${count === 1 ? 'label' : 'labels'}.`,
  trackingFailed: (count: number): string => `Voor ${count} ${count === 1 ? 'label' : 'labels'} kon de tracking niet worden ververst.`,
  markFailed: 'Er is een fout opgetreden bij het markeren van het label. Probeer het later opnieuw.',
  marked: 'Label gemarkeerd',
} as const;

/** Orders spec §2.7: Zendingdetails beyond the first version's blocks. */
export const labelScreenTexts = {
  createReturnLabel: 'Retourlabel maken',
  returnLabelCreated: 'Retourlabel aangemaakt',
  statusMessages: 'Meldingen',
  invoicing: 'Prijs en facturatie',
  showInvoicing: 'Prijs en facturatie tonen',
  hideInvoicing: 'Prijs en facturatie verbergen',
  noInvoiceItems: 'Voor dit label is niets gefactureerd.',
  description: 'Omschrijving',
  unitPrice: 'Prijs',
  total: 'Totaal',
  orderLines: 'Orderregels',
  noOrderLines: 'Deze bestelling heeft geen orderregels.',
  lineColumns: { quantity: 'Aantal', name: 'Artikel', sku: 'SKU', ean: 'EAN', weight: 'Gewicht', price: 'Prijs per stuk' },
  returnReasons: 'Retourredenen',
  noReturnReasons: 'Geen retourredenen opgegeven.',
  returnInfo: 'Retour',
  marker: 'Markering',
  payment: 'Betaalwijze',
  trackingLink: 'Volg zending',
  pickupLink: 'Ophaalcode',
  investigation: 'Onderzoek',
  hasInvestigation: 'Er loopt een onderzoek voor deze zending.',
  email: 'E-mail',
  phone: 'Telefoon',
  address2: 'Adresregel 2',
  pickupPoint: 'Afhaalpunt',
} as const;

/** The server's Dutch refusals of label updates (POST label/{id}, POST return/{id}). */
export const labelUpdateErrorTexts = {
  nothingToChange: 'Geef aan wat er aan het label verandert: is_active, status of marker.',
  canceledNotDelivered: 'Een geannuleerd label kan niet als bezorgd worden gemarkeerd.',
  deliveredFinal: 'Een bezorgd label blijft bezorgd.',
  onlyDelete: 'Een verwijderd label kan niet worden teruggezet.',
  onlyDeliver: 'Een label kan alleen als bezorgd (completed) worden gemarkeerd.',
  markerOnlyReturn: 'Alleen een retourlabel kan worden gemarkeerd.',
  /** A delete whose carrier refused the cancel (already scanned): the carrier's own reason, and the label stays. */
  cancelRefused: (reason: string): string => `${reason} Het label is niet verwijderd.`,
  /** A delete whose carrier could not be reached: nothing changed. */
  cancelUnavailable: 'De vervoerder kon het label nu niet annuleren. Het label is niet verwijderd; probeer het later opnieuw.',
  /** A delete of a label whose carrier has no cancel call: cancelled with us only. */
  carrierNotInformed: (carrier: string): string =>
    `Label verwijderd. ${carrier} kent geen annulering via ons en is niet op de hoogte gebracht: gebruik het label niet meer.`,
  /** The same for several labels of such carriers. */
  carriersNotInformed: (count: number): string =>
    `${count === 1 ? '1 label is' : `${count} labels zijn`} alleen bij ons verwijderd: de vervoerder kent geen annulering via ons en is niet op de hoogte gebracht. Gebruik ${count === 1 ? 'dit label' : 'deze labels'} niet meer.`,
  unknownMarker: 'Kies een markering: confirm, action_required, item_missing of refuse.',
  unknownStatus: 'Onbekende status. Kies uit ready, printed, shipped, delayed, error, canceled en completed.',
} as const;
