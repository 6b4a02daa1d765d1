/**
 * Tracking e-mails (issue 14 §3, account spec §2 /settings/tracking, §3 tracking.mail_settings,
 * §7 `tracking`, `trackingmail/sendtest`, §8 "test mail failed"): the Dutch texts of the
 * screens, the default mails and the error codes of the area. docs/tracking-mail.md.
 */

/** The mails a consumer can get, one per moment of the parcel's journey. */
export const trackingMailStatuses = ['shipped', 'out_for_delivery', 'delivered', 'delayed', 'at_service_point', 'returned'] as const;
export type TrackingMailStatus = (typeof trackingMailStatuses)[number];

export function isTrackingMailStatus(value: string): value is TrackingMailStatus {
  return (trackingMailStatuses as readonly string[]).includes(value);
}

/** The placeholders of subject and body, without their braces. */
export const trackingMailPlaceholders = ['naam', 'ordernummer', 'trackinglink', 'vervoerder', 'winkel'] as const;
export type TrackingMailPlaceholder = (typeof trackingMailPlaceholders)[number];

/** The states of a stored mail (the outbox tab and the label page). */
export const trackingMailStates = ['queued', 'retrying', 'sent', 'outbox', 'failed', 'bounced', 'skipped'] as const;
export type TrackingMailState = (typeof trackingMailStates)[number];

/** The default brand colour: the app's blue, with white button text above AA (5.2:1). */
export const defaultBrandColor = '#1c6bc4';

/** The default mail of each status: Dutch, informal ("je"), as Dutch webshops write; all off until the shop turns them on. */
export const defaultTrackingMails: Record<TrackingMailStatus, { enabled: boolean; subject: string; body: string }> = {
  shipped: {
    enabled: false,
    subject: 'Je bestelling {ordernummer} is onderweg',
    body: 'Hoi {naam},\n\nGoed nieuws: je bestelling {ordernummer} is verzonden met {vervoerder}. Via de link hieronder volg je je pakket.\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
  out_for_delivery: {
    enabled: false,
    subject: 'Je pakket wordt vandaag bezorgd',
    body: 'Hoi {naam},\n\nJe bestelling {ordernummer} is vandaag onderweg naar je toe met {vervoerder}.\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
  delivered: {
    enabled: false,
    subject: 'Je bestelling {ordernummer} is bezorgd',
    body: 'Hoi {naam},\n\nJe bestelling {ordernummer} is bezorgd. Veel plezier ermee!\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
  delayed: {
    enabled: false,
    subject: 'Je bestelling {ordernummer} heeft vertraging',
    body: 'Hoi {naam},\n\nJe pakket met bestelling {ordernummer} heeft helaas vertraging bij {vervoerder}. We houden het in de gaten; via de link hieronder zie je de laatste stand.\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
  at_service_point: {
    enabled: false,
    subject: 'Je pakket ligt klaar bij het afhaalpunt',
    body: 'Hoi {naam},\n\nJe bestelling {ordernummer} ligt klaar bij het afhaalpunt van {vervoerder}. Neem een geldig identiteitsbewijs mee als je het ophaalt.\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
  returned: {
    enabled: false,
    subject: 'Je bestelling {ordernummer} gaat terug naar {winkel}',
    body: 'Hoi {naam},\n\nJe pakket met bestelling {ordernummer} kon niet worden bezorgd en gaat terug naar ons. We nemen contact met je op.\n\n{trackinglink}\n\nGroeten,\n{winkel}',
  },
};

export const trackingMailTexts = {
  statusNames: {
    shipped: 'Verzonden',
    out_for_delivery: 'Onderweg naar de ontvanger',
    delivered: 'Bezorgd',
    delayed: 'Vertraagd',
    at_service_point: 'Ligt klaar bij het afhaalpunt',
    returned: 'Retour naar de afzender',
  } satisfies Record<TrackingMailStatus, string>,
  stateNames: {
    queued: 'In de wachtrij',
    retrying: 'Nieuwe poging volgt',
    sent: 'Verstuurd',
    outbox: 'In de outbox',
    failed: 'Mislukt',
    bounced: 'Geweigerd door de mailserver',
    skipped: 'Niet verstuurd: geen e-mailadres',
  } satisfies Record<TrackingMailState, string>,
  placeholderHelp: {
    naam: 'Naam van de ontvanger',
    ordernummer: 'Ordernummer',
    trackinglink: 'Link naar de track & trace-pagina',
    vervoerder: 'Naam van de vervoerder',
    winkel: 'Naam van je winkel',
  } satisfies Record<TrackingMailPlaceholder, string>,
  /** The button under the body of every mail, to the tracking page. */
  button: 'Volg je zending',
  footer: (shop: string) => `Je ontvangt deze e-mail omdat je een bestelling hebt geplaatst bij ${shop}.`,
  emailsTab: 'E-mails',
  outboxTab: 'Outbox',
  intro: 'Stuur je klanten automatisch een e-mail als hun pakket verder komt. Elke e-mail gaat hoogstens één keer per zending naar het e-mailadres van de bestelling.',
  noSmtp: 'Er is geen mailserver ingesteld (SMTP_URL): e-mails worden niet verstuurd maar bewaard in de outbox.',
  columns: { mail: 'E-mail', subject: 'Onderwerp', enabled: 'Aan', actions: 'Acties', recipient: 'Ontvanger', state: 'Status', created: 'Aangemaakt', order: 'Order', error: 'Melding' },
  edit: 'Bewerken',
  enabledLabel: (name: string) => `E-mail "${name}" aan`,
  brandTitle: 'Huisstijl',
  brandColor: 'Merkkleur',
  brandColorHelp: 'De kleur van de knop in de e-mails en van de track & trace-pagina.',
  contrast: (ratio: string, textColor: 'wit' | 'zwart') => `Contrast van de knoptekst (${textColor}): ${ratio}:1 — voldoet aan WCAG AA.`,
  logo: 'Logo',
  logoFromAccount: 'Het logo van je account wordt gebruikt. Je wijzigt het bij Account.',
  noLogo: 'Je account heeft geen logo; de e-mails tonen de naam van je winkel.',
  saveBrand: 'Huisstijl opslaan',
  saved: 'Opgeslagen',
  toggled: (name: string, on: boolean) => `E-mail "${name}" ${on ? 'aangezet' : 'uitgezet'}`,
  outboxEmpty: 'Er zijn nog geen e-mails.',
  outboxTest: 'Testmail',
  editorSubject: 'Onderwerp',
  editorBody: 'Tekst',
  editorEnabled: 'Deze e-mail versturen',
  insertPlaceholder: (placeholder: string) => `{${placeholder}} invoegen`,
  placeholdersTitle: 'Invoegen',
  preview: 'Voorbeeld',
  save: 'Opslaan',
  back: 'Terug naar track & trace-e-mails',
  testTitle: 'Testmail versturen',
  testEmail: 'E-mailadres',
  testSend: 'Testmail versturen',
  testSent: (email: string) => `Testmail verstuurd naar ${email}`,
  testStored: 'Er is geen mailserver ingesteld: de testmail staat in de outbox.',
  unknownMail: 'Deze e-mail bestaat niet.',
  sampleName: 'Jan Jansen',
  sampleOrderNumber: '1001',
  sampleCarrier: 'PostNL',
  subjectRequired: 'Vul een onderwerp in.',
  subjectTooLong: 'Het onderwerp mag hoogstens 200 tekens zijn.',
  bodyRequired: 'Vul een tekst in.',
  bodyTooLong: 'De tekst mag hoogstens 5000 tekens zijn.',
  colorInvalid: 'Kies een kleur als #RRGGBB.',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  statusInvalid: 'Kies een van de e-mails.',
  unknownPlaceholder: (name: string) => `{${name}} bestaat niet. Gebruik {naam}, {ordernummer}, {trackinglink}, {vervoerder} of {winkel}.`,
  /** Why a mail was not delivered, as stored per mail (the label page and the outbox). */
  errorRefused: (reason: string) => `De mailserver weigerde de e-mail: ${reason}`,
  errorUnreachable: (reason: string) => `De mailserver was niet bereikbaar: ${reason}`,
  /** The label page's block. */
  labelBlock: 'Track & trace-e-mails',
  labelNone: 'Nog geen e-mails',
  /** The public tracking page. */
  publicTitle: 'Volg je zending',
  publicStatus: 'Status',
  publicCarrier: 'Vervoerder',
  publicTrackingNumber: 'Trackingnummer',
  publicDestination: 'Bestemming',
  publicHistory: 'Verloop',
  publicNoHistory: 'De vervoerder heeft nog niets over deze zending gemeld.',
  publicNotFound: 'Deze zending bestaat niet (meer). Controleer de link in je e-mail.',
  publicLoading: 'Zending laden…',
  publicPackage: (n: number) => `Pakket ${n}`,
  labelStatusNames: {
    ready: 'Label aangemaakt',
    printed: 'Label aangemaakt',
    shipped: 'Onderweg',
    delayed: 'Vertraagd',
    error: 'Probleem met de bezorging',
    completed: 'Bezorgd',
    canceled: 'Geannuleerd',
  } as Record<string, string>,
} as const;

/** The message_codes of tracking e-mails and the public tracking page. */
export const trackingMailErrorMessages = {
  /** Account spec §8 "test mail failed". */
  test_mail_failed: 'De testmail kon niet worden verstuurd. Controleer het e-mailadres of probeer het later opnieuw.',
  tracking_page_not_found: trackingMailTexts.publicNotFound,
} as const;
