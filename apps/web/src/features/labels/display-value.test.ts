import { describe, expect, it } from 'vitest';
import { courierOptionRows, displayValue } from './display-value';

describe('values on the label page (orders spec §2.7)', () => {
  it('shows booleans as Ja/Nee and empty values as a dash', () => {
    expect(displayValue(true)).toBe('Ja');
    expect(displayValue(false)).toBe('Nee');
    expect(displayValue(null)).toBe('–');
    expect(displayValue(undefined)).toBe('–');
    expect(displayValue('  ')).toBe('–');
    expect(displayValue(0)).toBe('0');
  });

  it('shows a select option by its label', () => {
    const field = { type: 'select' as const, options: [{ value: '500', label: '€ 500' }] };
    expect(displayValue('500', field)).toBe('€ 500');
    expect(displayValue('999', field)).toBe('999');
  });

  it('lists the chosen options in the courier field order, unknown ones last', () => {
    const fields = [
      { name: 'signature', label: 'Handtekening', type: 'checkbox' as const, options: [] },
      { name: 'insurance', label: 'Verzekering', type: 'select' as const, options: [{ value: '0', label: 'Geen' }] },
    ];
    expect(courierOptionRows({ extra: 'x', insurance: '0', signature: true }, fields)).toEqual([
      { name: 'signature', label: 'Handtekening', value: 'Ja' },
      { name: 'insurance', label: 'Verzekering', value: 'Geen' },
      { name: 'extra', label: 'extra', value: 'x' },
    ]);
  });
});
