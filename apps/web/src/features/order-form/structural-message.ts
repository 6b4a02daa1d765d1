import type { z } from 'zod';
import { ApiError } from '@verzendhuis/contract/client';
import { orderFormTexts } from '@verzendhuis/domain/orders-texts';

export type FormErrors = Record<string, string>;

/** The field errors of a refused save (400, type validation), keyed by the form's paths; null for other failures. */
export function fieldErrorsFromApi(error: unknown): FormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.body.type !== 'validation') return null;
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(error.body.fields)) errors[field] = messages.join(' ');
  return errors;
}

const texts = orderFormTexts.structural;

/** A Dutch text for a structural problem that the contract schema found in the form's values. */
export function structuralMessage(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  switch (issue.code) {
    case 'too_small':
      if (path === 'shipment.packages') return texts.packagesMin;
      return issue.origin === 'string' ? texts.required : texts.min(Number(issue.minimum));
    case 'too_big':
      return issue.origin === 'string' ? texts.tooLong(Number(issue.maximum)) : texts.max(Number(issue.maximum));
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? texts.number : texts.required;
    case 'not_multiple_of':
      return texts.decimals;
    case 'invalid_value':
      return texts.choice;
    default:
      return texts.invalid;
  }
}

/** The schema's issues keyed by path, messages joined per field. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.join('.');
    const message = structuralMessage(issue);
    errors[path] = errors[path] && !errors[path].includes(message) ? `${errors[path]} ${message}` : message;
  }
  return errors;
}
