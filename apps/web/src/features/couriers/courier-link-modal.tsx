import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import type { CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { createBody, defaultContract, initialFieldValues, type ContractChoice, type FieldValues } from './courier-form';
import { courierFieldErrors, otherErrors, type FieldErrors } from './field-errors';
import { SettingsFieldInput } from './settings-field-input';
import { useCourierMutations } from './use-courier-settings';

/** "Vervoerder koppelen": choose a class, then its own contract's settings or the platform's contract. */
export function CourierLinkModal({ opened, onClose, classes }: { opened: boolean; onClose: () => void; classes: readonly CourierClass[] }) {
  const { link } = useCourierMutations();
  const [classId, setClassId] = useState<string | null>(null);
  const [contract, setContract] = useState<ContractChoice>('own');
  const [values, setValues] = useState<FieldValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const chosen = classes.find((c) => c.class === classId);

  function choose(next: string | null) {
    const nextClass = classes.find((c) => c.class === next);
    setClassId(next);
    setContract(defaultContract(nextClass));
    setValues(initialFieldValues(nextClass?.settings_fields ?? []));
    setErrors({});
  }

  function close() {
    choose(null);
    onClose();
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setErrors({ courier_class: texts.chooseClassPlaceholder });
      return;
    }
    link.mutate(createBody(chosen, contract, values), {
      onSuccess: () => {
        showSuccessToast(texts.linked);
        close();
      },
      onError: (error) => {
        const fields = courierFieldErrors(error);
        if (!fields) return handleUnexpectedError(error);
        setErrors(fields);
        showErrorToast(texts.invalidInput);
      },
    });
  }

  const shown = ['courier_class', 'fields.contract', 'fields.platform_contract_id', ...(chosen?.settings_fields.map((f) => `fields.${f.name}`) ?? [])];
  const platform = chosen?.platform_contracts[0];
  return (
    <Modal opened={opened} onClose={close} title={texts.linkTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="courier-link-form">
        <Stack>
          <Select
            label={texts.chooseClass}
            placeholder={texts.chooseClassPlaceholder}
            data={classes.map((c) => ({ value: c.class, label: c.name }))}
            value={classId}
            onChange={choose}
            error={errors.courier_class}
            required
            allowDeselect={false}
            data-testid="courier-class-select"
          />
          {chosen && platform ? (
            <Radio.Group
              label={texts.chooseContract}
              value={contract}
              onChange={(next) => setContract(next as ContractChoice)}
              error={errors['fields.contract'] ?? errors['fields.platform_contract_id']}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="own" label={texts.ownContract} data-testid="courier-contract-own" />
                <Radio value="platform" label={texts.platformContract(platform.name)} data-testid="courier-contract-platform" />
              </Stack>
            </Radio.Group>
          ) : null}
          {chosen && contract === 'platform' ? <Text size="sm">{texts.platformContractHint}</Text> : null}
          {chosen && contract === 'own' ? (
            chosen.settings_fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {texts.noFieldsNeeded}
              </Text>
            ) : (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {texts.ownContractHint}
                </Text>
                {chosen.settings_fields.map((field) => (
                  <SettingsFieldInput
                    key={field.name}
                    field={field}
                    value={values[field.name] ?? ''}
                    error={errors[`fields.${field.name}`]}
                    editing={false}
                    onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                  />
                ))}
              </Stack>
            )
          ) : null}
          {otherErrors(errors, shown).map((message) => (
            <Alert key={message} color="red">
              {message}
            </Alert>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={link.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={link.isPending} data-testid="courier-link-submit">
              {texts.link}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
