import type { OrderField } from '@verzendhuis/contract/courier';
import { labelDetailTexts as texts } from '@verzendhuis/domain/labels-texts';

type Value = string | number | boolean | null | undefined;

/** Orders spec §2.7: booleans as Ja/Nee, empty values as a dash, a select option by its label. */
export function displayValue(value: Value, field?: Pick<OrderField, 'type' | 'options'>): string {
  if (value === null || value === undefined) return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  const text = String(value).trim();
  if (text === '') return texts.empty;
  if (field?.type === 'checkbox' && (text === 'true' || text === 'false')) return text === 'true' ? texts.yes : texts.no;
  return field?.options.find((o) => o.value === text)?.label ?? text;
}

/** The chosen courier options with their labels, in the courier's field order; unknown fields last. */
export function courierOptionRows(
  values: Record<string, Value>,
  fields: readonly Pick<OrderField, 'name' | 'label' | 'type' | 'options'>[],
): { name: string; label: string; value: string }[] {
  const known = fields.filter((f) => Object.hasOwn(values, f.name)).map((f) => ({ name: f.name, label: f.label, value: displayValue(values[f.name], f) }));
  const unknown = Object.keys(values)
    .filter((name) => !fields.some((f) => f.name === name))
    .map((name) => ({ name, label: name, value: displayValue(values[name]) }));
  return [...known, ...unknown];
}
