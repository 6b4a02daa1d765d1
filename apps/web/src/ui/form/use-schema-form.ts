import { useForm, type FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { schemaValidator, type FormSchemaOptions } from './form-schema';

/** A form's values, as @mantine/form takes them (`unknown` would refuse an interface, which has no index signature). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormValues = Record<string, any>;

export interface SchemaFormOptions<Values, Schema extends z.ZodType> extends FormSchemaOptions<Values> {
  /** The contract's schema of the request the form sends. */
  schema: Schema;
  initialValues: Values;
  initialErrors?: FormErrors;
}

/**
 * The one way to build a form: @mantine/form, validated by the contract's zod schema on
 * the request the values make. `form.onSubmit(handler)` calls the handler only with a
 * valid request, parsed by that schema; the errors are keyed by the API's field paths,
 * so a refused call's `fields` land on the same inputs (`showServerErrors`).
 */
export function useSchemaForm<Values extends FormValues, Schema extends z.ZodType>({
  schema,
  initialValues,
  initialErrors,
  toInput = (values) => values,
  message,
}: SchemaFormOptions<Values, Schema>) {
  return useForm<Values, z.output<Schema>>({
    mode: 'controlled',
    initialValues,
    initialErrors,
    validate: schemaValidator(schema, { toInput, message }),
    transformValues: (values) => schema.parse(toInput(values)),
  });
}
