import { describe, expect, it } from 'vitest';
import type { CourierClass, CourierSettingsField } from '@verzendhuis/contract/courier';
import { createBody, defaultContract, initialFieldValues, patchBody } from './courier-form';

const fields: CourierSettingsField[] = [
  { name: 'api_key', label: 'API-sleutel', type: 'password', required: true, secret: true, default: null },
  { name: 'customer_code', label: 'Klantcode', type: 'text', required: true, secret: false, default: null },
  { name: 'base_url', label: 'API-adres', type: 'url', required: false, secret: false, default: 'https://api.postnl.nl' },
];

const postnl = { class: 'postnl', settings_fields: fields, platform_contracts: [] } as unknown as CourierClass;
const test = { class: 'test', settings_fields: [], platform_contracts: [{ id: 'c1', name: 'Testvervoerder via Verzendhuis' }] } as unknown as CourierClass;

describe('courier form', () => {
  it('starts from the stored values or the defaults, never from a secret', () => {
    expect(initialFieldValues(fields)).toEqual({ api_key: '', customer_code: '', base_url: 'https://api.postnl.nl' });
    expect(initialFieldValues(fields, { api_key: 'geheim', customer_code: 'DEVC', base_url: 'http://localhost:1' })).toEqual({ api_key: '', customer_code: 'DEVC', base_url: 'http://localhost:1' });
  });

  it('sends the filled settings of an own contract, and only the choice for the platform’s', () => {
    expect(createBody(postnl, 'own', { api_key: ' k ', customer_code: '', base_url: '' })).toEqual({ courier_class: 'postnl', fields: { api_key: 'k', customer_code: '' } });
    expect(createBody(test, 'platform', {})).toEqual({ courier_class: 'test', fields: { contract: 'platform', platform_contract_id: 'c1' } });
    expect(createBody(test, 'own', {})).toEqual({ courier_class: 'test', fields: {} });
  });

  it('leaves an empty secret out of an edit so the stored one stays', () => {
    expect(patchBody('PostNL', fields, { api_key: '', customer_code: 'WXYZ', base_url: 'https://api.postnl.nl' }, false)).toEqual({ label: 'PostNL', fields: { customer_code: 'WXYZ', base_url: 'https://api.postnl.nl' } });
    expect(patchBody('Test', [], {}, true)).toEqual({ label: 'Test' });
  });

  it('proposes the platform contract where an own one needs credentials', () => {
    expect(defaultContract(test)).toBe('own');
    expect(defaultContract({ ...postnl, platform_contracts: [{ id: 'p', name: 'PostNL via Verzendhuis' }] } as CourierClass)).toBe('platform');
    expect(defaultContract(postnl)).toBe('own');
  });
});
