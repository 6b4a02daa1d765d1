/**
 * Dutch texts of linking webshops and pulling their orders (account spec §2
 * /settings/services/shop, /onboard, Notifications; §7 shop calls, onboard/restore,
 * update; orders spec §2.4). Texts the specs give are copied exactly; the others are ours.
 */

/** Server messages of the shop calls and of a sync. */
export const shopServerTexts = {
  notFound: 'Webwinkel niet gevonden.',
  /** Account spec §8, not found: shop class. */
  classNotFound: 'Dit webwinkelplatform bestaat niet.',
  notActive: 'Deze webwinkel is gedeactiveerd. Activeer hem opnieuw om bestellingen op te halen.',
  syncRunning: 'Deze webwinkel wordt al bijgewerkt. Probeer het zo opnieuw.',
  labelRequired: 'Vul een naam in.',
  labelTooLong: (max: number) => `Een naam heeft hoogstens ${max} tekens.`,
  fieldRequired: (label: string) => `Vul ${label} in.`,
  urlInvalid: 'Vul een geldig adres in dat begint met https:// of http://.',
  settingsUnreadable: 'De opgeslagen gegevens van deze koppeling zijn niet meer leesbaar. Vul ze opnieuw in.',
  /** The credentials were refused by the shop (401/403). */
  unauthorized: (platform: string) => `${platform} weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.`,
  unavailable: (platform: string) => `${platform} is niet bereikbaar op dit adres. Controleer het adres of probeer het later opnieuw.`,
  invalidResponse: (platform: string) => `${platform} gaf een antwoord dat we niet begrijpen. Controleer of het adres naar je webwinkel wijst.`,
  notFoundAtShop: (platform: string) => `Op dit adres vonden we geen ${platform}-API. Controleer het adres van je webwinkel.`,
  timeout: (platform: string) => `${platform} antwoordde niet op tijd. Probeer het later opnieuw.`,
  /** A pulled order that could not be stored: its shop order number and what was wrong. */
  orderRefused: (number: string, problems: string) => `Bestelling ${number} kon niet worden opgehaald: ${problems}`,
  syncResult: (count: number) => (count === 1 ? '1 bestelling opgehaald' : `${count} bestellingen opgehaald`),
} as const;

/** The message_codes of the shop calls, with their messages. */
export const shopErrorMessages = {
  shop_not_found: shopServerTexts.notFound,
  shop_class_not_found: shopServerTexts.classNotFound,
  shop_not_active: shopServerTexts.notActive,
  shop_sync_running: shopServerTexts.syncRunning,
} as const;

/** The WooCommerce link's form and checks. */
export const wooCommerceTexts = {
  name: 'WooCommerce',
  url: 'Adres van je webwinkel',
  urlDescription: 'Het adres van je WordPress-site, bijvoorbeeld https://www.mijnwinkel.nl',
  urlInvalid: 'Vul een geldig adres in dat begint met https:// of http://, bijvoorbeeld https://www.mijnwinkel.nl',
  consumerKey: 'Consumer key',
  consumerKeyDescription: 'WooCommerce → Instellingen → Geavanceerd → REST API: een sleutel met lees- en schrijfrechten.',
  consumerKeyInvalid: 'Een consumer key begint met ck_.',
  consumerSecret: 'Consumer secret',
  consumerSecretInvalid: 'Een consumer secret begint met cs_.',
  authMethod: 'Sleutels meesturen als',
  authMethodHelp: 'Kies URL-parameters alleen als je server de Authorization-header weghaalt (sommige hostingpartijen doen dat). Via http ondertekenen we elk verzoek (OAuth 1.0a) en gaan de sleutels nooit mee.',
  authHeader: 'Authorization-header (aanbevolen)',
  authQuery: 'URL-parameters',
  authMethodInvalid: 'Kies hoe de sleutels worden meegestuurd.',
  authQueryNeedsHttps: 'Sleutels als URL-parameters kan alleen via https.',
  /** The order note after a label (the write-back). */
  trackingNote: (courier: string, trackingNumber: string, url: string | null) =>
    `Verzonden met ${courier}, track & trace ${trackingNumber}${url ? `: ${url}` : ''}`,
} as const;

/** The shop settings screen (/settings/services/shop). */
export const shopSettingsTexts = {
  intro: 'Koppel je webwinkel: nieuwe bestellingen komen dan vanzelf binnen, elke paar minuten of meteen met "Nu ophalen".',
  linkShop: 'Webwinkel koppelen',
  empty: 'Je hebt nog geen webwinkel gekoppeld.',
  loadFailed: 'De webwinkels konden niet worden geladen.',
  columns: { name: 'Naam', platform: 'Platform', status: 'Status', lastSync: 'Laatst opgehaald', result: 'Resultaat', actions: 'Acties' },
  active: 'Actief',
  inactive: 'Gedeactiveerd',
  needsRefresh: 'Koppeling vernieuwen',
  never: 'Nog niet',
  edit: 'Bewerken',
  deactivate: 'Deactiveren',
  reactivate: 'Opnieuw activeren',
  syncNow: 'Nu ophalen',
  syncAll: 'Alle webwinkels ophalen',
  syncStarted: 'Bestellingen opgehaald',
  syncFailed: 'Ophalen mislukt',
  deactivateTitle: 'Webwinkel deactiveren',
  deactivateQuestion: (name: string) => `Weet je zeker dat je ${name} wilt deactiveren? Er komen dan geen nieuwe bestellingen meer binnen uit deze webwinkel.`,
  deactivateConfirm: 'Deactiveren',
  deactivated: 'Webwinkel gedeactiveerd',
  reactivated: 'Webwinkel opnieuw geactiveerd',
  saved: 'Webwinkel opgeslagen',
  linked: 'Webwinkel gekoppeld',
  invalidInput: 'Ongeldige invoer, controleer de velden',
  linkTitle: 'Webwinkel koppelen',
  editTitle: 'Webwinkel bewerken',
  choosePlatform: 'Platform',
  choosePlatformPlaceholder: 'Kies een platform',
  name: 'Naam',
  nameDescription: 'Zo heet de webwinkel in je bestellingen.',
  secretKeep: 'Laat leeg om de opgeslagen waarde te houden',
  cancel: 'Annuleren',
  link: 'Koppelen',
  save: 'Opslaan',
  resetSync: 'Alles opnieuw ophalen',
  resetHelp: 'Bij de volgende keer ophalen lezen we alle openstaande bestellingen opnieuw; dubbele bestellingen ontstaan niet.',
  resetDone: 'De volgende keer halen we alle openstaande bestellingen opnieuw op.',
} as const;

/** The dashboard's notice for a shop whose credentials stopped working (account spec §2 Notifications). */
export const shopNoticeTexts = {
  refresh: (platform: string, name: string) => `De koppeling met je ${platform}-webwinkel ${name} moet worden vernieuwd: de webwinkel weigert onze sleutels.`,
  refreshLink: 'Koppeling vernieuwen',
} as const;

/** /onboard with service and service_type (account spec §2 Onboard page). */
export const onboardRestoreTexts = {
  success: 'Koppeling succesvol',
  successText: (name: string) => `${name} is weer gekoppeld. Nieuwe bestellingen komen vanzelf binnen.`,
  toDashboard: 'Naar het dashboard',
  failure: 'Probleem met koppelen',
  failureText: 'We konden de koppeling niet herstellen. Neem contact op met de klantenservice, of vul de gegevens opnieuw in bij je koppelingen.',
  toServices: 'Naar je koppelingen',
} as const;

// Shopify (apps/server/src/shops/shopify/) and the write-back of labels to any shop (apps/server/src/shops/write-back.ts).

/** The settings of a Shopify connection: field labels and their checks. */
export const shopifySettingsTexts = {
  shopDomain: 'Shopify-winkeladres',
  shopDomainDescription: 'Het adres van de winkel bij Shopify, bijvoorbeeld mijnwinkel.myshopify.com.',
  accessToken: 'Admin API-toegangstoken',
  accessTokenDescription:
    'Maak in Shopify een app (Instellingen → Apps → Apps ontwikkelen) met de rechten read_orders, read_products, read_merchant_managed_fulfillment_orders en write_merchant_managed_fulfillment_orders, en plak hier het toegangstoken (begint met shpat_).',
  shopDomainInvalid: 'Vul het winkeladres in als mijnwinkel.myshopify.com.',
  accessTokenRequired: 'Vul het Admin API-toegangstoken van de Shopify-app in.',
} as const;

/** Why a call to Shopify did not work (the message of a ShopError). */
export const shopifyTexts = {
  unauthorized: 'Shopify weigert het toegangstoken. Maak in Shopify een nieuw token aan en vernieuw de koppeling.',
  accessDenied: 'Het toegangstoken mist rechten in Shopify (nodig: read_orders, read_products en de fulfillment-rechten). Pas de app aan en vernieuw de koppeling.',
  shopNotFound: 'Deze Shopify-winkel is niet gevonden. Controleer het winkeladres.',
  unavailable: 'Shopify is nu niet bereikbaar. Het wordt later opnieuw geprobeerd.',
  throttled: 'Shopify vraagt om minder verzoeken tegelijk. Het wordt later opnieuw geprobeerd.',
  invalidResponse: (detail: string): string => `Shopify gaf een onverwacht antwoord (${detail}).`,
  orderNotFound: 'Deze bestelling bestaat niet meer in Shopify.',
  fulfilmentRefused: (reason: string): string => `Shopify weigerde de verzending: ${reason}`,
} as const;

/** The write-back of a label to its order's shop (orders spec §2.7, warning type order_update_failed). */
export const shopWriteBackTexts = {
  /** The label's warning after the last attempt failed. */
  failed: (shop: string, reason: string): string => `De bestelling kon niet worden bijgewerkt in ${shop}: ${reason}`,
  /** A shop that was deleted or deactivated since the order came in. */
  shopGone: 'De webwinkel van deze bestelling is niet meer gekoppeld.',
  unexpected: 'Er ging iets mis bij het bijwerken van de webwinkel.',
  /** The label page's retry button next to the warning, and what it answers. */
  retry: 'Opnieuw proberen',
  retrying: 'Bezig met bijwerken…',
  retried: 'Webwinkel bijgewerkt',
  retryFailed: 'Het bijwerken van de webwinkel is opnieuw mislukt.',
} as const;

/**
 * The shop's own order status as the Winkelstatus column shows it (orders.order_status), in
 * the Dutch the platforms' own Dutch admin screens use; a status not listed stays as the
 * shop sent it.
 */
export const shopOrderStatusTexts = {
  woocommerce: {
    pending: 'Wacht op betaling',
    processing: 'In behandeling',
    'on-hold': 'In de wacht',
    completed: 'Afgerond',
    cancelled: 'Geannuleerd',
    refunded: 'Terugbetaald',
    failed: 'Mislukt',
    'checkout-draft': 'Concept',
  } as Record<string, string>,
  shopifyFinancial: {
    PENDING: 'Betaling in afwachting',
    AUTHORIZED: 'Geautoriseerd',
    PARTIALLY_PAID: 'Gedeeltelijk betaald',
    PAID: 'Betaald',
    PARTIALLY_REFUNDED: 'Gedeeltelijk terugbetaald',
    REFUNDED: 'Terugbetaald',
    VOIDED: 'Geannuleerd',
    EXPIRED: 'Verlopen',
  } as Record<string, string>,
  shopifyFulfillment: {
    UNFULFILLED: 'Niet verzonden',
    PARTIALLY_FULFILLED: 'Gedeeltelijk verzonden',
    FULFILLED: 'Verzonden',
    IN_PROGRESS: 'In behandeling',
    ON_HOLD: 'In de wacht',
    OPEN: 'Open',
    SCHEDULED: 'Gepland',
    PENDING_FULFILLMENT: 'Verzending in afwachting',
    RESTOCKED: 'Terug op voorraad',
  } as Record<string, string>,
  /** Between Shopify's payment and shipping status. */
  separator: ' · ',
};
