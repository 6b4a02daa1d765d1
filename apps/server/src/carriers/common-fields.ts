import type { OrderField } from '@verzendhuis/contract/courier';
import { carrierOrderFieldTexts as texts, shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';

/** Order fields several carriers share; each carrier lists the ones it offers. */
const checkbox = (name: string, label: string): OrderField => ({ name, label, type: 'checkbox', default: false, options: [], required: false, unselectable_days_of_week: [] });

export const signatureField = checkbox('signature', texts.signature);
export const noNeighboursField = (label: string = texts.noNeighbours) => checkbox('no_neighbours', label);
export const eveningField = checkbox('evening', texts.evening);
export const saturdayField = checkbox('saturday', texts.saturday);
export const expressField = checkbox('express', texts.express);

/** Insurance as a select of amounts in euros ('0' = none). */
export function insuranceField(amounts: number[]): OrderField {
  return {
    name: 'insurance',
    label: texts.insurance,
    type: 'select',
    default: '0',
    options: [{ value: '0', label: texts.insuranceNone }, ...amounts.map((a) => ({ value: String(a), label: texts.insuranceUpTo(a) }))],
    required: false,
    unselectable_days_of_week: [],
  };
}

export const parcelType = (id: string) => ({ id, name: shipmentTypeNames.parcel, is_default: true, is_letter: false });
export const letterboxType = { id: 'letterbox', name: shipmentTypeNames.letterbox, is_default: false, is_letter: true };
