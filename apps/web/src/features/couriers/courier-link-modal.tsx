import { Modal, Radio, Stack, Text } from '@mantine/core';
import { courierCreateBodySchema, type CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { saveHandlers } from '../../ui/form/save-handlers';
import { ServiceClassSelect } from '../../ui/form/service-class-select';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { defaultContract, initialFieldValues, linkInput, type ContractChoice, type LinkValues } from './courier-form';
import { SettingsFieldInput } from '../../ui/form/settings-field-input';
import { useCourierMutations } from './use-courier-settings';

const noClass: LinkValues = { courier_class: null, contract: 'own', fields: {} };

/** "Vervoerder koppelen": choose a class, then its own contract's settings or the platform's contract. */
export function CourierLinkModal({ opened, onClose, classes }: { opened: boolean; onClose: () => void; classes: readonly CourierClass[] }) {
  const { link } = useCourierMutations();
  const form = useSchemaForm({
    schema: courierCreateBodySchema,
    initialValues: noClass,
    toInput: (values) => linkInput(classes, values),
    // The one thing the form itself checks: a class is chosen.
    message: (issue) => (issue.path[0] === 'courier_class' ? texts.chooseClassPlaceholder : issue.message),
  });
  const { values, errors } = form;
  const chosen = classes.find((c) => c.class === values.courier_class);

  function choose(next: string | null) {
    const nextClass = classes.find((c) => c.class === next);
    form.setValues({ courier_class: next, contract: defaultContract(nextClass), fields: initialFieldValues(nextClass?.settings_fields ?? []) });
    form.clearErrors();
  }

  function close() {
    form.reset();
    onClose();
  }

  const submit = form.onSubmit((body) =>
    link.mutate(body, saveHandlers(form, { saved: texts.linked, invalidInput: texts.invalidInput, onSaved: close })),
  );

  const shown = ['courier_class', 'fields.contract', 'fields.platform_contract_id', ...(chosen?.settings_fields.map((f) => `fields.${f.name}`) ?? [])];
  const platform = chosen?.platform_contracts[0];
  return (
    <Modal opened={opened} onClose={close} title={texts.linkTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="courier-link-form">
        <Stack>
          <ServiceClassSelect
            label={texts.chooseClass}
            placeholder={texts.chooseClassPlaceholder}
            classes={classes}
            value={values.courier_class}
            onChange={choose}
            error={errors.courier_class}
            testId="courier-class-select"
          />
          {chosen && platform ? (
            <Radio.Group
              label={texts.chooseContract}
              value={values.contract}
              onChange={(next) => form.setFieldValue('contract', next as ContractChoice)}
              error={errors['fields.contract'] ?? errors['fields.platform_contract_id']}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="own" label={texts.ownContract} data-testid="courier-contract-own" />
                <Radio value="platform" label={texts.platformContract(platform.name)} data-testid="courier-contract-platform" />
              </Stack>
            </Radio.Group>
          ) : null}
          {chosen && values.contract === 'platform' ? <Text size="sm">{texts.platformContractHint}</Text> : null}
          {chosen && values.contract === 'own' ? (
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
                  <SettingsFieldInput key={field.name} field={field} editing={false} input={form.getInputProps(`fields.${field.name}`)} testIdPrefix="courier-setting" secretKeepText={texts.secretKeep} />
                ))}
              </Stack>
            )
          ) : null}
          <FormErrorAlerts errors={errors} shown={shown} />
          <FormActions cancelLabel={texts.cancel} onCancel={close} submitLabel={texts.link} sending={link.isPending} submitTestId="courier-link-submit" />
        </Stack>
      </form>
    </Modal>
  );
}
