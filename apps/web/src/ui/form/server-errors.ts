import type { FormErrors } from '@mantine/form';
import { ApiError } from '@verzendhuis/contract/client';

/** Where a form keeps a refusal's message that names no field (the server's own key for it). */
export const formLevelError = '_';

/**
 * The one mapper of a refused call onto a form: the `fields` of an answer 400 of type
 * validation, keyed as the server names them (which are the form's paths), the messages of
 * a field joined; a refusal without fields gives its message under `_`. Null for every
 * other failure, which is not about what was entered.
 */
export function formErrorsFromApi(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.body.type !== 'validation') return null;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.body.fields)) {
    if (messages.length > 0) errors[field] = messages.join(' ');
  }
  return Object.keys(errors).length > 0 ? errors : { [formLevelError]: error.body.message };
}

/** Puts a refused call's errors on the form; false, and the form unchanged, when the failure is not about the input. */
export function showServerErrors(form: { setErrors: (errors: FormErrors) => void }, error: unknown): boolean {
  const errors = formErrorsFromApi(error);
  if (errors) form.setErrors(errors);
  return errors !== null;
}

/** Which paths a form shows at an input of its own: a list, or a test for forms whose fields come and go. */
export type ShownFields = readonly string[] | ((path: string) => boolean);

/** The messages of errors that no input of the form shows (`_` included), in order. */
export function unplacedErrors(errors: FormErrors, shown: ShownFields): string[] {
  const isShown = typeof shown === 'function' ? shown : (path: string) => shown.includes(path);
  return Object.entries(errors)
    .filter(([path, message]) => !isShown(path) && message !== null && message !== undefined && message !== false)
    .map(([, message]) => String(message));
}
