import dayjs from 'dayjs';
import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { FocusEvent } from 'react';
import type { OrderField } from '@verzendhuis/contract/courier';
import type { CourierFieldValue } from './form-values';

/**
 * What CourierFieldInput needs of a form whose options live at
 * `shipment.courier_fields.<name>`: the order form's controller, or the bulk edit dialog's.
 */
export interface CourierFieldController {
  bind: (path: string) => { value?: unknown; checked?: unknown; onChange?: unknown; error?: string; description?: string; onBlur?: (event: FocusEvent<HTMLElement>) => void };
  values: { shipment: { courier_fields: Record<string, CourierFieldValue> } };
  setCourierField: (name: string, value: CourierFieldValue) => void;
  lockedFields: readonly string[];
}

/** ISO day of week, Monday 1 … Sunday 7. */
function isoDay(date: string): number {
  return ((dayjs(date).day() + 6) % 7) + 1;
}

/** Orders spec §5: pickup and delivery cannot be planned on weekends. */
const weekend = [6, 7];

/** One courier option, rendered from its definition (orders spec §3 Order field definition). */
export function CourierFieldInput({ field, ctl }: { field: OrderField; ctl: CourierFieldController }) {
  const path = `shipment.courier_fields.${field.name}`;
  // Value and change go through the form's rules (letterbox, signature resets insurance).
  const { value: _value, checked: _checked, onChange: _onChange, ...bound } = ctl.bind(path);
  const value = ctl.values.shipment.courier_fields[field.name] ?? null;
  const set = (next: string | number | boolean | null) => ctl.setCourierField(field.name, next);
  const disabled = ctl.lockedFields.includes(field.name);
  const common = { label: field.label, required: field.required, disabled, 'data-testid': `courier-field-${field.name}` };

  switch (field.type) {
    case 'checkbox':
      return <Checkbox {...bound} {...common} checked={value === true} onChange={(event) => set(event.currentTarget.checked)} />;
    case 'select':
      return (
        <Select
          {...bound}
          {...common}
          data={field.options}
          value={value === null ? null : String(value)}
          onChange={(next) => set(next)}
          clearable={!field.required}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...bound}
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => set(next === '' ? null : next)}
          min={0}
        />
      );
    case 'date': {
      const excluded = [...weekend, ...field.unselectable_days_of_week];
      return (
        <DatePickerInput
          {...bound}
          {...common}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => set(next ? dayjs(next).format('YYYY-MM-DD') : null)}
          excludeDate={(date) => excluded.includes(isoDay(date))}
          minDate={dayjs().format('YYYY-MM-DD')}
          valueFormat="DD-MM-YYYY"
          clearable={!field.required}
        />
      );
    }
    default:
      return <TextInput {...bound} {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.currentTarget.value || null)} />;
  }
}
