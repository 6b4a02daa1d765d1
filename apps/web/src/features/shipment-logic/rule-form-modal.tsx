import { ActionIcon, Button, Checkbox, Fieldset, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Courier } from '@verzendhuis/contract/courier';
import { shipmentLogicRuleInputSchema, type ShipmentLogicRule } from '@verzendhuis/contract/shipment-logic';
import { countryName } from '@verzendhuis/domain/countries';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { countryCodes } from '@verzendhuis/domain/order';
import { ruleConditionFields, type RuleConditionField } from '@verzendhuis/domain/shipping-rules';
import { shipmentLogicLabels as labels, shipmentLogicPageTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';
import type { Shop } from '@verzendhuis/contract/shop';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { initialRuleValues, newCondition, operatorsOf, ruleInput, type ConditionValues, type RuleFormValues } from './rule-form';
import { useShipmentLogicMutations } from './use-shipment-logic';

const countryData = countryCodes.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, 'nl'));

/** "Nieuwe verzendregel" / "Verzendregel bewerken": name, conditions, actions, in the one form pattern. */
export function RuleFormModal({
  rule,
  couriers,
  shops,
  onClose,
  initialErrors = {},
}: {
  rule: ShipmentLogicRule | null;
  couriers: Courier[];
  shops: Shop[];
  onClose: () => void;
  /** Opened because activating the rule was refused: why. */
  initialErrors?: FormErrors;
}) {
  const { create, update } = useShipmentLogicMutations();
  const form = useSchemaForm({
    schema: shipmentLogicRuleInputSchema,
    initialValues: initialRuleValues(rule),
    initialErrors,
    toInput: (values: RuleFormValues) => ruleInput(values, couriers),
  });
  const values = form.getValues();
  const courier = couriers.find((c) => c.id === values.actions.courier_id);
  const activeCouriers = couriers.filter((c) => c.is_active || c.id === values.actions.courier_id);
  const sending = create.isPending || update.isPending;

  const onError = (error: unknown) => {
    if (!showServerErrors(form, error)) return handleUnexpectedError(error);
    showErrorToast(texts.invalidInput);
  };
  const submit = form.onSubmit((body) => {
    if (rule) {
      update.mutate({ id: rule.id, body }, { onSuccess: () => (showSuccessToast(texts.saved), onClose()), onError });
    } else {
      create.mutate(body, { onSuccess: () => (showSuccessToast(texts.created), onClose()), onError });
    }
  });

  const conditionError = (i: number) => {
    const prefix = `conditions.${i}`;
    const messages = Object.entries(form.errors).filter(([key]) => key === prefix || key.startsWith(`${prefix}.`));
    return messages.map(([, m]) => m).join(' ') || undefined;
  };

  const shown = [
    'name',
    ...values.conditions.flatMap((_, i) => [`conditions.${i}`, `conditions.${i}.value`, `conditions.${i}.value.from`, `conditions.${i}.value.to`, `conditions.${i}.operator`]),
    'actions.courier_id',
    'actions.shipment_type',
    ...(courier?.meta.order_fields ?? []).map((f) => `actions.courier_fields.${f.name}`),
    'actions.package_count',
    'actions.weight',
  ];

  return (
    <Modal opened onClose={onClose} title={rule ? texts.editTitle : texts.createTitle} size="xl" closeButtonProps={{ 'aria-label': dialogTexts.close }}>
      <form onSubmit={submit} noValidate data-testid="rule-form">
        <Stack>
          <TextInput label={texts.name} required {...form.getInputProps('name')} data-testid="rule-name" data-autofocus />
          <Checkbox label={texts.isActive} {...form.getInputProps('is_active', { type: 'checkbox' })} data-testid="rule-active" />

          <Fieldset legend={texts.conditions}>
            <Stack gap="sm">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="rule-match-label">
                  {texts.match}
                </Text>
                <SegmentedControl
                  aria-labelledby="rule-match-label"
                  data={[
                    { value: 'all', label: labels.match.all },
                    { value: 'any', label: labels.match.any },
                  ]}
                  {...form.getInputProps('match')}
                />
              </Stack>
              {values.conditions.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {texts.noConditions}
                </Text>
              ) : null}
              {values.conditions.map((condition, i) => (
                <ConditionRow
                  key={i}
                  index={i}
                  condition={condition}
                  shops={shops}
                  error={conditionError(i)}
                  onChange={(next) => form.setFieldValue(`conditions.${i}`, next)}
                  onRemove={() => form.removeListItem('conditions', i)}
                />
              ))}
              <Group>
                <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('conditions', newCondition('country'))} data-testid="rule-add-condition">
                  {texts.addCondition}
                </Button>
              </Group>
            </Stack>
          </Fieldset>

          <Fieldset legend={texts.actions}>
            <Stack gap="sm">
              <Select
                label={labels.actions.courier_id}
                placeholder={texts.optionUnchanged}
                clearable
                data={activeCouriers.map((c) => ({ value: c.id, label: c.label }))}
                {...form.getInputProps('actions.courier_id')}
                onChange={(id) => {
                  form.setFieldValue('actions.courier_id', id);
                  form.setFieldValue('actions.shipment_type', null);
                  form.setFieldValue('actions.courier_fields', {});
                }}
                data-testid="rule-courier"
              />
              {courier ? (
                <>
                  <Select
                    label={labels.actions.shipment_type}
                    placeholder={texts.optionUnchanged}
                    clearable
                    data={courier.shipment_types.map((t) => ({ value: t.id, label: t.name }))}
                    {...form.getInputProps('actions.shipment_type')}
                    data-testid="rule-shipment-type"
                  />
                  {courier.meta.order_fields
                    .filter((f) => f.type === 'checkbox' || f.type === 'select')
                    .map((field) => (
                      <Select
                        key={field.name}
                        label={field.label}
                        data={[
                          { value: '', label: texts.optionUnchanged },
                          ...(field.type === 'checkbox'
                            ? [
                                { value: 'true', label: texts.yes },
                                { value: 'false', label: texts.no },
                              ]
                            : field.options),
                        ]}
                        {...form.getInputProps(`actions.courier_fields.${field.name}`)}
                        value={values.actions.courier_fields[field.name] ?? ''}
                        data-testid={`rule-option-${field.name}`}
                      />
                    ))}
                </>
              ) : null}
              <Group grow align="flex-start">
                <NumberInput label={labels.actions.package_count} placeholder={texts.optionUnchanged} min={1} max={50} allowDecimal={false} {...form.getInputProps('actions.package_count')} data-testid="rule-package-count" />
                <NumberInput label={labels.actions.weight} placeholder={texts.optionUnchanged} min={1} allowDecimal={false} {...form.getInputProps('actions.weight')} data-testid="rule-weight" />
              </Group>
              <Checkbox label={texts.ignore} {...form.getInputProps('actions.ignore', { type: 'checkbox' })} data-testid="rule-ignore" />
            </Stack>
          </Fieldset>

          <Checkbox label={texts.continue} {...form.getInputProps('continue', { type: 'checkbox' })} data-testid="rule-continue" />
          <FormErrorAlerts errors={form.errors} shown={shown} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={rule ? texts.save : texts.create} sending={sending} submitTestId="rule-save" stackOnPhone />
        </Stack>
      </form>
    </Modal>
  );
}

function ConditionRow({
  index,
  condition,
  shops,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  condition: ConditionValues;
  shops: Shop[];
  error: string | undefined;
  onChange: (next: ConditionValues) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const operatorLabels: Record<string, string> = condition.field === 'sku' ? labels.skuOperators : labels.operators;
  const value = condition.value;
  let input;
  switch (condition.field) {
    case 'country':
      input = (
        <MultiSelect
          label={texts.conditionValue}
          searchable
          data={countryData}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange({ ...condition, value: v })}
          error={error}
          data-testid={`rule-condition-value-${index}`}
        />
      );
      break;
    case 'sku':
      input = (
        <TagsInput
          label={texts.conditionValue}
          description={texts.conditionValuesHint}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange({ ...condition, value: v })}
          error={error}
          data-testid={`rule-condition-value-${index}`}
        />
      );
      break;
    case 'shop':
      input = (
        <MultiSelect
          label={texts.conditionValue}
          data={shops.map((s) => ({ value: s.id, label: s.label }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange({ ...condition, value: v })}
          error={error}
          data-testid={`rule-condition-value-${index}`}
        />
      );
      break;
    case 'postcode': {
      const range = (value ?? { from: '', to: '' }) as { from: string; to: string };
      input = (
        <Group grow align="flex-start">
          <TextInput label={texts.postcodeFrom} value={range.from} onChange={(e) => onChange({ ...condition, value: { ...range, from: e.currentTarget.value } })} error={error} data-testid={`rule-condition-from-${index}`} />
          <TextInput label={texts.postcodeTo} value={range.to} onChange={(e) => onChange({ ...condition, value: { ...range, to: e.currentTarget.value } })} data-testid={`rule-condition-to-${index}`} />
        </Group>
      );
      break;
    }
    case 'shop_shipping_method':
      input = (
        <TextInput
          label={texts.conditionValue}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange({ ...condition, value: e.currentTarget.value })}
          error={error}
          data-testid={`rule-condition-value-${index}`}
        />
      );
      break;
    default:
      input = (
        <NumberInput
          label={texts.conditionValue}
          min={0}
          decimalScale={condition.field === 'order_total' ? 2 : 0}
          decimalSeparator=","
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange({ ...condition, value: typeof v === 'number' ? v : undefined })}
          error={error}
          data-testid={`rule-condition-value-${index}`}
        />
      );
  }
  return (
    <Fieldset legend={texts.condition(n)} variant="unstyled" data-testid="rule-condition">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={texts.conditionField}
          allowDeselect={false}
          data={ruleConditionFields.map((f) => ({ value: f, label: labels.fields[f] }))}
          value={condition.field}
          onChange={(f) => f && onChange(newCondition(f as RuleConditionField))}
          w={{ base: '100%', sm: 220 }}
          data-testid={`rule-condition-field-${index}`}
        />
        <Select
          label={texts.conditionOperator}
          allowDeselect={false}
          data={operatorsOf[condition.field].map((o) => ({ value: o, label: operatorLabels[o] ?? o }))}
          value={condition.operator}
          onChange={(o) => o && onChange({ ...condition, operator: o })}
          w={{ base: '100%', sm: 220 }}
          data-testid={`rule-condition-operator-${index}`}
        />
        <ActionIcon variant="default" size="lg" aria-label={`${texts.removeCondition} ${n}`} onClick={onRemove} data-testid={`rule-condition-remove-${index}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Stack mt="xs">{input}</Stack>
    </Fieldset>
  );
}
