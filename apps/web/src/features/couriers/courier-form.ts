import type { CourierClass, CourierCreateBody, CourierPatchBody, CourierSettingsField } from '@verzendhuis/contract/courier';
import { platformContractChoice } from '@verzendhuis/contract/courier';
import { filledFieldValues as filled, type FieldValues } from '../../ui/form/settings-fields';

export { initialFieldValues } from '../../ui/form/settings-fields';
export type { FieldValues } from '../../ui/form/settings-fields';

export type ContractChoice = 'own' | 'platform';

/** The link form's values: the class, the contract chosen and an own contract's settings (paths as courier/create's). */
export interface LinkValues {
  courier_class: string | null;
  contract: ContractChoice;
  fields: FieldValues;
}

/** The edit form's values: the name and an own contract's settings (paths as PATCH courier/{id}'s). */
export interface EditValues {
  label: string;
  fields: FieldValues;
}

/** The default contract of a class: the platform's when there is one and an own contract needs credentials. */
export function defaultContract(courierClass: CourierClass | undefined): ContractChoice {
  if (!courierClass || courierClass.platform_contracts.length === 0) return 'own';
  return courierClass.settings_fields.length > 0 ? 'platform' : 'own';
}

/** courier/create: the settings of an own contract, or `{contract: "platform"}` for the platform's. */
export function createBody(courierClass: CourierClass, contract: ContractChoice, values: FieldValues): CourierCreateBody {
  if (contract === 'platform') {
    const chosen = courierClass.platform_contracts[0];
    return { courier_class: courierClass.class, fields: { contract: platformContractChoice, ...(chosen ? { platform_contract_id: chosen.id } : {}) } };
  }
  return { courier_class: courierClass.class, fields: filled(courierClass.settings_fields, values) };
}

/** What the link form sends: courier/create of the chosen class; without a class, a body the schema refuses at courier_class. */
export function linkInput(classes: readonly CourierClass[], values: LinkValues): CourierCreateBody | { courier_class: null } {
  const chosen = classes.find((c) => c.class === values.courier_class);
  return chosen ? createBody(chosen, values.contract, values.fields) : { courier_class: null };
}

/** PATCH courier/{id} of the edit form: the name, and the settings of an own contract. */
export function patchBody(label: string, fields: readonly CourierSettingsField[], values: FieldValues, isProxy: boolean): CourierPatchBody {
  if (isProxy || fields.length === 0) return { label };
  // Required fields are always sent (an emptied one must be refused); a secret only when typed.
  return { label, fields: filled(fields, values) };
}
