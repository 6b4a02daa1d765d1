import type { z } from 'zod';
import { orderFormTexts } from '@verzendhuis/domain/orders-texts';

const texts = orderFormTexts.structural;

/** The order form's Dutch text for a structural problem that the contract schema found in its values. */
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
