import { describe, expect, it } from 'vitest';
import { isoDayOfWeek, validateOrder, type CourierRules, type OrderToValidate } from './order-validation';

const courier: CourierRules = {
  is_active: true,
  max_packages: 2,
  shipment_types: [
    { id: 'parcel', is_letter: false },
    { id: 'letterbox', is_letter: true },
  ],
  order_fields: [
    { name: 'delivery_date', label: 'Bezorgdatum', type: 'date', required: false, options: [], unselectable_days_of_week: [3] },
    { name: 'insurance', label: 'Verzekering', type: 'select', required: false, options: [{ value: '0' }, { value: '500' }], unselectable_days_of_week: [] },
    { name: 'reference', label: 'Referentie', type: 'text', required: true, options: [], unselectable_days_of_week: [] },
  ],
};

const complete: OrderToValidate = {
  name: 'Jan Jansen',
  address_1: 'Damrak',
  housenumber: '1',
  zipcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  email: 'jan@voorbeeld.nl',
  phone: '+31 6 1234 5678',
  courier_id: 'c1',
  shipment_type: 'parcel',
  shipment: { packages: [{ weight: 1000 }], courier_fields: { reference: 'R1' } },
  order_items: [{ name: 'Thee', quantity: 1, ean_code: '87123456' }],
};

const fields = (order: OrderToValidate, rules: CourierRules | null = courier) =>
  Object.fromEntries(validateOrder({ order, courier: rules }).status_info.map((i) => [i.field, i.message]));

describe('validateOrder', () => {
  it('finds a complete order ready', () => {
    expect(validateOrder({ order: complete, courier })).toEqual({ status: 'ready', status_info: [], is_export: false });
  });

  it('makes missing recipient data incomplete, in Dutch', () => {
    const result = validateOrder({ order: { ...complete, name: ' ', city: null }, courier });
    expect(result.status).toBe('incomplete');
    expect(fields({ ...complete, name: ' ', city: null })).toEqual({ name: 'Naam is verplicht.', city: 'Plaats is verplicht.' });
  });

  it('checks the postcode per country', () => {
    expect(fields({ ...complete, zipcode: '1012LG' })).toEqual({});
    expect(fields({ ...complete, zipcode: '1012 SA' }).zipcode).toMatch(/postcode klopt niet/);
    expect(fields({ ...complete, country: 'BE', zipcode: '1000' })).toEqual({});
    expect(fields({ ...complete, country: 'DE', zipcode: '1011' }).zipcode).toMatch(/10115/);
    expect(fields({ ...complete, country: 'FR', housenumber: null, zipcode: '75001' })).toEqual({});
    expect(fields({ ...complete, country: 'GB', housenumber: null, zipcode: 'SW1A 1AA' })).toEqual({});
    expect(fields({ ...complete, country: 'US', zipcode: '10001-1234', state_province_code: 'NY' })).toEqual({});
    expect(fields({ ...complete, country: 'IE', zipcode: null, housenumber: null })).toEqual({});
  });

  it('wants a state only for the US, Canada and China', () => {
    expect(fields({ ...complete, country: 'US', zipcode: '10001' }).state_province_code).toBe('Kies een staat of provincie.');
    expect(fields({ ...complete, country: 'CA', zipcode: 'K1A 0B1', state_province_code: 'XX' }).state_province_code).toBe('Kies een staat of provincie uit de lijst.');
    expect(fields({ ...complete, state_province_code: 'NH' }).state_province_code).toMatch(/alleen bij de Verenigde Staten/);
  });

  it('checks e-mail, phone and EAN', () => {
    expect(fields({ ...complete, email: 'jan@', phone: '12', order_items: [{ name: 'x', quantity: 1, ean_code: '12345' }] })).toEqual({
      email: 'Vul een geldig e-mailadres in.',
      phone: 'Vul een geldig telefoonnummer in.',
      'order_items.0.ean_code': 'Een EAN bestaat uit 8 of 13 cijfers.',
    });
    expect(fields({ ...complete, order_items: [{ name: 'x', quantity: 1, ean_code: '8712345678906' }] })).toEqual({});
  });

  it('warns above 23 kg and refuses above 31.5 kg per package', () => {
    const heavy = validateOrder({ order: { ...complete, shipment: { packages: [{ weight: 23_001 }], courier_fields: { reference: 'R' } } }, courier });
    expect(heavy.status).toBe('warning');
    expect(fields({ ...complete, shipment: { packages: [{ weight: 31_500 }], courier_fields: { reference: 'R' } } })['shipment.packages.0.weight']).toMatch(/extra kosten/);
    expect(fields({ ...complete, shipment: { packages: [{ weight: 31_501 }], courier_fields: { reference: 'R' } } })['shipment.packages.0.weight']).toBe('Een pakket mag maximaal 31,5 kg wegen.');
  });

  it('refuses a package of 0 g: an error on its weight, never a ready order', () => {
    const empty = validateOrder({ order: { ...complete, shipment: { packages: [{ weight: 800 }, { weight: 0 }], courier_fields: { reference: 'R' } } }, courier });
    expect(empty.status).toBe('error');
    expect(empty.status_info).toEqual([
      { type: 'invalid', field: 'shipment.packages.1.weight', message: 'Vul het gewicht van dit pakket in: het weegt nu 0 g en de orderregels hebben geen gewicht.', status: 'error' },
    ]);
  });

  it('applies the courier: active, its shipment types, package count, fields and dates', () => {
    expect(fields(complete, null).courier_id).toBe('Kies een vervoerder die niet is verwijderd');
    expect(fields(complete, { ...courier, is_active: false }).courier_id).toBe('Kies een vervoerder die niet is verwijderd');
    expect(fields({ ...complete, courier_id: null }).courier_id).toBe('Kies een vervoerder.');
    expect(fields({ ...complete, shipment_type: 'express' }).shipment_type).toBe('Kies een verzendmethode van deze vervoerder.');
    expect(fields({ ...complete, shipment: { packages: [{ weight: 1 }, { weight: 1 }, { weight: 1 }], courier_fields: { reference: 'R' } } })['shipment.packages']).toBe(
      'Deze vervoerder neemt maximaal 2 pakketten per zending mee.',
    );
    const withFields = (courier_fields: Record<string, unknown>) => fields({ ...complete, shipment: { packages: [{ weight: 1 }], courier_fields } });
    expect(withFields({})['shipment.courier_fields.reference']).toBe('Referentie is verplicht.');
    expect(withFields({ reference: 'R', insurance: '999' })['shipment.courier_fields.insurance']).toBe('Kies een van de opties.');
    expect(withFields({ reference: 'R', delivery_date: '2026-11-21' })['shipment.courier_fields.delivery_date']).toBe('Ophalen en bezorgen kan niet in het weekend.');
    expect(withFields({ reference: 'R', delivery_date: '2026-11-25' })['shipment.courier_fields.delivery_date']).toBe('Deze dag kan de vervoerder niet.');
    expect(withFields({ reference: 'R', delivery_date: '25-11-2026' })['shipment.courier_fields.delivery_date']).toBe('Gebruik een datum in de vorm JJJJ-MM-DD.');
    expect(withFields({ reference: 'R', delivery_date: '2026-11-24' })).toEqual({});
  });

  it('marks shipments outside the EU as export', () => {
    expect(validateOrder({ order: { ...complete, country: 'CH', zipcode: '8001', housenumber: null }, courier }).is_export).toBe(true);
    expect(validateOrder({ order: { ...complete, country: 'DE', zipcode: '10115' }, courier }).is_export).toBe(false);
  });
});

describe('isoDayOfWeek', () => {
  it('numbers Monday 1 to Sunday 7 and refuses impossible dates', () => {
    expect(isoDayOfWeek('2026-11-23')).toBe(1);
    expect(isoDayOfWeek('2026-11-22')).toBe(7);
    expect(isoDayOfWeek('2026-02-30')).toBeNull();
  });
});
