import { useState } from 'react';
import { Button, Fieldset, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Courier } from '@verzendhuis/contract/courier';
import { orderBulkUpdateBodySchema, type OrderBulkEditResult, type OrderBulkValues, type OrderListItem } from '@verzendhuis/contract/order';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { orderBulkEditTexts as texts } from '@verzendhuis/domain/orders-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showSuccessToast } from '../../ui/toasts';
import { CourierFieldInput, type CourierFieldController } from '../order-form/courier-field-input';
import { lockedCourierFields } from '../order-form/form-rules';
import { draftCourier, draftToValues, emptyDraft, maxPackagesFor, packageLimitError, withCourier, withCourierField, withShipmentType, type BulkEditDraft } from './bulk-edit-draft';

const noStatuses = { ready: 0, warning: 0, incomplete: 0, error: 0 };

/** The form's values: the draft under `values`, so that its paths are the request's (`values.package_count`). */
interface BulkEditValues {
  values: BulkEditDraft;
}

const nothingSet: BulkEditValues = { values: emptyDraft };

/** Where "nothing chosen" is said: about the values as a whole, shown above the buttons. */
const wholeValues = 'values';

/** The paths an input of the dialog shows; the others go to the alerts above the buttons. */
const shownAtInput = (path: string) => /^values\.(courier_id|shipment_type|courier_fields\.|package_count|weight)/.test(path);

/**
 * Bijwerken on a selection of the orders table: courier, shipment type, the courier's
 * options, package count and weight for every selected order; only what is set is sent,
 * and the orders are re-validated. "Alleen opnieuw controleren" sends no values.
 * Full-screen on a phone. The one form pattern: the contract's updatebulkorders schema
 * checks the request the draft makes, and the server's refusals land on the same paths.
 */
export function BulkEditDialog({
  orders,
  couriers,
  onEdit,
  onClose,
  onDone,
}: {
  orders: readonly OrderListItem[];
  couriers: readonly Courier[];
  onEdit: (values: OrderBulkValues | undefined) => Promise<OrderBulkEditResult>;
  onClose: () => void;
  onDone: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useSchemaForm({
    schema: orderBulkUpdateBodySchema,
    initialValues: nothingSet,
    toInput: ({ values }) => ({ order_ids: orders.map((o) => o.id), action: 'update' as const, values: draftToValues(values) }),
  });
  const [busy, setBusy] = useState<'edit' | 'revalidate' | null>(null);
  const draft = form.values.values;
  const courier = draftCourier(draft, orders, couriers);
  const types = courier?.shipment_types ?? [];

  /** A new draft; the errors of the changed paths go, and so does "nothing chosen". */
  const change = (next: BulkEditDraft, ...paths: string[]) => {
    form.setValues({ values: next });
    for (const path of [...paths, wholeValues]) form.clearFieldError(path);
  };
  const errorAt = (path: string) => form.errors[`values.${path}`] as string | undefined;

  /** The options as CourierFieldInput binds them; set ones say so, unset ones stay as they are. */
  const options: CourierFieldController = {
    values: { shipment: { courier_fields: draft.courier_fields } },
    lockedFields: lockedCourierFields(courier, draft.shipment_type),
    setCourierField: (name, value) => change(withCourierField(draft, name, value), `values.courier_fields.${name}`),
    bind: (path) => {
      const name = path.replace(/^shipment\.courier_fields\./, '');
      return { error: errorAt(`courier_fields.${name}`), description: name in draft.courier_fields ? texts.changed : texts.unchanged };
    },
  };

  async function send(values: OrderBulkValues | undefined, which: 'edit' | 'revalidate') {
    setBusy(which);
    try {
      const result = await onEdit(values);
      showSuccessToast(texts.result({ affected: result.affected, skipped: result.skipped, statuses: result.statuses ?? noStatuses }));
      onDone();
    } catch (error) {
      if (!showServerErrors(form, error)) handleUnexpectedError(error);
    } finally {
      setBusy(null);
    }
  }

  const submit = form.onSubmit((body) => {
    const values = body.values ?? {};
    if (Object.keys(values).length === 0) return form.setFieldError(wholeValues, texts.nothingChosen);
    const tooMany = packageLimitError(values, courier);
    if (tooMany) return form.setFieldError('values.package_count', tooMany);
    void send(values, 'edit');
  });

  const maxPackages = maxPackagesFor(courier);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={texts.title}
      closeButtonProps={{ 'aria-label': dialogTexts.close }}
      data-testid="bulk-edit-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" fw={600} data-testid="bulk-edit-count">
            {texts.selected(orders.length)}
          </Text>
          <Text size="sm">{texts.intro}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={texts.courier}
              placeholder={texts.unchanged}
              data={couriers.filter((c) => c.is_active).map((c) => ({ value: c.id, label: c.label }))}
              value={draft.courier_id}
              onChange={(id) => change(withCourier(draft, id), 'values.courier_id', 'values.shipment_type')}
              error={errorAt('courier_id')}
              clearable
              data-autofocus
              data-testid="bulk-edit-courier"
            />
            <Select
              label={texts.shipmentType}
              data={types.map((t) => ({ value: t.id, label: t.name }))}
              value={draft.shipment_type}
              onChange={(type) => change(withShipmentType(draft, courier, type), 'values.shipment_type')}
              error={errorAt('shipment_type')}
              placeholder={courier ? texts.unchanged : texts.shipmentTypeNeedsCourier}
              disabled={!courier}
              clearable
              data-testid="bulk-edit-shipment-type"
            />
          </SimpleGrid>
          <Fieldset
            legend={texts.options}
            variant="unstyled"
            p={0}
            m={0}
            styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
            data-testid="bulk-edit-options"
          >
            <Stack gap="xs">
              {courier ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {courier.meta.order_fields.map((field) => (
                    <CourierFieldInput key={`${courier.id}-${field.name}`} field={field} ctl={options} />
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  {texts.optionsNeedCourier}
                </Text>
              )}
              {Object.keys(draft.courier_fields).length > 0 ? (
                <Group>
                  <Button variant="subtle" size="compact-sm" onClick={() => change({ ...draft, courier_fields: {} })}>
                    {texts.clearOptions}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={texts.packageCount}
              placeholder={texts.unchanged}
              description={texts.packageCountHint(maxPackages)}
              value={draft.package_count}
              onChange={(value) => change({ ...draft, package_count: value }, 'values.package_count')}
              error={errorAt('package_count')}
              min={1}
              max={maxPackages}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              data-testid="bulk-edit-package-count"
            />
            <NumberInput
              label={texts.weight}
              placeholder={texts.unchanged}
              description={texts.weightHint}
              value={draft.weight}
              onChange={(value) => change({ ...draft, weight: value }, 'values.weight')}
              error={errorAt('weight')}
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              data-testid="bulk-edit-weight"
            />
          </SimpleGrid>
          <FormErrorAlerts errors={form.errors} shown={shownAtInput} />
          <FormActions
            cancelLabel={texts.cancel}
            onCancel={onClose}
            submitLabel={texts.submit}
            sending={busy === 'edit'}
            busy={busy === 'revalidate'}
            submitTestId="bulk-edit-submit"
            stackOnPhone
          >
            <Button
              variant="light"
              onClick={() => void send(undefined, 'revalidate')}
              loading={busy === 'revalidate'}
              disabled={busy === 'edit'}
              data-testid="bulk-edit-revalidate"
            >
              {texts.revalidateOnly}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
