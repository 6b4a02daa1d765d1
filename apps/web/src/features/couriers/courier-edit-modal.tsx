import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Courier, CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { initialFieldValues, patchBody, type FieldValues } from './courier-form';
import { courierFieldErrors, otherErrors, type FieldErrors } from './field-errors';
import { SettingsFieldInput } from './settings-field-input';
import { useCourierMutations } from './use-courier-settings';

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
  initialErrors?: FieldErrors;
}) {
  const { update } = useCourierMutations();
  const isProxy = courier.proxied_id !== null;
  const settingsFields = isProxy ? [] : (courierClass?.settings_fields ?? []);
  const [label, setLabel] = useState(courier.label);
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(settingsFields, courier.fields ?? {}));
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      { id: courier.id, body: { ...patchBody(label, settingsFields, values, isProxy), ...(reactivate ? { is_active: true } : {}) } },
      {
        onSuccess: () => {
          showSuccessToast(reactivate ? texts.reactivated : texts.saved);
          onClose();
        },
        onError: (error) => {
          const fields = courierFieldErrors(error);
          if (!fields) return handleUnexpectedError(error);
          setErrors(fields);
          showErrorToast(texts.invalidInput);
        },
      },
    );
  }

  const shown = ['label', ...settingsFields.map((f) => `fields.${f.name}`)];
  return (
    <Modal opened onClose={onClose} title={texts.editTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="courier-edit-form">
        <Stack>
          <TextInput
            label={texts.name}
            description={texts.nameDescription}
            required
            value={label}
            error={errors.label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            data-testid="courier-label-input"
            data-autofocus
          />
          {isProxy ? (
            <Text size="sm" c="dimmed">
              {texts.platformFieldsFixed}
            </Text>
          ) : (
            settingsFields.map((field) => (
              <SettingsFieldInput
                key={field.name}
                field={field}
                value={values[field.name] ?? ''}
                error={errors[`fields.${field.name}`]}
                editing
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              />
            ))
          )}
          {otherErrors(errors, shown).map((message) => (
            <Alert key={message} color="red">
              {message}
            </Alert>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="courier-save">
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
