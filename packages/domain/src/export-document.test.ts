import { describe, expect, it } from 'vitest';
import {
  customsCategory,
  declaredItems,
  exportDocumentRefusals,
  missingItemFields,
  refusalFields,
  senderEori,
  type ExportItem,
} from './export-document';

const item: ExportItem = {
  name: 'Wollen trui',
  description: 'Trui van merinowol',
  category: 'Kleding',
  sku: 'TRUI-01',
  hs_code: '611011',
  product_country: 'NL',
  quantity: 2,
  unit_price_inc_btw: 49.95,
  weight: 400,
};

describe('exportDocumentRefusals', () => {
  it('allows a complete shipment outside the EU (CH, GB, NO, US)', () => {
    for (const country of ['CH', 'GB', 'NO', 'US', 'MC', 'gb']) {
      expect(exportDocumentRefusals({ country, statusInfo: [], items: [item] })).toEqual([]);
    }
  });

  it('refuses every one of the 27 EU member states and nothing else first', () => {
    for (const country of ['NL', 'BE', 'DE', 'FR', 'IE', 'SE', 'HR', 'CY', 'MT']) {
      expect(exportDocumentRefusals({ country, statusInfo: [], items: [] })).toEqual([
        { code: 'eu_destination', field: 'country', message: 'Een exportdocument is alleen nodig voor zendingen buiten de EU.' },
      ]);
    }
  });

  it('refuses a shipment without a destination', () => {
    expect(exportDocumentRefusals({ country: null, statusInfo: [], items: [item] }).map((r) => r.code)).toEqual(['no_country']);
  });

  it('refuses status problems (errors), not warnings', () => {
    const warning = { status: 'warning', message: 'Boven 23 kg rekent de vervoerder extra kosten voor dit pakket.' };
    expect(exportDocumentRefusals({ country: 'CH', statusInfo: [warning], items: [item] })).toEqual([]);
    const error = { status: 'error', message: 'Adres is verplicht.' };
    expect(exportDocumentRefusals({ country: 'CH', statusInfo: [warning, error], items: [item] })).toEqual([
      { code: 'status_problems', field: 'status_info', message: 'Deze zending heeft nog problemen. Los die eerst op.' },
    ]);
  });

  it('refuses an export without items, also when only dummy lines are left', () => {
    expect(exportDocumentRefusals({ country: 'US', statusInfo: [], items: [] }).map((r) => r.code)).toEqual(['no_items']);
    expect(exportDocumentRefusals({ country: 'US', statusInfo: [], items: [{ name: 'Verzendkosten', is_dummy_item: true }] }).map((r) => r.code)).toEqual(['no_items']);
  });

  it('names the item and the field for every missing one, counting declared items from 1', () => {
    const refusals = exportDocumentRefusals({
      country: 'CH',
      statusInfo: [],
      items: [item, { name: 'Verzendkosten', is_dummy_item: true }, { ...item, hs_code: ' ', weight: 0, product_country: null }],
    });
    expect(refusals).toEqual([
      { code: 'item_field_missing', field: 'order_items.2.hs_code', message: 'Artikel 2 mist HS-code' },
      { code: 'item_field_missing', field: 'order_items.2.product_country', message: 'Artikel 2 mist land van herkomst' },
      { code: 'item_field_missing', field: 'order_items.2.weight', message: 'Artikel 2 mist gewicht' },
    ]);
    expect(refusalFields(refusals)).toEqual({
      'order_items.2.hs_code': ['Artikel 2 mist HS-code'],
      'order_items.2.product_country': ['Artikel 2 mist land van herkomst'],
      'order_items.2.weight': ['Artikel 2 mist gewicht'],
    });
  });

  it('lists status problems and item problems together', () => {
    const refusals = exportDocumentRefusals({ country: 'NO', statusInfo: [{ status: 'error', message: 'x' }], items: [{ ...item, sku: null }] });
    expect(refusals.map((r) => r.message)).toEqual(['Deze zending heeft nog problemen. Los die eerst op.', 'Artikel 1 mist SKU']);
  });
});

describe('missingItemFields', () => {
  it('checks the nine fields of the spec; numbers must be above zero', () => {
    expect(missingItemFields(item)).toEqual([]);
    expect(missingItemFields({})).toEqual(['name', 'description', 'category', 'sku', 'hs_code', 'product_country', 'quantity', 'unit_price_inc_btw', 'weight']);
    expect(missingItemFields({ ...item, quantity: 0, unit_price_inc_btw: -1 })).toEqual(['quantity', 'unit_price_inc_btw']);
  });
});

describe('declaredItems', () => {
  it('keeps the order index of each declared line', () => {
    expect(declaredItems([{ is_dummy_item: true }, item]).map((d) => d.index)).toEqual([1]);
  });
});

describe('customsCategory', () => {
  it('is returned goods for a return label', () => {
    expect(customsCategory({ isReturn: true, items: [{ ...item, category: 'gift' }] })).toBe('returned_goods');
  });
  it('takes a CN23 category all items share, in English or Dutch', () => {
    expect(customsCategory({ isReturn: false, items: [{ ...item, category: 'Cadeau' }, { ...item, category: 'gift' }] })).toBe('gift');
    expect(customsCategory({ isReturn: false, items: [{ ...item, category: 'Documenten' }] })).toBe('documents');
  });
  it('falls back to sale of goods for mixed or shop categories', () => {
    expect(customsCategory({ isReturn: false, items: [item] })).toBe('sale_of_goods');
    expect(customsCategory({ isReturn: false, items: [{ ...item, category: 'gift' }, item] })).toBe('sale_of_goods');
  });
});

describe('senderEori', () => {
  it('uses the GB EORI for Great Britain when there is one', () => {
    expect(senderEori({ destination: 'GB', eori: 'NL123456789', eoriGb: 'GB123456789012' })).toBe('GB123456789012');
    expect(senderEori({ destination: 'GB', eori: 'NL123456789', eoriGb: null })).toBe('NL123456789');
    expect(senderEori({ destination: 'CH', eori: 'NL123456789', eoriGb: 'GB123456789012' })).toBe('NL123456789');
    expect(senderEori({ destination: 'US', eori: null, eoriGb: null })).toBeNull();
  });
});
