import { describe, expect, it } from 'vitest';
import type { Label } from '@verzendhuis/contract/label';
import { exportRefusalReason, isExportLabel, mayBeExport } from './export-label';

const item = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Wollen trui',
  description: 'Merinowol',
  quantity: 1,
  unit_price_inc_btw: 49.95,
  weight: 400,
  category: 'Kleding',
  sku: 'TRUI-M',
  hs_code: '611011',
  ean_code: null,
  product_country: 'NL',
  is_returned: false,
  is_dummy_item: false,
};

function label(overrides: Record<string, unknown>): Label {
  return { id: 'l1', order_id: 'o1', country: 'CH', status_info: [], is_return: false, order_items: [item], validators: { is_export: true }, ...overrides } as unknown as Label;
}

describe('export label rules in the web app', () => {
  it('shows Export PDF only with order items and validators.is_export', () => {
    expect(isExportLabel(label({}))).toBe(true);
    expect(isExportLabel(label({ order_items: [] }))).toBe(false);
    expect(isExportLabel(label({ validators: { is_export: false } }))).toBe(false);
    expect(isExportLabel(label({ order_items: undefined, validators: undefined }))).toBe(false);
  });

  it('hides the menu entry only for a label known not to be an export', () => {
    expect(mayBeExport(label({ validators: { is_export: false } }))).toBe(false);
    expect(mayBeExport(label({ validators: undefined }))).toBe(true);
    expect(mayBeExport(label({}))).toBe(true);
  });

  it('gives the server’s reasons for a refusal, from the same domain rule', () => {
    expect(exportRefusalReason(label({}))).toBeNull();
    expect(exportRefusalReason(label({ country: 'DE' }))).toBe('Een exportdocument is alleen nodig voor zendingen buiten de EU.');
    expect(exportRefusalReason(label({ order_items: [item, { ...item, hs_code: null }] }))).toBe('Artikel 2 mist HS-code');
  });
});
