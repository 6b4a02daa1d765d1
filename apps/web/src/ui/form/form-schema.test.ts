import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaValidator } from './form-schema';

const schema = z.object({
  name: z.string().trim().min(3, { error: 'Te kort.' }).regex(/^[a-z ]*$/, { error: 'Alleen letters.' }),
  lines: z.array(z.object({ quantity: z.number({ error: 'Vul een aantal in.' }).min(1, { error: 'Minimaal 1.' }) })),
});

describe('a form validated by the contract schema', () => {
  it('keys the issues by the API path, the distinct texts of a field joined', () => {
    const validate = schemaValidator(schema);
    expect(validate({ name: 'A1', lines: [{ quantity: 1 }, { quantity: 0 }] })).toEqual({ name: 'Te kort. Alleen letters.', 'lines.1.quantity': 'Minimaal 1.' });
    expect(validate({ name: ' piet ', lines: [] })).toEqual({});
  });

  it('checks the request the values make, in the form\'s own words where it has them', () => {
    const validate = schemaValidator(schema, {
      toInput: (values: { name: string; quantity: string }) => ({ name: values.name, lines: [{ quantity: values.quantity === '' ? null : Number(values.quantity) }] }),
      message: (issue) => (issue.code === 'invalid_type' ? 'Vul dit veld in.' : issue.message),
    });
    expect(validate({ name: 'jan', quantity: '' })).toEqual({ 'lines.0.quantity': 'Vul dit veld in.' });
    expect(validate({ name: 'jan', quantity: '0' })).toEqual({ 'lines.0.quantity': 'Minimaal 1.' });
  });
});
