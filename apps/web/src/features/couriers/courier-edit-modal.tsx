import { Box, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { courierPatchBodySchema, type Courier, type CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { saveHandlers } from '../../ui/form/save-handlers';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { initialFieldValues, patchBody, type EditValues } from './courier-form';
import { SettingsFieldInput } from '../../ui/form/settings-field-input';
import { useCourierMutations } from './use-courier-settings';
import { CourierWebhook } from './courier-webhook';

/** "Vervoerder bewerken": the name, and the settings of an own contract (a secret left empty stays). */
export function CourierEditModal({
  courier,
  courierClass,
  onClose,
  reactivate = false,
  initialErrors = {},
}: {
  courier: Courier;
  courierClass: CourierClass | undefined;
  onClose: () => void;
  /** Opened because a reset found credentials that no longer hold: saving also reactivates. */
  reactivate?: boolean;
  initialErrors?: FormErrors;
}) {
  const { update } = useCourierMutations();
  const isProxy = courier.proxied_id !== null;
  const settingsFields = isProxy ? [] : (courierClass?.settings_fields ?? []);
  const form = useSchemaForm({
    schema: courierPatchBodySchema,
    initialValues: { label: courier.label, fields: initialFieldValues(settingsFields, courier.fields ?? {}) } satisfies EditValues,
    initialErrors,
    toInput: (values) => ({ ...patchBody(values.label, settingsFields, values.fields, isProxy), ...(reactivate ? { is_active: true } : {}) }),
  });

  const submit = form.onSubmit((body) =>
    update.mutate({ id: courier.id, body }, saveHandlers(form, { saved: reactivate ? texts.reactivated : texts.saved, invalidInput: texts.invalidInput, onSaved: onClose })),
  );

  const shown = ['label', ...settingsFields.map((f) => `fields.${f.name}`)];
  return (
    <Modal opened onClose={onClose} title={texts.editTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="courier-edit-form">
        <Stack>
          <TextInput
            label={texts.name}
            description={texts.nameDescription}
            required
            {...form.getInputProps('label')}
            data-testid="courier-label-input"
            data-autofocus
          />
          {isProxy ? (
            <Text size="sm" c="dimmed">
              {texts.platformFieldsFixed}
            </Text>
          ) : (
            settingsFields.map((field) => <SettingsFieldInput key={field.name} field={field} editing input={form.getInputProps(`fields.${field.name}`)} testIdPrefix="courier-setting" secretKeepText={texts.secretKeep} />)
          )}
          <FormErrorAlerts errors={form.errors} shown={shown} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={texts.save} sending={update.isPending} submitTestId="courier-save" />
        </Stack>
      </form>
      {!isProxy && courierClass?.supports_tracking_webhook ? (
        <Box mt="xl">
          <CourierWebhook courierId={courier.id} />
        </Box>
      ) : null}
    </Modal>
  );
}
