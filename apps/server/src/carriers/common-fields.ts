import type { OrderField } from '@verzendhuis/contract/courier';

/** Order fields several carriers share; each carrier lists the ones it offers. */
const checkbox = (name: string, label: string): OrderField => ({ name, label, type: 'checkbox', default: false, options: [], required: false, unselectable_days_of_week: [] });

export const signatureField = checkbox('signature', 'Handtekening bij aflevering');
export const noNeighboursField = (label = 'Niet bij de buren') => checkbox('no_neighbours', label);
export const eveningField = checkbox('evening', 'Avondlevering');

/** Insurance as a select of amounts in euros ('0' = none). */
export function insuranceField(amounts: number[]): OrderField {
  return {
    name: 'insurance',
    label: 'Verzekering',
    type: 'select',
    default: '0',
    options: [{ value: '0', label: 'Geen' }, ...amounts.map((a) => ({ value: String(a), label: `Tot € ${a.toLocaleString('nl-NL')}` }))],
    required: false,
    unselectable_days_of_week: [],
  };
}

export const parcelType = (id: string) => ({ id, name: 'Pakket', is_default: true, is_letter: false });
export const letterboxType = { id: 'letterbox', name: 'Brievenbuspakje', is_default: false, is_letter: true };
