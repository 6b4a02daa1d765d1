/**
 * The settings form of a link (a courier's own contract, a shop): the definitions the
 * server's meta call gives, the form's values and the body it sends.
 */
export interface SettingsFieldDefinition {
  name: string;
  label: string;
  description?: string | null;
  type: 'text' | 'password' | 'url' | 'checkbox';
  required: boolean;
  /** Never sent back; left empty on edit it keeps the stored value. */
  secret: boolean;
  default: string | boolean | null;
}

export type FieldValues = Record<string, string | boolean>;

/** The inputs of a settings form: the stored values (never a secret) or the defaults. */
export function initialFieldValues(fields: readonly SettingsFieldDefinition[], current: Record<string, unknown> = {}): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const stored = field.secret ? undefined : current[field.name];
    if (field.type === 'checkbox') values[field.name] = typeof stored === 'boolean' ? stored : field.default === true;
    else values[field.name] = stored === undefined || stored === null ? (field.secret ? '' : typeof field.default === 'string' ? field.default : '') : String(stored);
  }
  return values;
}

/** Only what was filled in: an empty optional field takes the default, an empty secret keeps the stored one; checkboxes always. */
export function filledFieldValues(fields: readonly SettingsFieldDefinition[], values: FieldValues): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.type === 'checkbox') {
      body[field.name] = raw === true;
      continue;
    }
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '' && (!field.required || field.secret)) continue;
    body[field.name] = value;
  }
  return body;
}
