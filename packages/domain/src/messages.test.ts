import { describe, expect, it } from 'vitest';
import { AppError, notFound, validationError } from './errors';
import { errorCatalogues, errorMessages, messageCodes } from './messages';

describe('the message codes', () => {
  it('keeps each code in one area catalogue only', () => {
    const areasByCode = new Map<string, string[]>();
    for (const [area, catalogue] of Object.entries(errorCatalogues)) {
      for (const code of Object.keys(catalogue)) areasByCode.set(code, [...(areasByCode.get(code) ?? []), area]);
    }
    expect([...areasByCode].filter(([, areas]) => areas.length > 1)).toEqual([]);
    expect(new Set(messageCodes)).toEqual(new Set(areasByCode.keys()));
  });

  it('names every code in snake_case and gives it a Dutch message', () => {
    for (const code of messageCodes) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      const message = errorMessages[code];
      const text = typeof message === 'function' ? (message as (...details: unknown[]) => string)(1, 2, 3) : message;
      expect(text.trim(), code).not.toBe('');
    }
  });

  it('builds the errors services raise without any HTTP', () => {
    const invalid = validationError({ name: ['Vul een naam in.'] });
    expect(invalid).toBeInstanceOf(AppError);
    expect(invalid).toMatchObject({ type: 'validation', messageCode: 'form_invalid', message: 'Het formulier is ongeldig of niet volledig ingevuld.', fields: { name: ['Vul een naam in.'] } });
    expect(invalid).not.toHaveProperty('status');
    expect(notFound()).toMatchObject({ type: 'not_found', messageCode: 'not_found', message: 'Niet gevonden.', fields: {} });
    expect(notFound('order_not_found').message).toBe('Order niet gevonden.');
  });
});
