import { PasswordInput, TextInput } from '@mantine/core';
import type { CourierSettingsField } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';

/** One setting of an own contract, rendered from its definition (courier/meta settings_fields). */
export function SettingsFieldInput({
  field,
  value,
  error,
  editing,
  onChange,
}: {
  field: CourierSettingsField;
  value: string;
  error: string | undefined;
  /** On edit a secret is never shown: left empty it keeps the stored value. */
  editing: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    label: field.label,
    required: field.required && !(editing && field.secret),
    value,
    error,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
    'data-testid': `courier-setting-${field.name}`,
    autoComplete: 'off',
  };
  if (field.type === 'password') return <PasswordInput {...common} placeholder={editing ? texts.secretKeep : undefined} />;
  return <TextInput {...common} type={field.type === 'url' ? 'url' : 'text'} placeholder={field.default ?? undefined} />;
}
