/**
 * Dutch texts of large label selections made in the background (orders spec §4;
 * docs/labels.md "Grote selecties"). The spec gives none of them; these are ours.
 */

const nl = new Intl.NumberFormat('nl-NL');
/** 1.000 rather than 1000 or 1,000. */
export const formatCount = (count: number): string => nl.format(count);

const labels = (count: number): string => `${formatCount(count)} ${count === 1 ? 'label' : 'labels'}`;
const orders = (count: number): string => `${formatCount(count)} ${count === 1 ? 'bestelling' : 'bestellingen'}`;

/** What the server says about a job. */
export const labelJobMessages = {
  notFound: 'Deze labeltaak bestaat niet (meer).',
  failed:
    'Het maken van de labels is onderbroken door een storing. De labels die al zijn gemaakt, blijven bestaan; maak de labels voor de overige bestellingen opnieuw aan.',
} as const;

/** The progress bar and the result in the dashboard. */
export const labelJobTexts = {
  title: 'Labels aanmaken',
  started: (at: string): string => `Gestart ${at}`,
  queued: (total: number): string => `${orders(total)} in de wachtrij…`,
  progress: (made: number, total: number): string => `${formatCount(made)} van ${labels(total)} gemaakt`,
  failedSoFar: (failed: number): string => `${orders(failed)} mislukt`,
  leaveHint: 'Je kunt deze pagina verlaten; de labels worden op de achtergrond gemaakt.',
  doneTitle: 'Labels gemaakt',
  doneWithErrorsTitle: 'Niet alle labels zijn gemaakt',
  noneTitle: 'Er zijn geen labels gemaakt',
  stoppedTitle: 'Het maken van de labels is onderbroken',
  download: 'Labels downloaden',
  showErrors: 'Fouten bekijken',
  dismiss: 'Sluiten',
  progressLabel: 'Voortgang van het aanmaken van labels',
} as const;
