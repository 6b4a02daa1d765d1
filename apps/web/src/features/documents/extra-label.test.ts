import { describe, expect, it } from 'vitest';
import { documentTexts } from '@verzendhuis/domain/labels-texts';
import { extraLabelRequest } from './extra-label';

describe('Extra label', () => {
  it('asks for another outgoing label on an outgoing label', () => {
    expect(extraLabelRequest({ order_id: 'o1', is_return: false })).toEqual({ order_ids: ['o1'], force: true });
  });

  it('asks for another return label on a return label, never an outgoing one', () => {
    expect(extraLabelRequest({ order_id: 'o1', is_return: true })).toEqual({ order_ids: ['o1'], is_return: true, return_fallback: true, force: true });
  });

  it('says which kind of label will be made', () => {
    expect(documentTexts.extraLabelMessage('1042', false)).toBe('Er wordt nog een label gemaakt voor bestelling 1042. Het telt mee voor je labels van deze maand.');
    expect(documentTexts.extraLabelMessage('1042', true)).toBe('Er wordt nog een retourlabel gemaakt voor bestelling 1042. Het telt mee voor je labels van deze maand.');
    expect(documentTexts.extraLabelMessage(null, true)).toBe('Er wordt nog een retourlabel gemaakt voor deze bestelling. Het telt mee voor je labels van deze maand.');
  });
});
