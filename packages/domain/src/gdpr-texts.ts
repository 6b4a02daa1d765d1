/**
 * GDPR (issue 15 part 6, docs/gdpr.md): the export of all of an organisation's data and the
 * retention period after which the recipients of old orders and labels are anonymised.
 * The spec shows no content of /settings/gdpr; these texts are our own.
 */

/** The shortest and longest retention period a user can set, in months. */
export const retentionBounds = { min: 6, max: 60 } as const;
/** The periods the screen offers. */
export const retentionChoices = [6, 12, 18, 24, 36, 48, 60] as const;
/** How long a finished export can be downloaded. */
export const exportValidDays = 7;
/** What an anonymised recipient is called; address, e-mail and phone are emptied. */
export const anonymisedName = 'Geanonimiseerd';

export const gdprErrorMessages = {
  gdpr_export_not_found: 'Deze export bestaat niet (meer).',
  gdpr_export_not_ready: 'Deze export is nog niet klaar of is verlopen.',
  gdpr_export_running: 'Er wordt al een export gemaakt. Wacht tot die klaar is.',
  gdpr_retention_invalid: `Kies een bewaartermijn van ${retentionBounds.min} tot ${retentionBounds.max} maanden, of zet het anonimiseren uit.`,
} as const;

export const gdprTexts = {
  intro:
    'Hier download je alle gegevens van je organisatie en stel je in hoe lang de gegevens van ontvangers bewaard blijven (AVG).',
  exportTitle: 'Gegevens exporteren',
  exportIntro: `Een export is een ZIP-bestand met JSON- en CSV-bestanden: organisatie, gebruikers, bestellingen met artikelen, zendingen met pakketten en trackinggebeurtenissen, contacten, koppelingen (zonder inloggegevens) en factuurregels. Een export kun je ${exportValidDays} dagen downloaden.`,
  startExport: 'Export aanmaken',
  exportStarted: 'De export wordt gemaakt.',
  noExports: 'Nog geen exports.',
  exportsCaption: 'Exports',
  columns: { created: 'Aangevraagd', status: 'Status', size: 'Grootte', expires: 'Beschikbaar tot', action: 'Actie' },
  status: { queued: 'In de wachtrij', running: 'Bezig', done: 'Klaar', failed: 'Mislukt', expired: 'Verlopen' } as Record<string, string>,
  progress: (processed: number, total: number) => `${processed} van ${total} regels`,
  download: 'Downloaden',
  downloadLabel: (date: string) => `Export van ${date} downloaden`,
  retentionTitle: 'Bewaartermijn',
  retentionIntro:
    'Na de bewaartermijn worden naam, adres, e-mailadres en telefoonnummer van de ontvangers van oudere bestellingen en zendingen geanonimiseerd. Dit gebeurt elke nacht en kan niet ongedaan worden gemaakt.',
  retentionLabel: 'Ontvangers anonimiseren na',
  retentionOff: 'Nooit (uit)',
  retentionMonths: (months: number) => `${months} maanden`,
  save: 'Opslaan',
  saved: 'Bewaartermijn opgeslagen',
  anonymiseNow: 'Nu anonimiseren',
  anonymiseConfirmTitle: 'Nu anonimiseren?',
  anonymiseConfirm: (months: number) =>
    `De ontvangers van bestellingen en zendingen ouder dan ${months} maanden worden geanonimiseerd. Dit kan niet ongedaan worden gemaakt.`,
  anonymiseConfirmButton: 'Anonimiseren',
  cancel: 'Annuleren',
  anonymised: (orders: number, labels: number) => `${orders} bestellingen en ${labels} zendingen geanonimiseerd`,
  lastRun: (date: string, orders: number, labels: number) => `Laatst geanonimiseerd op ${date}: ${orders} bestellingen en ${labels} zendingen.`,
} as const;
