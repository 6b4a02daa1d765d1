/**
 * Returns (issue 14 §4, docs/returns.md): the /settings/return screen, the public return
 * portal `/retour/{slug}` and their rules. Texts the specs give are copied exactly
 * (account spec §8 "company name required to activate returns"; orders spec §2.6 payment
 * method names, §3 return reasons, §8 "Gekopieerd naar klembord"); the others are ours.
 */
import type { FieldErrors } from './errors';
import { returnReasonNames } from './label-screens-texts';
import { returnLabelRefusedText } from './return-labels';

/** Orders spec §2.6: who pays a return. The portal offers the ones the organisation chose. */
export const returnPaymentMethods = ['organisation_paid', 'consumer_paid', 'store_credit'] as const;
export type ReturnPaymentMethod = (typeof returnPaymentMethods)[number];

/** Orders spec §3 and the domain notes: the reasons a consumer can give, in this order (other last). */
export const returnReasons = ['changed_mind', 'item_too_big', 'item_too_small', 'item_damaged', 'wrong_item_received', 'not_as_described', 'colour', 'item_expired', 'arrived_too_late', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  ...(returnReasonNames as Record<Exclude<ReturnReason, 'arrived_too_late'>, string>),
  arrived_too_late: 'Te laat geleverd',
};

export const returnLimits = {
  slugMin: 3,
  slugMax: 60,
  introMax: 1000,
  commentMax: 500,
  /** The consumer's price: at most € 100,00. */
  priceMaxCents: 10_000,
  daysMin: 1,
  daysMax: 365,
  /** Failed lookups (a wrong order number or postcode) per client address ... */
  lookupFailuresAllowed: 10,
  /** ... in this many seconds. */
  lookupFailureWindowSeconds: 15 * 60,
} as const;

/** The message_codes of the return settings and the portal, with their messages. */
export const returnErrorMessages = {
  /** Account spec §8 (usage): "company name required to activate returns". */
  return_company_name_required: 'Bedrijfsnaam is verplicht om retouren te activeren',
  return_slug_taken: 'Dit adres van het retourportaal is al in gebruik. Kies een ander.',
  return_portal_not_found: 'Dit retourportaal bestaat niet of is niet actief.',
  return_order_not_found: 'We vinden geen verzonden bestelling met dit bestelnummer en deze postcode. Controleer beide en probeer het opnieuw.',
  return_period_expired: 'De retourtermijn van deze bestelling is verlopen. Neem contact op met de winkel.',
  return_already_registered: 'Voor deze bestelling is al een retour aangemeld. Neem contact op met de winkel als je nog iets wilt terugsturen.',
  return_courier_not_offered: 'Kies een vervoerder uit de lijst.',
  /** Orders spec §5: the carrier makes no return labels from the consumer's country. */
  return_courier_refused: returnLabelRefusedText,
  return_payment_not_offered: 'Kies een betaalmethode uit de lijst.',
  /** A consumer-paid return that does not exist (or belongs to another portal). */
  return_payment_not_found: 'We vinden deze retourbetaling niet. Meld je retour opnieuw aan.',
  /** A retry of a return that is paid already. */
  return_payment_done: 'Deze retour is al betaald.',
  return_label_failed: 'Het retourlabel kon niet worden gemaakt. Probeer het later opnieuw of neem contact op met de winkel.',
  return_too_many_attempts: 'Te veel pogingen met een onbekend bestelnummer of een verkeerde postcode. Wacht een kwartier en probeer het opnieuw.',
} as const;

/** /settings/return: field labels, hints and toasts. */
export const returnSettingsTexts = {
  addressTitle: 'Retouradres',
  addressHint: 'Retourlabels worden naar dit adres gestuurd. Zonder eigen retouradres gaan retouren naar het adres van je organisatie.',
  addressUseOwn: 'Het adres van mijn organisatie gebruiken',
  addressOther: 'Een ander retouradres',
  addressOwnShown: 'Retouren gaan naar het adres van je organisatie:',
  addressOwnMissing: 'Je organisatie heeft nog geen adres. Vul het in bij Account of kies een ander retouradres.',
  save: 'Opslaan',
  saved: 'Gelukt',
  saveFailed: 'De retourinstellingen zijn niet opgeslagen.',
  paymentTitle: 'Betaalmethoden',
  paymentHint: 'Kies welke betaalmethoden het retourportaal aanbiedt.',
  paymentMethodDescriptions: {
    organisation_paid: 'Jij betaalt het retourlabel; het komt op je factuur.',
    consumer_paid: 'De klant betaalt het retourlabel in het portaal.',
    store_credit: 'De kosten worden verrekend met winkelkrediet van de klant.',
  } satisfies Record<ReturnPaymentMethod, string>,
  price: 'Prijs voor de klant (€)',
  priceHint: 'Wat de klant betaalt bij "Klant betaald", bijvoorbeeld 3,95.',
  portalTitle: 'Retourportaal',
  portalEnabled: 'Retourportaal actief',
  portalLink: 'Link naar je retourportaal',
  copy: 'Kopiëren',
  copied: 'Gekopieerd naar klembord',
  copyFailed: 'Kopiëren is mislukt. Selecteer de link en kopieer hem zelf.',
  slug: 'Adres van het portaal',
  slugHint: 'Kleine letters, cijfers en streepjes, bijvoorbeeld mijn-winkel.',
  intro: 'Welkomsttekst',
  introHint: 'Deze tekst staat boven in het retourportaal.',
  couriers: 'Vervoerders in het portaal',
  couriersHint: 'De klant kiest een van deze vervoerders om het pakket mee terug te sturen.',
  noCouriers: 'Je hebt nog geen vervoerder gekoppeld die retourlabels maakt.',
  returnDays: 'Retourtermijn (dagen na de besteldatum)',
} as const;

/** The field messages of the return settings. */
export const returnSettingsFieldTexts = {
  slugRequired: 'Vul het adres van het portaal in.',
  slugInvalid: `Gebruik ${returnLimits.slugMin} tot ${returnLimits.slugMax} kleine letters, cijfers of streepjes (niet aan het begin of eind).`,
  introTooLong: `De welkomsttekst mag maximaal ${returnLimits.introMax} tekens zijn.`,
  priceInvalid: 'Vul een bedrag in euro in, bijvoorbeeld 3,95.',
  priceTooHigh: `De prijs mag maximaal € ${returnLimits.priceMaxCents / 100},00 zijn.`,
  paymentRequired: 'Kies minstens één betaalmethode.',
  paymentUnknown: 'Kies een betaalmethode uit de lijst.',
  courierUnknown: 'Kies een gekoppelde vervoerder die retourlabels maakt.',
  daysInvalid: `Vul een aantal dagen in van ${returnLimits.daysMin} tot ${returnLimits.daysMax}.`,
  couriersRequired: 'Kies minstens één vervoerder voor het retourportaal.',
} as const;

/** The public return portal /retour/{slug}. */
export const returnPortalTexts = {
  title: 'Retour aanmelden',
  defaultIntro: 'Wil je iets terugsturen? Vul je bestelnummer en postcode in, kies wat je terugstuurt en download je retourlabel.',
  orderNumber: 'Bestelnummer',
  postcode: 'Postcode',
  lookUp: 'Bestelling zoeken',
  itemsTitle: 'Wat stuur je terug?',
  itemsHint: 'Kies de artikelen en geef per artikel een reden.',
  quantity: (n: number) => `${n} stuks`,
  reason: 'Reden',
  reasonRequired: 'Kies een reden.',
  comment: 'Toelichting',
  commentRequired: 'Vertel kort waarom je dit terugstuurt.',
  noItemChosen: 'Kies minstens één artikel om terug te sturen.',
  courierTitle: 'Hoe stuur je het terug?',
  courierRequired: 'Kies een vervoerder.',
  courierRefused: 'Niet beschikbaar voor zendingen vanuit jouw land.',
  paymentTitle: 'Betaling',
  paymentRequired: 'Kies een betaalmethode.',
  paymentLabels: {
    organisation_paid: 'Gratis retour',
    consumer_paid: 'Ik betaal het retourlabel',
    store_credit: 'Verrekenen met winkelkrediet',
  } satisfies Record<ReturnPaymentMethod, string>,
  consumerPrice: (price: string) => `Je betaalt ${price} voor het retourlabel.`,
  submit: 'Retourlabel aanmaken',
  /** consumer_paid: the payment step, the wait after the checkout and a failed payment. */
  pay: 'Betalen',
  paymentDescription: (orderNumber: string) => `Retourzending ${orderNumber}`,
  paymentWaitingTitle: 'We wachten op je betaling',
  paymentWaitingHint: 'Dit duurt meestal maar even; deze pagina kijkt vanzelf opnieuw.',
  paymentCheckAgain: 'Opnieuw controleren',
  labelBeingMade: 'Je betaling is ontvangen. We maken je retourlabel.',
  paymentFailedTitle: 'De betaling is niet gelukt',
  paymentFailedReasons: {
    failed: 'De betaling is mislukt.',
    canceled: 'Je hebt de betaling geannuleerd.',
    expired: 'De betaling is verlopen.',
  } as Record<string, string>,
  paymentRetryHint: 'Je retour is bewaard: je hoeft niets opnieuw in te vullen.',
  paymentRetry: 'Opnieuw betalen',
  back: 'Terug',
  doneTitle: 'Je retourlabel is klaar',
  doneHint: 'Print het label, plak het op het pakket en breng het naar een afgiftepunt van de vervoerder.',
  download: 'Retourlabel downloaden (PDF)',
  trackingNumber: 'Trackingnummer',
  qrAlt: (trackingNumber: string) => `QR-code van trackingnummer ${trackingNumber}`,
  notFoundTitle: 'Retourportaal niet gevonden',
  notFoundText: 'Dit retourportaal bestaat niet of is niet actief. Controleer de link of neem contact op met de winkel.',
  loadFailed: 'Het retourportaal kon niet worden geladen. Probeer het later opnieuw.',
  unexpected: 'Er ging iets mis. Probeer het later opnieuw.',
} as const;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug as stored: trimmed, lower case. */
export function normaliseSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

export function slugProblem(slug: string): string | null {
  if (!slug) return returnSettingsFieldTexts.slugRequired;
  if (slug.length < returnLimits.slugMin || slug.length > returnLimits.slugMax || !slugPattern.test(slug)) return returnSettingsFieldTexts.slugInvalid;
  return null;
}

/** A slug made of the organisation's name: "Bakkerij De Gouden Krakeling B.V." → "bakkerij-de-gouden-krakeling-b-v". */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, returnLimits.slugMax - 5)
    .replace(/-+$/, '');
  return base.length >= returnLimits.slugMin ? base : `retour-${base || 'winkel'}`;
}

/** A euro amount as typed ("3,95", "3.95", "€ 4", "4,5") in cents, without floating point; null when it is no amount. */
export function parseEuroCents(text: string): number | null {
  const match = /^(?:€\s*)?(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** Cents as a Dutch amount: 395 → "€ 3,95". */
export function formatEuroCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `€ ${whole},${rest}`;
}

/** Cents as the settings form shows them: 395 → "3,95". */
export function centsInputText(cents: number): string {
  return formatEuroCents(cents).slice(2);
}

/** Whether an order of this date may still be returned `days` days after it, at `now`. */
export function returnWindowOpen({ orderDate, days, now }: { orderDate: Date; days: number; now: Date }): boolean {
  return now.getTime() <= orderDate.getTime() + days * 24 * 60 * 60 * 1000;
}

/** Postcodes compared as a consumer types them: without spaces, in capitals. */
export function samePostcode(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, '').toUpperCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

/** Checks the parts of a settings change that no other rule covers; field paths as the body's. */
export function validateReturnSettings(patch: { slug?: string | null; intro_text?: string | null; payment_methods?: readonly string[]; consumer_price_cents?: number; return_days?: number }): FieldErrors {
  const errors: FieldErrors = {};
  if (patch.slug !== undefined && patch.slug !== null) {
    const problem = slugProblem(normaliseSlug(patch.slug));
    if (problem) errors.slug = [problem];
  }
  if ((patch.intro_text?.length ?? 0) > returnLimits.introMax) errors.intro_text = [returnSettingsFieldTexts.introTooLong];
  if (patch.payment_methods !== undefined) {
    if (patch.payment_methods.length === 0) errors.payment_methods = [returnSettingsFieldTexts.paymentRequired];
    else if (patch.payment_methods.some((m) => !(returnPaymentMethods as readonly string[]).includes(m))) errors.payment_methods = [returnSettingsFieldTexts.paymentUnknown];
  }
  if (patch.consumer_price_cents !== undefined && (!Number.isInteger(patch.consumer_price_cents) || patch.consumer_price_cents < 0)) errors.consumer_price_cents = [returnSettingsFieldTexts.priceInvalid];
  else if ((patch.consumer_price_cents ?? 0) > returnLimits.priceMaxCents) errors.consumer_price_cents = [returnSettingsFieldTexts.priceTooHigh];
  if (patch.return_days !== undefined && (!Number.isInteger(patch.return_days) || patch.return_days < returnLimits.daysMin || patch.return_days > returnLimits.daysMax)) errors.return_days = [returnSettingsFieldTexts.daysInvalid];
  return errors;
}
