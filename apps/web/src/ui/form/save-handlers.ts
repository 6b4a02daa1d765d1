import type { FormErrors } from '@mantine/form';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showErrorToast, showSuccessToast } from '../toasts';
import { showServerErrors } from './server-errors';

/**
 * What a dialog's save does with the answer (the couriers' and shops' link and edit
 * dialogs): on success a toast and `onSaved` (closing); a refusal of the input puts the
 * server's messages on the fields with the "invalid input" toast; anything else goes to
 * the app's error handling.
 */
export function saveHandlers(form: { setErrors: (errors: FormErrors) => void }, options: { saved: string; invalidInput: string; onSaved: () => void }) {
  return {
    onSuccess: () => {
      showSuccessToast(options.saved);
      options.onSaved();
    },
    onError: (error: unknown) => {
      if (!showServerErrors(form, error)) return handleUnexpectedError(error);
      showErrorToast(options.invalidInput);
    },
  };
}
