import type { FieldErrors } from './errors';
import { isValidEmail, organisationLimits, organisationTexts } from './organisation';

export const passwordMinLength = 8;

export const registrationTexts = {
  organisationRequired: organisationTexts.nameRequired,
  organisationTooLong: organisationTexts.nameTooLong,
  nameRequired: 'Vul je naam in.',
  emailRequired: 'Vul je e-mailadres in.',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  emailTaken: 'Er bestaat al een account met dit e-mailadres. Log in of gebruik een ander e-mailadres.',
  passwordTooShort: `Kies een wachtwoord van minimaal ${passwordMinLength} tekens.`,
  passwordMismatch: 'De wachtwoorden zijn niet gelijk.',
} as const;

export interface Registration {
  organisation_name: string;
  name: string;
  email: string;
  password: string;
  password_repeat: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateRegistration({ registration }: { registration: Registration }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const organisation = registration.organisation_name.trim();
  if (!organisation) add('organisation_name', registrationTexts.organisationRequired);
  else if (organisation.length > organisationLimits.nameMax) add('organisation_name', registrationTexts.organisationTooLong);
  if (!registration.name.trim()) add('name', registrationTexts.nameRequired);
  const email = normaliseEmail(registration.email);
  if (!email) add('email', registrationTexts.emailRequired);
  else if (!isValidEmail(email) || email.length > organisationLimits.emailMax) add('email', registrationTexts.emailInvalid);
  if (registration.password.length < passwordMinLength) add('password', registrationTexts.passwordTooShort);
  else if (registration.password !== registration.password_repeat) add('password_repeat', registrationTexts.passwordMismatch);
  return errors;
}
