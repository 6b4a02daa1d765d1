import { addressTexts } from './address-rules';
import { countryCodes, requiresStateProvince, statesProvinces } from './countries';
import type { FieldErrors } from './errors';

/**
 * The address book (account spec §2 Address book, §3 Contact, §5, §8): its texts, its
 * error codes and the rule a contact must satisfy before it is stored.
 */

export const contactErrorMessages = {
  contact_not_found: 'Dit contact bestaat niet (meer).',
} as const;

export const contactLimits = {
  nameMax: 200,
  textMax: 200,
  zipcodeMax: 20,
  housenumberMax: 20,
  emailMax: 254,
  phoneMax: 40,
  /** Contacts one DELETE may name. */
  deleteMax: 250,
} as const;

export const contactFieldLabels = {
  name: 'Naam',
  company_name: 'Bedrijfsnaam',
  country: 'Land',
  state_province_code: 'Staat/provincie',
  zipcode: 'Postcode',
  housenumber: 'Huisnummer en toevoeging',
  address_1: 'Adresregel 1',
  address_2: 'Adresregel 2',
  address_2Placeholder: '2nd floor',
  city: 'Plaats',
  email: 'E-mail',
  phone: 'Telefoon',
} as const;

export const contactTexts = {
  title: 'Adresboek',
  intro: 'Adressen die je vaak gebruikt. In het bestelformulier kies je ze met de knop Adresboek.',
  create: 'Contact aanmaken',
  edit: 'Contact bewerken',
  cancel: 'Annuleren',
  submitCreate: 'Aanmaken',
  submitEdit: 'Opslaan',
  searchLabel: 'Zoek een contact',
  searchPlaceholder: 'Naam, bedrijf, postcode of plaats',
  empty: 'Je adresboek is nog leeg. Maak je eerste contact aan met Contact aanmaken.',
  noResults: 'Geen contacten gevonden.',
  columns: { name: 'Naam', company: 'Bedrijf', address: 'Adres', country: 'Land', email: 'E-mail', phone: 'Telefoon', actions: 'Acties' },
  editRow: (name: string) => `${name} bewerken`,
  deleteSelected: 'Verwijderen',
  deleteTitle: 'Contacten verwijderen',
  deleteMessage: (count: number) => (count === 1 ? 'Weet je zeker dat je dit contact wilt verwijderen?' : `Weet je zeker dat je deze ${count} contacten wilt verwijderen?`),
  deleteConfirm: 'Verwijderen',
  /** §8 toasts. */
  created: 'Contact aangemaakt',
  updated: 'Contact aangepast',
  deleted: (count: number) => `${count} contacten verwijderd`,
  /** §8: the contact errors of reading, searching, creating, changing and deleting. */
  loadFailed: 'Het adresboek kon niet worden geladen.',
  searchFailed: 'Zoeken in het adresboek is mislukt.',
  createFailed: 'Het contact kon niet worden aangemaakt. Controleer de velden.',
  updateFailed: 'Het contact kon niet worden aangepast. Controleer de velden.',
  deleteFailed: 'De contacten konden niet worden verwijderd.',
  notFound: 'Dit contact bestaat niet (meer).',
  /** The order form's Ontvanger: save the recipient in the address book. */
  saveRecipient: 'Opslaan in adresboek',
  saveRecipientFailed: 'De ontvanger kon niet in het adresboek worden opgeslagen. Vul naam, postcode en adres in.',
  countryNotFound: 'Land niet gevonden',
  stateNotFound: 'Staat/provincie niet gevonden',
  paginationLabel: 'Pagina’s van het adresboek',
} as const;

export const contactValidationTexts = {
  required: (label: string) => addressTexts.required(label),
  countryInvalid: 'Kies een land uit de lijst.',
  stateInvalid: 'Kies een staat of provincie uit de lijst.',
  stateNotAllowed: 'Een staat of provincie hoort alleen bij de Verenigde Staten, Canada en China.',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  tooLong: (max: number) => `Gebruik hoogstens ${max} tekens.`,
} as const;

/** A contact as entered: texts trimmed by the caller; null or '' is empty. */
export interface ContactInput {
  name: string;
  company_name?: string | null;
  country: string;
  state_province_code?: string | null;
  zipcode: string;
  housenumber?: string | null;
  address_1: string;
  address_2?: string | null;
  city?: string | null;
  email?: string | null;
  phone?: string | null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function push(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

const lengths: [keyof ContactInput, number][] = [
  ['name', contactLimits.nameMax],
  ['company_name', contactLimits.textMax],
  ['zipcode', contactLimits.zipcodeMax],
  ['housenumber', contactLimits.housenumberMax],
  ['address_1', contactLimits.textMax],
  ['address_2', contactLimits.textMax],
  ['city', contactLimits.textMax],
  ['email', contactLimits.emailMax],
  ['phone', contactLimits.phoneMax],
];

/**
 * Account spec §5: a contact needs name, zipcode and address_1; the country is one of
 * the list (the Canary Islands, IC, included); a state or province only for US, CA and
 * CN, and there one of that country's. Dutch messages per field; empty when valid.
 */
export function validateContact(contact: ContactInput): FieldErrors {
  const errors: FieldErrors = {};
  const empty = (value: string | null | undefined) => !value || value.trim() === '';
  if (empty(contact.name)) push(errors, 'name', contactValidationTexts.required(contactFieldLabels.name));
  if (!(countryCodes as readonly string[]).includes(contact.country)) push(errors, 'country', contactValidationTexts.countryInvalid);
  if (empty(contact.zipcode)) push(errors, 'zipcode', contactValidationTexts.required(contactFieldLabels.zipcode));
  if (empty(contact.address_1)) push(errors, 'address_1', contactValidationTexts.required(contactFieldLabels.address_1));
  const state = contact.state_province_code;
  if (requiresStateProvince(contact.country)) {
    if (!empty(state) && !statesProvinces[contact.country].some((s) => s.code === state)) push(errors, 'state_province_code', contactValidationTexts.stateInvalid);
  } else if (!empty(state)) {
    push(errors, 'state_province_code', contactValidationTexts.stateNotAllowed);
  }
  if (!empty(contact.email) && !emailPattern.test(contact.email as string)) push(errors, 'email', contactValidationTexts.emailInvalid);
  for (const [field, max] of lengths) {
    const value = contact[field];
    if (typeof value === 'string' && value.length > max && !errors[field]) push(errors, field, contactValidationTexts.tooLong(max));
  }
  return errors;
}
