import { ApiError } from '@verzendhuis/contract/client';

export type FieldErrors = Record<string, string>;

/** The field errors of a refused courier call (400, validation), keyed as the server names them ("label", "fields.api_key"). */
export function courierFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.body.type !== 'validation') return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.body.fields)) errors[field] = messages.join(' ');
  return Object.keys(errors).length > 0 ? errors : { _: error.body.message };
}

/** Messages the form has no field for, shown above its buttons. */
export function otherErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .map(([, message]) => message);
}
