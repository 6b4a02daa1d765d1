import { useMemo, useState, type FocusEvent } from 'react';
import type { Courier } from '@verzendhuis/contract/courier';
import { orderInputSchema } from '@verzendhuis/contract/order';
import { requiresStateProvince } from '@verzendhuis/domain/countries';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { fieldProblem, liveValidation, problemsByField, type FieldProblem } from './form-problems';
import { applyCourierChange, applyCourierFieldChange, applyItemsChange, applyShipmentTypeChange, lockedCourierFields } from './form-rules';
import { emptyItem, rowKey, valuesToRawInput, type CourierFieldValue, type ItemValues, type OrderFormValues } from './form-values';
import { orderFormShows } from './shown-fields';
import { structuralMessage } from './structural-message';

/** How the order form is checked before saving: the contract's order schema on the body the values make, in the form's Dutch. */
export const orderFormValidation = { schema: orderInputSchema, toInput: valuesToRawInput, message: structuralMessage };

const warningOrder: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * The order form's state (@mantine/form, paths as the API's, checked by the contract's
 * schema on submit) with the rules of orders spec §4 "Order form behaviour" and the live
 * problems of the domain rule. A field shows its problems once it was left, or all at
 * once on a stored order.
 */
export function useOrderForm({
  initialValues,
  couriers,
  showAllProblems,
}: {
  initialValues: OrderFormValues;
  couriers: readonly Courier[];
  showAllProblems: boolean;
}) {
  const form = useSchemaForm({ ...orderFormValidation, initialValues });
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const values = form.values;
  const courier = couriers.find((c) => c.id === values.courier_id) ?? null;
  const validation = useMemo(() => liveValidation(values, courier), [values, courier]);
  const problems = useMemo(() => problemsByField(validation.status_info), [validation]);

  const visit = (path: string) => setVisited((prev) => (prev.has(path) ? prev : new Set(prev).add(path)));
  const problemAt = (path: string): FieldProblem | null =>
    showAllProblems || visited.has(path) ? fieldProblem(problems.get(path)) : null;
  const apply = (next: OrderFormValues, clear: string[] = []) => {
    form.setValues(next);
    for (const path of clear) form.clearFieldError(path);
  };

  /** Props of an input at `path`: value, change, its server error or live problem, and blur. */
  function bind(path: string, options?: { type?: 'checkbox'; onBlur?: () => void }) {
    const props = form.getInputProps(path, options?.type ? { type: options.type } : undefined);
    const problem = problemAt(path);
    const error: unknown = props.error ?? (problem?.status === 'error' ? problem.message : undefined);
    const warning = problem?.status === 'warning' ? problem.message : undefined;
    return {
      ...props,
      error: error as string | undefined,
      // A warning does not block anything: shown below the input, in orange, not as an error.
      ...(warning
        ? {
            description: warning,
            descriptionProps: { c: 'orange.8', 'data-warning': true },
            inputWrapperOrder: warningOrder,
          }
        : {}),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        (props.onBlur as ((e: FocusEvent<HTMLElement>) => void) | undefined)?.(event);
        visit(path);
        options?.onBlur?.();
      },
    };
  }

  const current = () => form.getValues();
  const items = () => current().order_items;
  const courierById = (id: string | null) => couriers.find((c) => c.id === id) ?? null;

  return {
    form,
    values,
    courier,
    validation,
    problems,
    problemAt,
    bind,
    visit,
    lockedFields: lockedCourierFields(courier, values.shipment_type),
    /** Whether an input shows the errors at `path`; the others are shown above the buttons. */
    shows: (path: string) => orderFormShows(values, courier, path),
    resetVisited: () => setVisited(new Set()),
    setCountry: (country: string | null) => {
      const next = { ...current(), country: country ?? '' };
      if (!requiresStateProvince(next.country)) next.state_province_code = null;
      apply(next, ['country', 'state_province_code']);
      visit('country');
    },
    setCourier: (id: string | null) => {
      apply(applyCourierChange(current(), courierById(id)), ['courier_id', 'shipment_type', 'pickup_point']);
      visit('courier_id');
    },
    setShipmentType: (id: string | null) => {
      apply(applyShipmentTypeChange(current(), courierById(current().courier_id), id), ['shipment_type']);
      visit('shipment_type');
    },
    setCourierField: (name: string, value: CourierFieldValue) => {
      const path = `shipment.courier_fields.${name}`;
      apply(applyCourierFieldChange(current(), courierById(current().courier_id), name, value), [path]);
      visit(path);
    },
    updateItem: (index: number, patch: Partial<ItemValues>) => {
      const next = items().map((item, i) => (i === index ? { ...item, ...patch } : item));
      apply(
        applyItemsChange(current(), next),
        Object.keys(patch).map((field) => `order_items.${index}.${field}`),
      );
    },
    addItem: () => apply(applyItemsChange(current(), [...items(), emptyItem()])),
    removeItem: (index: number) => {
      apply(applyItemsChange(current(), items().filter((_, i) => i !== index)));
      form.setErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('order_items.'))));
    },
    addPackage: () => form.insertListItem('shipment.packages', { key: rowKey(), weight: 0 }),
    removePackage: (index: number) => form.removeListItem('shipment.packages', index),
    /** The pickup point modal's choice, or null (Verwijderen). */
    setPickupPoint: (point: OrderFormValues['pickup_point']) => apply({ ...current(), pickup_point: point }, ['pickup_point']),
    fillRecipient: (recipient: Partial<OrderFormValues>) => apply({ ...current(), ...recipient }, Object.keys(recipient)),
  };
}

export type OrderFormController = ReturnType<typeof useOrderForm>;
