import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';

/** A Standard Schema, as @mantine/form's schemaResolver takes it (zod 4 schemas are one). */
type StandardSchema = Parameters<typeof schemaResolver>[0];

export interface FormSchemaOptions<Values> {
  /** The request the values make, which the schema checks; by default the values themselves. */
  toInput?: (values: Values) => unknown;
  /** The form's own text of an issue, where it words it otherwise than the schema; by default the schema's. */
  message?: (issue: z.core.$ZodIssue) => string;
}

/**
 * The contract's schema as a Standard Schema of a form's values: it checks the request that
 * the values make (`toInput`), one issue per field path with its distinct messages joined,
 * as the server joins the messages of its `fields`.
 */
export function formSchema<Values, Schema extends z.ZodType>(
  schema: Schema,
  { toInput = (values) => values, message = (issue) => issue.message }: FormSchemaOptions<Values> = {},
): StandardSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'verzendhuis',
      validate(values: unknown) {
        const parsed = schema.safeParse(toInput(values as Values));
        if (parsed.success) return { value: parsed.data };
        const byPath = new Map<string, { path: PropertyKey[]; messages: string[] }>();
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.');
          const entry = byPath.get(key) ?? { path: issue.path, messages: [] };
          const text = message(issue);
          if (!entry.messages.includes(text)) entry.messages.push(text);
          byPath.set(key, entry);
        }
        return { issues: [...byPath.values()].map(({ path, messages }) => ({ path, message: messages.join(' ') })) };
      },
    },
  };
}

/** The `validate` of a form (@mantine/form's schemaResolver): the schema's issues as the form's errors, by path. */
export function schemaValidator<Values, Schema extends z.ZodType>(schema: Schema, options?: FormSchemaOptions<Values>): (values: Values) => FormErrors {
  return schemaResolver(formSchema(schema, options), { sync: true });
}
