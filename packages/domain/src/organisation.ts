import { addressProblems, addressTexts } from './address-rules';
import { eoriGbProblem, eoriProblem, hmrcCodeProblem, nationalPhoneProblem, vatNumberProblem } from './company-identifiers';
import { countryCodes } from './countries';
import type { FieldErrors } from './errors';

/** Limits of the organisation fields; the spec names the checks, not the numbers. */
export const organisationLimits = {
  nameMax: 100,
  emailMax: 100,
  phoneMax: 20,
  /** The address: as long as an order's fields, the addition as carriers take it. */
  companyNameMax: 100,
  address1Max: 100,
  housenumberMax: 20,
  housenumberAdditionMax: 10,
  zipcodeMax: 20,
  cityMax: 100,
} as const;

export const organisationTexts = {
  nameRequired: 'Vul de naam van je organisatie in.',
  nameTooLong: `De naam van de organisatie mag maximaal ${organisationLimits.nameMax} tekens zijn.`,
  emailInvalid: 'Vul een geldig e-mailadres in.',
  emailTooLong: `Het e-mailadres van de organisatie mag maximaal ${organisationLimits.emailMax} tekens zijn.`,
  phoneRequired: 'Vul een telefoonnummer in.',
  phoneTooLong: `Het telefoonnummer mag maximaal ${organisationLimits.phoneMax} tekens zijn.`,
  phoneInvalid: 'Vul een geldig telefoonnummer in, bijvoorbeeld 0201234567 of +31201234567.',
  logoUrlInvalid: 'Vul een geldige webadres (https://...) in voor het logo.',
  characteristicsInvalid: 'Kies een geldige bedrijfssoort.',
  companyNameLabel: 'Bedrijfsnaam',
  countryInvalid: 'Kies een land uit de lijst.',
  addressTooLong: (max: number) => `Dit veld mag maximaal ${max} tekens zijn.`,
  /** The status_info of an organisation without an address (the dashboard's "incomplete account data"). */
  addressMissing: 'Vul het adres van je organisatie in: het staat als afzender op elk label.',
} as const;

/** The message_codes about the organisation's rights, with their messages (account spec §8). */
export const organisationErrorMessages = {
  organisation_not_authorised: 'De organisatie kan niet worden geautoriseerd. Log opnieuw in.',
  organisation_lacks_rights: 'Je organisatie heeft geen rechten voor deze actie.',
} as const;

/** The names of the plans on offer (apps/server/src/organisation/plans.ts), by plan id. */
export const planNames = {
  trial: 'Proefperiode',
  start: 'Start',
  groei: 'Groei',
  zakelijk: 'Zakelijk',
} as const;

/** Company characteristics an organisation can pick (company tab). */
export const companyCharacteristics = [
  { value: 'webshop', label: 'Webwinkel' },
  { value: 'wholesale', label: 'Groothandel' },
  { value: 'retail', label: 'Winkel met webwinkel' },
  { value: 'marketplace', label: 'Verkoper op marktplaatsen' },
  { value: 'other', label: 'Anders' },
] as const;

/**
 * The organisation's own address: the sender of every label and the recipient of its
 * return labels (until issue 14 adds a separate return address).
 */
export interface OrganisationAddress {
  company_name: string;
  address_1: string;
  housenumber: string | null;
  housenumber_addition: string | null;
  zipcode: string | null;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** An address as a client sends it: any field may be missing or empty until it is checked. */
export type OrganisationAddressInput = { [K in keyof OrganisationAddress]?: string | null };

export interface OrganisationUpdate {
  name?: string;
  address?: OrganisationAddressInput;
  contact?: { email?: string | null; phone?: string | null };
  company_logo_url?: string | null;
  company?: {
    characteristics?: string | null;
    eori_number?: string | null;
    eori_number_gb?: string | null;
    vat_number?: string | null;
    hmrc_code?: string | null;
    /** The phone number as dialled inside the organisation's country (customs forms ask for it). */
    national_phone?: string | null;
  };
}

const blank = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
const code = (value: string | null | undefined) => (value === undefined ? undefined : value?.replace(/\s/g, '').toUpperCase() || null);

/** A Dutch postcode as PostNL prints it ("1015 CJ"); other postcodes in capitals with single spaces. */
function normalisePostcode(zipcode: string | null, country: string): string | null {
  if (!zipcode) return null;
  const upper = zipcode.toUpperCase().replace(/\s+/g, ' ');
  const dutch = country === 'NL' ? /^([1-9][0-9]{3}) ?([A-Z]{2})$/.exec(upper) : null;
  return dutch ? `${dutch[1]} ${dutch[2]}` : upper;
}

/** The address as it is checked and stored: texts trimmed (empty ones null), country and addition in capitals. */
export function normaliseOrganisationAddress(address: OrganisationAddressInput): OrganisationAddressInput {
  const country = address.country?.trim().toUpperCase() ?? '';
  return {
    company_name: blank(address.company_name) ?? null,
    address_1: blank(address.address_1) ?? null,
    housenumber: blank(address.housenumber) ?? null,
    housenumber_addition: blank(address.housenumber_addition)?.toUpperCase() ?? null,
    zipcode: normalisePostcode(blank(address.zipcode) ?? null, country),
    city: blank(address.city) ?? null,
    country,
  };
}

/**
 * An update as it is checked and stored: the name trimmed, other texts trimmed (empty
 * ones null), codes in capitals without spaces. What was left out stays left out.
 */
export function normaliseOrganisationUpdate(update: OrganisationUpdate): OrganisationUpdate {
  return {
    name: update.name?.trim(),
    address: update.address && normaliseOrganisationAddress(update.address),
    contact: update.contact && { email: blank(update.contact.email), phone: blank(update.contact.phone) },
    company_logo_url: blank(update.company_logo_url),
    company: update.company && {
      characteristics: blank(update.company.characteristics),
      eori_number: code(update.company.eori_number),
      eori_number_gb: code(update.company.eori_number_gb),
      vat_number: code(update.company.vat_number),
      hmrc_code: code(update.company.hmrc_code),
      national_phone: blank(update.company.national_phone),
    },
  };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const phonePattern = /^\+?[0-9]{6,15}$/;

/** Whitespace, dashes and brackets are allowed in input and removed before checking. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

export function isValidEmail(email: string): boolean {
  return emailPattern.test(email);
}

function push(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

const addressLengths: [keyof OrganisationAddress, number][] = [
  ['company_name', organisationLimits.companyNameMax],
  ['address_1', organisationLimits.address1Max],
  ['housenumber', organisationLimits.housenumberMax],
  ['housenumber_addition', organisationLimits.housenumberAdditionMax],
  ['zipcode', organisationLimits.zipcodeMax],
  ['city', organisationLimits.cityMax],
];

/**
 * Checks the organisation's address (normalised): the order rules for street, house
 * number, postcode and city, plus a company name and a known country. Field paths
 * `address.<field>`.
 */
export function validateOrganisationAddress(address: OrganisationAddressInput): FieldErrors {
  const errors: FieldErrors = {};
  const country = address.country ?? '';
  if (!(countryCodes as readonly string[]).includes(country)) push(errors, 'address.country', organisationTexts.countryInvalid);
  if (!address.company_name) push(errors, 'address.company_name', addressTexts.required(organisationTexts.companyNameLabel));
  for (const [field, max] of addressLengths) {
    if ((address[field]?.length ?? 0) > max) push(errors, `address.${field}`, organisationTexts.addressTooLong(max));
  }
  for (const problem of addressProblems({ ...address, country })) {
    if (!errors[`address.${problem.field}`]) push(errors, `address.${problem.field}`, problem.message);
  }
  return errors;
}

/** A complete, valid address as stored; null when something is missing or wrong. */
export function completeOrganisationAddress(address: OrganisationAddressInput | null | undefined): OrganisationAddress | null {
  if (!address) return null;
  const normalised = normaliseOrganisationAddress(address);
  if (Object.keys(validateOrganisationAddress(normalised)).length > 0) return null;
  return normalised as OrganisationAddress;
}

/**
 * Checks an organisation update (normalised: normaliseOrganisationUpdate). Returns
 * per-field Dutch messages; an empty object means the update may be stored. `country`
 * is the stored address's country (the national phone's format); without it the
 * update's own address decides, else a general format.
 */
export function validateOrganisationUpdate({ update, country }: { update: OrganisationUpdate; country?: string | null }): FieldErrors {
  const errors: FieldErrors = update.address ? validateOrganisationAddress(update.address) : {};
  if (update.name !== undefined) {
    const name = update.name.trim();
    if (!name) push(errors, 'name', organisationTexts.nameRequired);
    else if (name.length > organisationLimits.nameMax) push(errors, 'name', organisationTexts.nameTooLong);
  }
  const email = update.contact?.email;
  if (email) {
    if (email.length > organisationLimits.emailMax) push(errors, 'contact.email', organisationTexts.emailTooLong);
    else if (!isValidEmail(email)) push(errors, 'contact.email', organisationTexts.emailInvalid);
  }
  const phone = update.contact?.phone;
  if (phone !== undefined && phone !== null) {
    const normalised = normalisePhone(phone);
    if (!normalised) push(errors, 'contact.phone', organisationTexts.phoneRequired);
    else if (normalised.length > organisationLimits.phoneMax) push(errors, 'contact.phone', organisationTexts.phoneTooLong);
    else if (!phonePattern.test(normalised)) push(errors, 'contact.phone', organisationTexts.phoneInvalid);
  }
  const logo = update.company_logo_url;
  if (logo && !/^https:\/\/[^\s]+\.[^\s]+$/.test(logo)) push(errors, 'company_logo_url', organisationTexts.logoUrlInvalid);
  const company = update.company ?? {};
  if (company.characteristics && !companyCharacteristics.some((c) => c.value === company.characteristics)) {
    push(errors, 'company.characteristics', organisationTexts.characteristicsInvalid);
  }
  const problems: [string, string | null | undefined, (value: string) => string | null][] = [
    ['eori_number', company.eori_number, eoriProblem],
    ['eori_number_gb', company.eori_number_gb, eoriGbProblem],
    ['vat_number', company.vat_number, vatNumberProblem],
    ['hmrc_code', company.hmrc_code, hmrcCodeProblem],
    ['national_phone', company.national_phone, (phone) => nationalPhoneProblem(phone, country ?? update.address?.country ?? null)],
  ];
  for (const [field, value, problem] of problems) {
    const message = value ? problem(value) : null;
    if (message) push(errors, `company.${field}`, message);
  }
  return errors;
}

/** What order validation may depend on: the sender's customs identity and country. */
export interface OrderRelevantOrganisation {
  eori_number: string | null;
  eori_number_gb: string | null;
  vat_number: string | null;
  hmrc_code: string | null;
  country: string | null;
}

/**
 * Order validation depends on the sender's customs identity (export documents need
 * EORI and VAT) and its country (what is an export), so a change of those asks the
 * client to re-validate the orders (should_validate_orders → order/update). A value
 * sent again unchanged asks nothing.
 */
export function shouldValidateOrders({ update, current }: { update: OrganisationUpdate; current: OrderRelevantOrganisation }): boolean {
  const company = update.company ?? {};
  const changed = (['eori_number', 'eori_number_gb', 'vat_number', 'hmrc_code'] as const).some(
    (key) => company[key] !== undefined && (company[key] ?? null) !== current[key],
  );
  const country = update.address?.country;
  return changed || (country !== undefined && country !== current.country);
}

/** Organisation status: incomplete while the data needed to ship is missing (contact data, the sender address). */
export function organisationStatus({
  contactEmail,
  contactPhone,
  address,
}: {
  contactEmail: string | null;
  contactPhone: string | null;
  address: OrganisationAddress | null;
}): { status: 'incomplete' | null; status_info: { field: string; message: string }[] } {
  const info: { field: string; message: string }[] = [];
  if (!contactEmail) info.push({ field: 'contact.email', message: 'Vul het e-mailadres van je organisatie in.' });
  if (!contactPhone) info.push({ field: 'contact.phone', message: 'Vul het telefoonnummer van je organisatie in.' });
  if (!address) info.push({ field: 'address', message: organisationTexts.addressMissing });
  return { status: info.length > 0 ? 'incomplete' : null, status_info: info };
}

/** Whole days until the end of a trial, never negative; null without an end date. */
export function trialDaysLeft({ subscriptionTo, now }: { subscriptionTo: Date | null; now: Date }): number | null {
  if (!subscriptionTo) return null;
  const msPerDay = 24 * 60 * 60 * 1000;
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const endDay = Date.UTC(subscriptionTo.getUTCFullYear(), subscriptionTo.getUTCMonth(), subscriptionTo.getUTCDate());
  return Math.max(0, Math.round((endDay - startOfToday) / msPerDay));
}

/** An investigation is unanswered when it is not closed and support replied. */
export function hasUnansweredTicket({ tickets }: { tickets: { status: string; is_replied: boolean }[] }): boolean {
  return tickets.some((t) => t.status !== 'closed' && t.is_replied);
}
