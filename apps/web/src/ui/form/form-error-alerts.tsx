import { Alert } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { unplacedErrors, type ShownFields } from './server-errors';

/** What a form shows of errors without an input of their own: a red alert each, placed above its buttons. */
export function FormErrorAlerts({ errors, shown }: { errors: FormErrors; shown: ShownFields }) {
  return unplacedErrors(errors, shown).map((message) => (
    <Alert key={message} color="red" data-testid="form-error">
      {message}
    </Alert>
  ));
}
