import { describe, expect, it } from 'vitest';
import { AppError } from '@verzendhuis/domain/errors';
import { errorBody, toAppError, validationError } from './errors';

describe('error bodies', () => {
  it('flattens field errors into errors', () => {
    expect(errorBody(validationError({ name: ['a', 'b'], 'contact.email': ['c'] }))).toEqual({
      status: 400,
      message: 'Het formulier is ongeldig of niet volledig ingevuld.',
      message_code: 'form_invalid',
      type: 'validation',
      fields: { name: ['a', 'b'], 'contact.email': ['c'] },
      errors: [
        { field: 'name', message: 'a' },
        { field: 'name', message: 'b' },
        { field: 'contact.email', message: 'c' },
      ],
    });
  });

  it('hides unexpected errors behind the Dutch default', () => {
    const error = toAppError(new TypeError('x is undefined'));
    expect(error).toBeInstanceOf(AppError);
    expect(errorBody(error)).toMatchObject({ status: 500, type: 'programming', message_code: 'default' });
    expect(error.message).toMatch(/^Er is een onbekende fout opgetreden/);
  });

  it('maps rate limits and oversized bodies', () => {
    expect(toAppError({ statusCode: 429 }).status).toBe(429);
    expect(toAppError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }).messageCode).toBe('body_too_large');
  });
});
