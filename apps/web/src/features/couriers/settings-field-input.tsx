import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { CourierSettingsField } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';

/** One setting of an own contract, rendered from its definition (courier/meta settings_fields); `input` is the form's (getInputProps). */
export function SettingsFieldInput({
  field,
  editing,
  input,
}: {
  field: CourierSettingsField;
  /** On edit a secret is never shown: left empty it keeps the stored value. */
  editing: boolean;
  input: GetInputPropsReturnType;
}) {
  const common = {
    ...input,
    label: field.label,
    required: field.required && !(editing && field.secret),
    'data-testid': `courier-setting-${field.name}`,
    autoComplete: 'off',
  };
  if (field.type === 'password') return <PasswordInput {...common} placeholder={editing ? texts.secretKeep : undefined} />;
  return <TextInput {...common} type={field.type === 'url' ? 'url' : 'text'} placeholder={field.default ?? undefined} />;
}
