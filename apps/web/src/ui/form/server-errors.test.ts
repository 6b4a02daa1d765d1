import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import type { ErrorBody } from '@verzendhuis/contract/common';
import { formErrorsFromApi, showServerErrors, unplacedErrors } from './server-errors';

const refusal = (body: Partial<ErrorBody>) =>
  new ApiError({ status: 400, message: 'Ongeldige invoer', message_code: 'form_invalid', type: 'validation', fields: {}, errors: [], ...body });

describe('the errors of a refused call on a form', () => {
  it('are its fields at the API paths, the messages of one field joined', () => {
    const error = refusal({ fields: { zipcode: ['Te lang'], 'order_items.0.quantity': ['Minimaal 1', 'Geen getal'] } });
    expect(formErrorsFromApi(error)).toEqual({ zipcode: 'Te lang', 'order_items.0.quantity': 'Minimaal 1 Geen getal' });
  });

  it('keep the message of a refusal without fields under _', () => {
    expect(formErrorsFromApi(refusal({ message: 'Vervoerder niet gevonden.', message_code: 'courier_not_found' }))).toEqual({ _: 'Vervoerder niet gevonden.' });
  });

  it('are nothing for a failure that is not about the input', () => {
    expect(formErrorsFromApi(new Error('kapot'))).toBeNull();
    expect(formErrorsFromApi(refusal({ status: 413, message_code: 'body_too_large' }))).toBeNull();
    expect(formErrorsFromApi(refusal({ status: 400, type: 'usage', message_code: 'quota_exceeded' }))).toBeNull();
    expect(formErrorsFromApi(refusal({ status: 500, type: 'programming', fields: { name: ['x'] } }))).toBeNull();
  });

  it('are set on the form only when there are any', () => {
    const set: unknown[] = [];
    const form = { setErrors: (errors: unknown) => void set.push(errors) };
    expect(showServerErrors(form, refusal({ fields: { label: ['Te lang.'] } }))).toBe(true);
    expect(showServerErrors(form, new Error('kapot'))).toBe(false);
    expect(set).toEqual([{ label: 'Te lang.' }]);
  });
});

describe('errors without an input of the form', () => {
  const errors = { label: 'Vul een naam in.', 'fields.api_key': 'Onjuist.', _: 'Niet gevonden.', empty: null };
  it('are those at paths the form does not show, in order', () => {
    expect(unplacedErrors(errors, ['label'])).toEqual(['Onjuist.', 'Niet gevonden.']);
    expect(unplacedErrors(errors, (path) => path.startsWith('fields.'))).toEqual(['Vul een naam in.', 'Niet gevonden.']);
    expect(unplacedErrors({}, [])).toEqual([]);
  });
});
