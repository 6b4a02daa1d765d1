import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { shopPatchBodySchema, type Shop, type ShopClass } from '@verzendhuis/contract/shop';
import { shopSettingsTexts as texts } from '@verzendhuis/domain/shops-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { SettingsFieldInput } from '../../ui/form/settings-field-input';
import { initialFieldValues, type FieldValues } from '../../ui/form/settings-fields';
import { saveHandlers } from '../../ui/form/save-handlers';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showSuccessToast } from '../../ui/toasts';
import { fieldDefinitions, shopPatchBody } from './shop-form';
import { useShopMutations } from './use-shop-settings';

/** "Webwinkel bewerken": the name and the settings (a secret left empty stays); new settings are checked with the shop. */
export function ShopEditModal({ shop, shopClass, onClose }: { shop: Shop; shopClass: ShopClass | undefined; onClose: () => void }) {
  const { update, reset } = useShopMutations();
  const definitions = fieldDefinitions(shopClass);
  const form = useSchemaForm({
    schema: shopPatchBodySchema,
    initialValues: { label: shop.label, fields: initialFieldValues(definitions, shop.fields) as FieldValues },
    toInput: (values) => shopPatchBody(values.label, shopClass, values.fields),
  });

  const submit = form.onSubmit((body) =>
    update.mutate({ id: shop.id, body }, saveHandlers(form, { saved: texts.saved, invalidInput: texts.invalidInput, onSaved: onClose })),
  );

  return (
    <Modal opened onClose={onClose} title={texts.editTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="shop-edit-form">
        <Stack>
          <TextInput label={texts.name} description={texts.nameDescription} required {...form.getInputProps('label')} data-testid="shop-label-input" data-autofocus />
          {definitions.map((field) => (
            <SettingsFieldInput key={field.name} field={field} editing input={form.getInputProps(`fields.${field.name}`)} testIdPrefix="shop-setting" secretKeepText={texts.secretKeep} />
          ))}
          <Group gap="sm" wrap="nowrap" align="center">
            <Button
              size="xs"
              variant="default"
              loading={reset.isPending}
              onClick={() => reset.mutate(shop.id, { onSuccess: () => showSuccessToast(texts.resetDone), onError: handleUnexpectedError })}
              data-testid="shop-reset"
            >
              {texts.resetSync}
            </Button>
            <Text size="xs" c="gray.7">
              {texts.resetHelp}
            </Text>
          </Group>
          <FormErrorAlerts errors={form.errors} shown={['label', ...definitions.map((f) => `fields.${f.name}`)]} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={texts.save} sending={update.isPending} submitTestId="shop-save" />
        </Stack>
      </form>
    </Modal>
  );
}
