/**
 * The server's error messages by message_code (account spec §8). Each area keeps the codes
 * of its calls with their Dutch messages in its own catalogue (`<area>ErrorMessages`);
 * `errorMessages` composes them, and its keys are `MessageCode`, the one union of every
 * code the server sends. A new code goes into its area's catalogue; a code is never in two.
 */
import { addressLookupErrorMessages } from './address-lookup-texts';
import { analyticsErrorMessages } from './analytics-texts';
import { apiUserErrorMessages } from './api-users-texts';
import { authErrorMessages } from './auth-texts';
import { contactErrorMessages } from './contacts-texts';
import { courierErrorMessages } from './couriers-texts';
import { exportDocumentErrorMessages } from './export-document';
import { gdprErrorMessages } from './gdpr-texts';
import { importErrorMessages } from './import-texts';
import { invoiceErrorMessages } from './invoices-texts';
import { labelErrorMessages } from './label-errors';
import { orderErrorMessages } from './orders-texts';
import { organisationErrorMessages } from './organisation';
import { paymentErrorMessages } from './payments-texts';
import { pickupPointErrorMessages } from './pickup-points';
import { planErrorMessages } from './plans';
import { printingErrorMessages } from './printing-texts';
import { returnErrorMessages } from './returns';
import { scanErrorMessages } from './scan-texts';
import { shipmentLogicErrorMessages } from './shipping-rules-texts';
import { shopErrorMessages } from './shops-texts';
import { trackingWebhookErrorMessages } from './tracking-freshness';
import { ticketErrorMessages } from './tickets';
import { trackingMailErrorMessages } from './tracking-mail-texts';

/** The messages of failures that belong to no area: the defaults and the HTTP layer's own. */
export const generalErrorMessages = {
  default:
    'Er is een onbekende fout opgetreden. Probeer het later opnieuw of neem contact op met de klantenservice.',
  form_invalid: 'Het formulier is ongeldig of niet volledig ingevuld.',
  invalid_request: 'Ongeldig verzoek.',
  route_not_found: 'Deze functie bestaat niet.',
  not_found: 'Niet gevonden.',
  maintenance: 'Verzendhuis is tijdelijk niet beschikbaar wegens onderhoud. Probeer het later opnieuw.',
  database_unavailable: 'De database van Verzendhuis is even niet bereikbaar. Probeer het over een ogenblik opnieuw; er is niets opgeslagen.',
  too_many_requests: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
  queue_unavailable: 'De achtergrondtaken van Verzendhuis zijn even niet bereikbaar. Probeer het over een ogenblik opnieuw.',
  metrics_unauthorized: 'Geef het token van de metrics mee als `Authorization: Bearer <token>`.',
  body_too_large: 'Het verzoek is te groot.',
  body_too_deep: 'Het verzoek is te diep genest: een JSON-body mag hoogstens 32 niveaus diep zijn.',
} as const;

/** The catalogue of each area, by name. A code is in one of them only (messages.test.ts). */
export const errorCatalogues = {
  general: generalErrorMessages,
  auth: authErrorMessages,
  organisation: organisationErrorMessages,
  plans: planErrorMessages,
  orders: orderErrorMessages,
  couriers: courierErrorMessages,
  shops: shopErrorMessages,
  pickupPoints: pickupPointErrorMessages,
  labels: labelErrorMessages,
  exportDocuments: exportDocumentErrorMessages,
  addressLookup: addressLookupErrorMessages,
  orderImport: importErrorMessages,
  shipmentLogic: shipmentLogicErrorMessages,
  printing: printingErrorMessages,
  returns: returnErrorMessages,
  trackingWebhooks: trackingWebhookErrorMessages,
  trackingMail: trackingMailErrorMessages,
  analytics: analyticsErrorMessages,
  contacts: contactErrorMessages,
  gdpr: gdprErrorMessages,
  apiUsers: apiUserErrorMessages,
  tickets: ticketErrorMessages,
  scan: scanErrorMessages,
  payments: paymentErrorMessages,
  invoices: invoiceErrorMessages,
} as const;

type Catalogue = (typeof errorCatalogues)[keyof typeof errorCatalogues];
type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;

/** Every message_code with its message: a text, or a function of the details for a message that names them. */
export const errorMessages = Object.assign({}, ...Object.values(errorCatalogues)) as AllOf<Catalogue>;

/** Every message_code the server sends. */
export type MessageCode = keyof typeof errorMessages;

export const messageCodes = Object.keys(errorMessages) as [MessageCode, ...MessageCode[]];

/** The codes whose message is one fixed text (not a function of details). */
export type FixedMessageCode = { [C in MessageCode]: (typeof errorMessages)[C] extends string ? C : never }[MessageCode];

/** A text with a NUL character (\u0000), which no field can store. */
export const invalidCharacterMessage = 'Dit veld bevat een ongeldig teken (\\u0000). Verwijder het en probeer het opnieuw.';

/** A text with half of a UTF-16 surrogate pair (\uD800-\uDFFF alone), which is no character at all. */
export const loneSurrogateMessage = 'Dit veld bevat een ongeldig teken (een losse UTF-16-surrogaat). Verwijder het en probeer het opnieuw.';
