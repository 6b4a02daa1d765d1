/**
 * Investigations (tickets), account spec §2-§5 and §7 (docs/tickets.md): the subjects, the
 * texts of the form and the screens, the limits of attachments and the error codes of the
 * ticket calls. The form's validation texts are the spec's (§5), word for word.
 */

/** The seven reasons of the form (§5, "Subject options"), in the spec's order. */
export const ticketSubjects = [
  'Bezorgd maar niet ontvangen',
  'Zending staat vast in sorteercentrum',
  'Wanneer wordt het pakket bezorgd?',
  'Bewijs van levering',
  'Zending onterecht terug bij afzender',
  'Beschadigde zending',
  'Anders',
] as const;
export type TicketSubject = (typeof ticketSubjects)[number];

/** Limits of the form and its attachments. */
export const ticketLimits = {
  /** Bytes of one attachment (10 MB). */
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** Attachments of one request or reply. */
  attachmentsMax: 5,
  filenameMax: 200,
  messageMax: 5000,
  propertiesMax: 1000,
  costPriceMax: 1_000_000,
} as const;

/** The file types an attachment may be, recognised by their first bytes (not by name or claim). */
export type TicketAttachmentType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The content type of a file by its magic bytes: PDF (%PDF-), PNG (\x89PNG\r\n\x1a\n), JPEG (FF D8 FF); null for anything else. */
export function attachmentTypeOf(bytes: Uint8Array): TicketAttachmentType | null {
  const starts = (...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

/** The validation texts of the ticket form (§5) and of the reply. */
export const ticketFormTexts = {
  emailInvalid: 'Vul een geldig e-mailadres in van de klant van wie de zending is.',
  emailRequired: 'Vul een e-mailadres in van de klant van wie de zending is.',
  phoneRequired: 'Vul een telefoonnummer in van de klant van wie de zending is.',
  messageRequired: 'Toelichting is verplicht.',
  internalPropertiesRequired: 'Omschrijving van de inhoud is verplicht.',
  externalPropertiesRequired: 'Omschrijving van uiterlijke kenmerken is verplicht.',
  subjectRequired: 'Selecteer een reden.',
  filesRequired: 'Je moet op zijn minst een verkoopfactuur uploaden.',
  costPriceInvalid: 'Vul een bedrag van 0 of meer in, met hoogstens twee decimalen.',
  tooLong: (max: number) => `Dit veld mag hoogstens ${max} tekens bevatten.`,
  tooManyFiles: `Je kunt hoogstens ${ticketLimits.attachmentsMax} bestanden meesturen.`,
  fileTooLarge: (filename: string) => `${filename} is groter dan 10 MB.`,
  fileWrongType: (filename: string) => `${filename} is geen PDF, PNG of JPEG.`,
  fileUnreadable: 'Dit bestand kon niet worden gelezen.',
  replyRequired: 'Vul je bericht in.',
} as const;

/** The texts of the screens: create-ticket (two stages), the list and one investigation. */
export const ticketTexts = {
  createTitle: 'Onderzoek aanvragen',
  createHeader: 'Alleen complete zendingen kunnen worden onderzocht.',
  overviewStep: 'Overzicht',
  detailsStep: 'Gegevens',
  trackingHistory: 'Track & trace',
  noHistory: 'Nog geen track & trace-gegevens.',
  receiver: 'Ontvanger',
  shipment: 'Zending',
  order: 'Bestelling',
  cancel: 'Annuleren',
  next: 'Doorgaan',
  back: 'Terug',
  submit: 'Onderzoek aanvragen',
  submitted: 'Onderzoek aangevraagd',
  labelNotFound: 'Dit label bestaat niet (meer).',
  fields: {
    email: 'E-mailadres van de klant',
    phone: 'Telefoonnummer van de klant',
    subject: 'Reden',
    subjectPlaceholder: 'Selecteer een reden',
    message: 'Toelichting',
    internal_properties: 'Omschrijving van de inhoud',
    external_properties: 'Omschrijving van uiterlijke kenmerken',
    cost_price: 'Kostprijs van de inhoud (€)',
    files: 'Bijlagen (verkoopfactuur; PDF, PNG of JPEG, max. 10 MB per bestand)',
    removeFile: (filename: string) => `${filename} verwijderen`,
  },
  listTitle: 'Onderzoeken',
  listEmpty: 'Je hebt nog geen onderzoeken aangevraagd.',
  listIntro: 'Je onderzoeken naar zendingen met een probleem, met de reacties van onze support.',
  loadFailed: 'De onderzoeken konden niet worden geladen.',
  retry: 'Opnieuw proberen',
  download: (filename: string) => `${filename} downloaden`,
  columns: { subject: 'Reden', status: 'Status', label: 'Zending', lastReply: 'Laatste reactie', created: 'Aangevraagd' },
  status: { open: 'Open', closed: 'Gesloten', replied: 'Nieuwe reactie' },
  noReplyYet: 'Nog geen reactie',
  ticketTitle: (subject: string) => `Onderzoek: ${subject}`,
  conversation: 'Gesprek',
  author: { customer: 'Jij', support: 'Verzendhuis support' },
  attachments: 'Bijlagen',
  reply: 'Reageren',
  replyLabel: 'Je bericht',
  send: 'Versturen',
  replySent: 'Bericht verstuurd',
  close: 'Onderzoek sluiten',
  closed: 'Dit onderzoek is gesloten.',
  closedToast: 'Onderzoek gesloten',
  reopen: 'Heropenen',
  toLabel: 'Naar de zending',
  backToList: 'Alle onderzoeken',
  notFound: 'Dit onderzoek bestaat niet (meer).',
} as const;

/** The operator's inbox (docs/tickets.md): Verzendhuis support answers every organisation's tickets. */
export const supportInboxTexts = {
  menuGroup: 'Klantenservice',
  menuEntry: 'Support-inbox',
  title: 'Support-inbox',
  intro: 'De onderzoeken van alle organisaties. Wachtend: open onderzoeken waarin de klant als laatste iets schreef, de langst wachtende bovenaan.',
  filterLabel: 'Welke onderzoeken',
  filter: { waiting: 'Wachtend op antwoord', all: 'Alle onderzoeken' },
  empty: { waiting: 'Er wacht geen enkel onderzoek op antwoord.', all: 'Er zijn nog geen onderzoeken.' },
  columns: { organisation: 'Organisatie', subject: 'Reden', status: 'Status', lastMessage: 'Laatste bericht', updated: 'Gewijzigd' },
  author: { customer: 'Klant', support: 'Verzendhuis support' },
  ticketTitle: (organisation: string, subject: string) => `${organisation}: ${subject}`,
  backToInbox: 'Terug naar de inbox',
  replyLabel: 'Antwoord aan de klant',
  replyHint: 'De klant ziet je antwoord bij het onderzoek en krijgt de envelop in de bovenbalk. Een gesloten onderzoek gaat weer open.',
  send: 'Antwoord versturen',
  sent: 'Antwoord verstuurd',
  closedNote: 'De klant heeft dit onderzoek gesloten; met een antwoord gaat het weer open.',
  status: { waiting: 'Wacht op antwoord', answered: 'Beantwoord', closed: 'Gesloten' },
} as const;

/** The error codes of the ticket calls with their messages (composed into MessageCode). */
export const ticketErrorMessages = {
  ticket_not_found: 'Onderzoek niet gevonden.',
  ticket_label_not_found: 'Label niet gevonden.',
  ticket_not_investigable: 'Voor dit label kan geen onderzoek worden aangevraagd: alleen complete zendingen kunnen worden onderzocht.',
  ticket_exists: 'Voor dit label loopt al een onderzoek.',
  ticket_closed: 'Dit onderzoek is gesloten. Heropen het om te reageren.',
  ticket_attachment_not_found: 'Bijlage niet gevonden.',
  ticket_operator_only: 'Je hebt niet de rechten voor deze pagina: alleen de klantenservice van Verzendhuis kan alle onderzoeken zien en beantwoorden.',
} as const;
