import { describe, expect, it } from 'vitest';
import { orderTexts } from '@verzendhuis/domain/order-validation';
import { schemaValidator } from '../../ui/form/form-schema';
import { addressLookupQuery } from './address-lookup';
import { choicesFromQuery, choicesToQuery, readRememberedChoices, rememberChoices } from './duplicate-choices';
import { blankValues, emptyItem } from './form-values';
import { fieldProblem, liveValidation, problemsByField } from './form-problems';
import { newOrderValues } from './form-rules';
import { orderFormShows } from './shown-fields';
import { testCourier } from './test-couriers';
import { orderFormValidation } from './use-order-form';

describe('the address helper', () => {
  it('looks up a Dutch postcode and house number without whitespace', () => {
    expect(addressLookupQuery({ country: 'NL', zipcode: ' 1012 lg ', housenumber: ' 1 ' })).toEqual({ zipcode: '1012LG', housenumber: '1' });
  });

  it('does nothing abroad or while one of them is empty', () => {
    expect(addressLookupQuery({ country: 'BE', zipcode: '1000', housenumber: '1' })).toBeNull();
    expect(addressLookupQuery({ country: 'NL', zipcode: '1012LG', housenumber: '  ' })).toBeNull();
    expect(addressLookupQuery({ country: 'NL', zipcode: '', housenumber: '1' })).toBeNull();
  });
});

describe('the duplicate choices', () => {
  it('are remembered in local storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readRememberedChoices(storage)).toEqual({ transferOrderNumber: false, transferShipmentSettings: true });
    rememberChoices(storage, { transferOrderNumber: true, transferShipmentSettings: false });
    expect(readRememberedChoices(storage)).toEqual({ transferOrderNumber: true, transferShipmentSettings: false });
    store.set('duplicate_choices', 'kapot');
    expect(readRememberedChoices(storage).transferShipmentSettings).toBe(true);
  });

  it('come from the URL when it names them, and go back into it', () => {
    expect(choicesFromQuery(new URLSearchParams('duplicate=1'))).toBeNull();
    expect(choicesFromQuery(new URLSearchParams('duplicate=1&transferOrderNumber=1'))).toEqual({
      transferOrderNumber: true,
      transferShipmentSettings: false,
    });
    const query = choicesToQuery(new URLSearchParams('duplicate=1'), { transferOrderNumber: false, transferShipmentSettings: true });
    expect(query.toString()).toBe('duplicate=1&transferOrderNumber=0&transferShipmentSettings=1');
  });
});

describe('the order form\'s check before saving', () => {
  it('gives Dutch texts for what the contract schema refuses, at the API\'s paths', () => {
    const values = { ...blankValues(), order_items: [{ ...emptyItem(), quantity: 0, unit_price_inc_btw: -1 }] };
    const validate = schemaValidator(orderFormValidation.schema, {
      ...orderFormValidation,
      toInput: (v: typeof values) => ({ ...valuesToRaw(v), shipment: { packages: [], courier_fields: {} } }),
    });
    expect(validate(values)).toEqual({
      'order_items.0.quantity': 'Vul minimaal 1 in.',
      'order_items.0.unit_price_inc_btw': 'Vul minimaal 0 in.',
      'shipment.packages': 'Een zending heeft minimaal één pakket.',
    });
  });

  it('refuses half an item, and passes a valid order', () => {
    const validate = schemaValidator(orderFormValidation.schema, orderFormValidation);
    const values = { ...blankValues(), order_items: [{ ...emptyItem(), name: 'Boek', quantity: 0.5, unit_price_inc_btw: 2 }] };
    expect(validate(values)).toEqual({ 'order_items.0.quantity': 'Vul een getal in.' });
    expect(validate({ ...values, order_items: [{ ...values.order_items[0]!, quantity: 2 }] })).toEqual({});
  });
});

describe('which errors the order form shows at an input', () => {
  const values = { ...newOrderValues([testCourier()]), order_items: [emptyItem()] };
  it('shows those of its inputs, the package count and the courier\'s own options', () => {
    for (const path of ['zipcode', 'order_date', 'courier_id', 'order_items.0.quantity', 'order_items.0.product_country', 'shipment.packages', 'shipment.packages.0.weight', 'shipment.courier_fields.insurance']) {
      expect(orderFormShows(values, testCourier(), path), path).toBe(true);
    }
  });

  it('leaves the rest to the alerts: no field, values without an input, and fields it does not have', () => {
    for (const path of ['_', 'order_status', 'pickup_point.id', 'order_items', 'order_items.0', 'order_items.0.id', 'order_items.1.quantity', 'shipment', 'shipment.courier_fields.cod', 'state_province_code', 'unknown']) {
      expect(orderFormShows(values, testCourier(), path), path).toBe(false);
    }
    expect(orderFormShows({ ...values, country: 'US' }, testCourier(), 'state_province_code')).toBe(true);
    expect(orderFormShows(values, null, 'shipment.courier_fields.insurance')).toBe(false);
  });
});

describe('live problems', () => {
  it('are the domain rule\'s, per field, errors first', () => {
    const values = { ...newOrderValues([testCourier()]), zipcode: 'ABC', housenumber: '1', name: 'Jan', address_1: 'Damrak', city: 'Amsterdam' };
    values.shipment.packages = [{ key: 'p', weight: 24_000 }];
    const result = liveValidation(values, testCourier());
    expect(result.status).toBe('error');
    const byField = problemsByField(result.status_info);
    expect(byField.get('zipcode')?.[0]?.status).toBe('error');
    expect(fieldProblem(byField.get('shipment.packages.0.weight'))).toEqual({ message: orderTexts.weightExtraCost, status: 'warning' });
    expect(fieldProblem(byField.get('name'))).toBeNull();
  });

  it('report missing recipient fields of an empty form, and its package of 0 g as an error', () => {
    const result = liveValidation(newOrderValues([testCourier()]), testCourier());
    expect(result.status).toBe('error');
    expect(problemsByField(result.status_info).get('name')?.[0]?.message).toBe(orderTexts.required('Naam'));
    expect(fieldProblem(problemsByField(result.status_info).get('shipment.packages.0.weight'))).toEqual({ message: orderTexts.weightMissing, status: 'error' });
  });
});

function valuesToRaw(values: ReturnType<typeof blankValues>) {
  return { country: values.country, order_items: values.order_items.map((i) => ({ name: 'x', quantity: i.quantity, unit_price_inc_btw: i.unit_price_inc_btw })) };
}

describe('picking a contact', () => {
  it('fills every recipient field, empty texts for what the contact lacks', async () => {
    const { contactToRecipient } = await import('./contact-recipient');
    expect(
      contactToRecipient({
        id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
        name: 'Piet Pietersen',
        company_name: null,
        country: 'BE',
        state_province_code: null,
        zipcode: '1000',
        housenumber: null,
        address_1: 'Grote Markt 1',
        address_2: null,
        city: 'Brussel',
        email: 'piet@voorbeeld.be',
        phone: null,
        is_active: true,
      }),
    ).toEqual({
      name: 'Piet Pietersen',
      company_name: '',
      country: 'BE',
      state_province_code: null,
      zipcode: '1000',
      housenumber: '',
      address_1: 'Grote Markt 1',
      address_2: '',
      city: 'Brussel',
      email: 'piet@voorbeeld.be',
      phone: '',
    });
  });
});
