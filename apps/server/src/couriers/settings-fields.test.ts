import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCourierClassMeta, carrierClass } from '../carriers/registry';
import { mergeSettings, settingsFieldsByClass, visibleSettings } from './settings-fields';

describe('settings fields', () => {
  it('describe exactly the keys each class’s settings schema checks', () => {
    for (const meta of allCourierClassMeta()) {
      const schema = carrierClass(meta.class)?.settingsSchema;
      expect(schema, meta.class).toBeInstanceOf(z.ZodObject);
      const keys = Object.keys((schema as z.ZodObject).shape).sort();
      expect(settingsFieldsByClass[meta.class]?.map((f) => f.name).sort(), meta.class).toEqual(keys);
    }
  });

  it('mark as required what the schema refuses when it is missing', () => {
    for (const meta of allCourierClassMeta()) {
      const schema = carrierClass(meta.class)?.settingsSchema as z.ZodObject;
      for (const field of settingsFieldsByClass[meta.class] ?? []) {
        const optional = schema.shape[field.name]?.safeParse(undefined).success;
        expect(!optional, `${meta.class}.${field.name}`).toBe(field.required);
      }
    }
  });

  it('keep a stored secret when an edit leaves it empty and never show it', () => {
    const stored = { api_key: 'geheim', customer_code: 'ABCD', customer_number: '123' };
    expect(mergeSettings('postnl', stored, { api_key: '', customer_code: 'WXYZ' })).toEqual({ ...stored, customer_code: 'WXYZ' });
    expect(mergeSettings('postnl', stored, { api_key: 'nieuw' }).api_key).toBe('nieuw');
    expect(mergeSettings('postnl', stored, { customer_number: '' }).customer_number).toBe('');
    expect(visibleSettings('postnl', stored)).toEqual({ customer_code: 'ABCD', customer_number: '123' });
  });
});
