/**
 * The settings form of a link (a courier's own contract, a shop): the definitions the
 * server's meta call gives, the form's values and the body it sends.
 */
export interface SettingsFieldDefinition {
  name: string;
  label: string;
  description?: string | null;
  type: 'text' | 'password' | 'url' | 'select';
  required: boolean;
  /** Never sent back; left empty on edit it keeps the stored value. */
  secret: boolean;
  default: string | null;
  /** For select: the values and their labels. */
  options?: { value: string; label: string }[];
}

export type FieldValues = Record<string, string>;

/** The inputs of a settings form: the stored values (never a secret) or the defaults. */
export function initialFieldValues(fields: readonly SettingsFieldDefinition[], current: Record<string, unknown> = {}): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const stored = field.secret ? undefined : current[field.name];
    values[field.name] = stored === undefined || stored === null ? (field.secret ? '' : (field.default ?? field.options?.[0]?.value ?? '')) : String(stored);
  }
  return values;
}

/** Only what was filled in: an empty optional field takes the default, an empty secret keeps the stored one. */
export function filledFieldValues(fields: readonly SettingsFieldDefinition[], values: FieldValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (value === '' && (!field.required || field.secret)) continue;
    body[field.name] = value;
  }
  return body;
}
