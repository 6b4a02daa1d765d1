/**
 * Dutch texts of the web app's frame: top bar, shared dialogs, global error
 * handling, login screens, dashboard notices and the titles of the screens.
 * Texts the specs give are copied exactly; the others are ours.
 */

export const brandName = 'Verzendhuis';

export const topBarTexts = {
  logo: brandName,
  mainNavigation: 'Hoofdmenu',
  orders: 'Bestellingen',
  scan: 'Scannen',
  analytics: 'Analytics',
  analyticsInactive: 'De add-on Analytics is niet actief',
  settings: 'Instellingen',
  logout: 'Uitloggen',
  newTicketReply: 'Nieuwe reactie op je onderzoek',
  /** The button that holds the main navigation on narrow screens. */
  menu: 'Menu',
} as const;

/** The settings pages of the gear menu, in groups (docs/web-frame.md, "Instellingenmenu"). */
export const settingsMenuTexts = {
  shipping: 'Verzenden',
  couriers: 'Vervoerders',
  shops: 'Webwinkels',
  shipmentLogic: 'Verzendregels',
  printer: 'Printer',
  returns: 'Retouren',
  tracking: 'Track & trace',
  account: 'Account',
  accountDetails: 'Accountgegevens',
  branding: 'Huisstijl',
  addressBook: 'Adresboek',
  apiKeys: 'API-gebruikers',
  plans: 'Abonnement',
  billing: 'Facturatie',
  tickets: 'Onderzoeken',
} as const;

export const feedbackFormTexts = {
  button: 'Feedback',
  title: 'Feedback geven',
  label: 'Wat wil je ons laten weten?',
  placeholder: 'Vertel ons wat je opvalt, wat beter kan of wat je mist.',
  submit: 'Versturen',
  cancel: 'Annuleren',
} as const;

/** The longest feedback or error report (POST feedback/send). */
export const feedbackMaxLength = 500;

/** What the context of a feedback or error report may hold (stored as it is sent). */
export const feedbackContextLimits = { routeMax: 2000, detailsMax: 20_000, attachmentsMax: 5, filenameMax: 255, attachmentBase64Max: 4 * 1024 * 1024 } as const;

/** The checks of POST feedback/send and its outcome. */
export const feedbackTexts = {
  required: 'Vul je feedback in.',
  tooLong: `Je feedback mag maximaal ${feedbackMaxLength} tekens zijn.`,
  contextInvalid: 'De gegevens bij je feedback zijn ongeldig of te groot.',
  tooManyAttachments: `Voeg hoogstens ${feedbackContextLimits.attachmentsMax} bestanden toe.`,
  attachmentTooLarge: 'Een bijlage is te groot: kies een kleiner bestand.',
  sent: 'Feedback verstuurd!',
  failed: 'Feedback niet verstuurd',
} as const;

export const dialogTexts = {
  confirm: 'Bevestigen',
  cancel: 'Annuleren',
  close: 'Sluiten',
  /** The cross in a dialog's corner, named apart from a dialog's own "Sluiten" button. */
  closeWindow: 'Venster sluiten',
  showDetails: 'Details weergeven',
  hideDetails: 'Details verbergen',
  genericTitle: 'Er ging iets mis',
  genericMessage: 'Er is een onbekende fout opgetreden.',
} as const;

export const errorReportTexts = {
  title: 'Er is een fout opgetreden',
  intro: 'Help ons de fout op te lossen. Wat was je aan het doen toen dit gebeurde?',
  messageLabel: 'Wat was je aan het doen?',
  messagePlaceholder: 'Bijvoorbeeld: ik klikte op Labels aanmaken voor drie bestellingen.',
  messageRequired: 'Beschrijf kort wat je aan het doen was.',
  attachmentsLabel: 'Bijlagen (optioneel)',
  attachmentsPlaceholder: 'Kies bijvoorbeeld een schermafbeelding',
  send: 'Melding versturen',
  cancel: 'Sluiten',
  thanks: 'Bedankt voor je melding! We gaan ermee aan de slag.',
  failed: 'Je melding kon niet worden verstuurd. Probeer het later opnieuw.',
} as const;

export const globalErrorTexts = {
  offlineTitle: 'Geen internetverbinding',
  offlineMessage: 'Maak verbinding met het internet of ververs de pagina.',
  newVersionTitle: 'Er is een nieuwe versie beschikbaar',
  newVersionMessage: 'Klik hier om de pagina te verversen.',
  newVersionScreen: 'Ververs de pagina om de nieuwe versie te laden.',
  reload: 'Pagina verversen',
  retry: 'Opnieuw proberen',
  unreachableTitle: 'Verzendhuis is niet bereikbaar',
  unreachableMessage: 'Controleer je internetverbinding en probeer het opnieuw.',
  userLoadFailed: 'Je gegevens konden niet worden geladen. Probeer het opnieuw.',
} as const;

export const toastTitles = {
  success: 'Gelukt',
  error: 'Mislukt',
  warning: 'Let op',
  /** The name of a toast's close button (it shows only a cross). */
  close: 'Melding sluiten',
} as const;

export const authScreenTexts = {
  signingIn: 'Bezig met inloggen…',
  signingOut: 'Bezig met uitloggen…',
  loading: 'Bezig met laden…',
  signInFailed: 'Inloggen is niet gelukt.',
  signInAgain: 'Opnieuw inloggen',
} as const;

export const maintenanceTexts = {
  title: 'Verzendhuis is in onderhoud',
  message:
    'We zijn bezig met onderhoud aan Verzendhuis. Probeer het later opnieuw; je gegevens blijven gewoon bewaard.',
} as const;

export const notFoundTexts = {
  title: 'Pagina niet gevonden',
  message: 'De pagina die je zoekt bestaat niet (meer).',
  toDashboard: 'Naar het dashboard',
} as const;

export const placeholderText = 'Deze pagina is nog niet beschikbaar.';

export const blockedAccountTexts = {
  title: 'Je account is geblokkeerd',
  message: 'Je kunt Verzendhuis op dit moment niet gebruiken. Neem contact op met de klantenservice.',
} as const;

export const onboardTexts = {
  title: 'Welkom bij Verzendhuis',
  intro: 'Log in om verder te gaan, of maak gratis een account aan.',
  login: 'Inloggen',
  register: 'Gratis account aanmaken',
  restoreTitle: 'Koppeling herstellen',
} as const;

export const firstLoginTexts = {
  title: 'Welkom bij Verzendhuis',
  intro: 'Vul de gegevens van je organisatie aan, dan kun je meteen zendingen versturen.',
  name: 'Naam organisatie',
  email: 'E-mailadres voor contact',
  phone: 'Telefoonnummer voor contact',
  emailRequired: 'Vul een e-mailadres in.',
  save: 'Opslaan',
  saved: 'Je organisatiegegevens zijn opgeslagen.',
  saveFailed: 'Je gegevens konden niet worden opgeslagen.',
} as const;

/** The organisation's address in the first-login form and on /settings/account (issue 11). */
export const organisationAddressTexts = {
  title: 'Adres van je organisatie',
  hint: 'Dit adres staat als afzender op je labels en pakbonnen; retouren komen hier naartoe.',
  company_name: 'Bedrijfsnaam',
  country: 'Land',
  zipcode: 'Postcode',
  housenumber: 'Huisnummer',
  housenumber_addition: 'Toevoeging',
  address_1: 'Straat',
  city: 'Plaats',
} as const;

/** /settings/account, tab account-and-contact. */
export const accountContactTexts = {
  save: 'Opslaan',
} as const;

export const addonTexts = {
  title: 'Add-on niet actief',
  genericMessage: 'Deze functie hoort bij een add-on die niet actief is voor je organisatie.',
  ANALYTICS:
    'De add-on Analytics is niet actief voor je organisatie. Met Analytics krijg je inzicht in je zendingen, bezorgprestaties en retouren.',
  ORDER_ITEM_SCAN:
    'De add-on Artikelen scannen is niet actief voor je organisatie. Hiermee scan je elk artikel en print je direct het juiste label.',
  toPlans: 'Bekijk abonnementen en add-ons',
  enable: (name: string, price: string): string => `${name} inschakelen (${price})`,
  enableYear: (price: string): string => `Per jaar (${price})`,
  continue: 'Verder',
} as const;

export const dashboardNoticeTexts = {
  regionLabel: 'Meldingen',
  incomplete: 'Je accountgegevens zijn nog niet compleet. Vul ze aan om zendingen te kunnen versturen.',
  incompleteLink: 'Gegevens aanvullen',
  shipmentLogicErrors:
    'Er zitten fouten in je verzendregels. Bestellingen waarop zo’n regel past krijgen geen vervoerder en blijven staan tot je de regel aanpast.',
  shipmentLogicErrorsLink: 'Verzendregels bekijken',
  noPlan: 'Je hebt nog geen abonnement. Kies een abonnement om labels te kunnen aanmaken.',
  noPlanLink: 'Abonnement kiezen',
  overduePayments:
    'Je hebt helaas achterstallige betalingen in je account. Zolang deze openstaan kun je geen labels aanmaken.',
  overduePaymentsLink: 'Naar facturatie',
  accountManager:
    'Neem contact op met de accountmanager. Er is een actie nodig voordat je weer labels kunt aanmaken.',
  trialEnding: (days: number): string =>
    `Je proefperiode eindigt over ${days} ${days === 1 ? 'dag' : 'dagen'}. Kies een abonnement om Verzendhuis zonder onderbreking te blijven gebruiken.`,
  trialLastDay:
    'Vandaag is de laatste dag van je proefperiode. Kies vandaag nog een abonnement om Verzendhuis te blijven gebruiken.',
  trialLink: 'Abonnement kiezen',
} as const;

/** Titles of the screens; a screen that is not built yet shows its title above the placeholder. */
export const screenTitles = {
  dashboard: 'Bestellingen',
  orderCreate: 'Nieuwe zending',
  orderEdit: 'Bestelling aanpassen',
  label: 'Zendingdetails',
  createTicket: 'Onderzoek aanvragen',
  import: 'Bestellingen importeren',
  scan: 'Scannen',
  account: 'Account',
  branding: 'Huisstijl',
  printer: 'Printer',
  addressBook: 'Adresboek',
  returnSettings: 'Retourinstellingen',
  trackingSettings: 'Track & trace-instellingen',
  trackingEmail: 'Track & trace-e-mail',
  plans: 'Abonnement',
  plansChange: 'Abonnement wijzigen',
  billing: 'Facturatie',
  shopServices: 'Webwinkels koppelen',
  courierServices: 'Vervoerders koppelen',
  shipmentLogic: 'Verzendregels',
  gdpr: 'Gegevensexport (AVG)',
  invoice: 'Factuur',
  tickets: 'Onderzoeken',
  ticket: 'Onderzoek',
  apiKeys: 'API-gebruikers',
  analytics: 'Analytics',
} as const;

export const dashboardTabTitles = {
  orders: 'Bestellingen',
  problematic: 'Probleemzendingen',
  labels: 'Labels',
  tracking: 'Verzonden',
  delivered: 'Bezorgd',
  delayed: 'Vertraagd',
  return: 'Retouren',
  other: 'Overige bestellingen',
} as const;

export const accountTabTitles = {
  'account-and-contact': 'Account en contact',
  'billing-and-payment': 'Facturatie en betaling',
  company: 'Bedrijfsgegevens',
} as const;

export const returnTabTitles = {
  address: 'Retouradres',
  'payment-methods': 'Betaalmethoden',
  portal: 'Retourportaal',
} as const;

export const trackingTabTitles = {
  emails: 'Track & trace-e-mails',
  outbox: 'Outbox',
} as const;

export const analyticsTabTitles = {
  'shipment-overview': 'Zendingoverzicht',
  'customer-interactions': 'Klantinteracties',
  'delivery-performance': 'Bezorgprestaties',
  'return-analysis': 'Retouranalyse',
} as const;
