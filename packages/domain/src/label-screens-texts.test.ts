import { describe, expect, it } from 'vitest';
import { invoiceItemTypeText, labelMarkerTexts } from './label-screens-texts';

describe('label page texts (orders spec §2.6, §2.7)', () => {
  it('names the invoice item types in Dutch, and any other type as unknown', () => {
    expect(invoiceItemTypeText('label_price')).toBe('Labelprijs');
    expect(invoiceItemTypeText('surcharge')).toBe('Naheffing');
    expect(invoiceItemTypeText('refund')).toBe('Terugbetaling');
    expect(invoiceItemTypeText('insurance')).toBe('Onbekend factuurtype');
    expect(invoiceItemTypeText('')).toBe('Onbekend factuurtype');
  });

  it('names the return markers as the spec does', () => {
    expect(labelMarkerTexts).toEqual({ confirm: 'Retour bevestigen', action_required: 'Actie vereist', item_missing: 'Item ontbreekt', refuse: 'Retour weigeren' });
  });
});
