import { PasswordInput, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { SettingsFieldDefinition } from './settings-fields';

/**
 * One setting of a link (a courier's own contract, a shop), rendered from its definition
 * (courier/meta or shop/meta settings_fields); `input` is the form's (getInputProps).
 */
export function SettingsFieldInput({
  field,
  editing,
  input,
  testIdPrefix,
  secretKeepText,
}: {
  field: SettingsFieldDefinition;
  /** On edit a secret is never shown: left empty it keeps the stored value. */
  editing: boolean;
  input: GetInputPropsReturnType;
  /** `courier-setting` → data-testid courier-setting-{name}. */
  testIdPrefix: string;
  /** The placeholder of a secret on edit. */
  secretKeepText: string;
}) {
  const common = {
    label: field.label,
    description: field.description ?? undefined,
    'data-testid': `${testIdPrefix}-${field.name}`,
  };
  if (field.type === 'select') return <Select {...input} {...common} data={field.options ?? []} allowDeselect={false} required={field.required} />;
  const text = { ...input, ...common, required: field.required && !(editing && field.secret), autoComplete: 'off' };
  if (field.type === 'password') return <PasswordInput {...text} placeholder={editing ? secretKeepText : undefined} />;
  return <TextInput {...text} type={field.type === 'url' ? 'url' : 'text'} placeholder={field.default ?? undefined} />;
}
