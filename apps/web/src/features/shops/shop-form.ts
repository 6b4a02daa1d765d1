import type { ShopClass, ShopCreateBody, ShopPatchBody, ShopSettingsField } from '@verzendhuis/contract/shop';
import { filledFieldValues, type FieldValues, type SettingsFieldDefinition } from '../../ui/form/settings-fields';

/** The link form's values: the platform and its settings (paths as shop/create's). */
export interface ShopLinkValues {
  shop_class: string | null;
  fields: FieldValues;
}

/** A platform's field as the shared settings form shows it (a secret as a password field). */
export function fieldDefinition(field: ShopSettingsField): SettingsFieldDefinition {
  return {
    name: field.name,
    label: field.label,
    description: field.help ?? null,
    type: field.type === 'secret' ? 'password' : field.type,
    required: field.required,
    secret: field.type === 'secret',
    default: null,
    ...(field.options ? { options: field.options } : {}),
  };
}

export function fieldDefinitions(shopClass: ShopClass | undefined): SettingsFieldDefinition[] {
  return (shopClass?.settings_fields ?? []).map(fieldDefinition);
}

/** What the link form sends: shop/create of the chosen platform; without one, a body the schema refuses at shop_class. */
export function shopLinkInput(classes: readonly ShopClass[], values: ShopLinkValues): ShopCreateBody | { shop_class: null } {
  const chosen = classes.find((c) => c.class === values.shop_class);
  return chosen ? { shop_class: chosen.class, fields: filledFieldValues(fieldDefinitions(chosen), values.fields) } : { shop_class: null };
}

/** PATCH shop/{id} of the edit form: the name and the settings (a secret only when typed again). */
export function shopPatchBody(label: string, shopClass: ShopClass | undefined, values: FieldValues): ShopPatchBody {
  const definitions = fieldDefinitions(shopClass);
  return definitions.length === 0 ? { label } : { label, fields: filledFieldValues(definitions, values) };
}
