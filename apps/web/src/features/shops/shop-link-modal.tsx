import { Modal, Stack } from '@mantine/core';
import { shopCreateBodySchema, type ShopClass } from '@verzendhuis/contract/shop';
import { shopSettingsTexts as texts } from '@verzendhuis/domain/shops-texts';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { SettingsFieldInput } from '../../ui/form/settings-field-input';
import { initialFieldValues } from '../../ui/form/settings-fields';
import { saveHandlers } from '../../ui/form/save-handlers';
import { ServiceClassSelect } from '../../ui/form/service-class-select';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { fieldDefinitions, shopLinkInput, type ShopLinkValues } from './shop-form';
import { useShopMutations } from './use-shop-settings';

/** "Webwinkel koppelen": choose a platform, fill in its fields; the server checks them with the shop. */
export function ShopLinkModal({ opened, onClose, classes, initialClass = null }: { opened: boolean; onClose: () => void; classes: readonly ShopClass[]; initialClass?: string | null }) {
  const { link } = useShopMutations();
  const start = (shopClass: string | null): ShopLinkValues => ({ shop_class: shopClass, fields: initialFieldValues(fieldDefinitions(classes.find((c) => c.class === shopClass))) });
  const form = useSchemaForm({
    schema: shopCreateBodySchema,
    initialValues: start(initialClass ?? (classes.length === 1 ? (classes[0]?.class ?? null) : null)),
    toInput: (values) => shopLinkInput(classes, values),
    message: (issue) => (issue.path[0] === 'shop_class' ? texts.choosePlatformPlaceholder : issue.message),
  });
  const { values, errors } = form;
  const chosen = classes.find((c) => c.class === values.shop_class);
  const definitions = fieldDefinitions(chosen);

  function choose(next: string | null) {
    form.setValues(start(next));
    form.clearErrors();
  }

  function close() {
    form.reset();
    onClose();
  }

  const submit = form.onSubmit((body) =>
    link.mutate(body, saveHandlers(form, { saved: texts.linked, invalidInput: texts.invalidInput, onSaved: close })),
  );

  return (
    <Modal opened={opened} onClose={close} title={texts.linkTitle} size="lg">
      <form onSubmit={submit} noValidate data-testid="shop-link-form">
        <Stack>
          <ServiceClassSelect
            label={texts.choosePlatform}
            placeholder={texts.choosePlatformPlaceholder}
            classes={classes}
            value={values.shop_class}
            onChange={choose}
            error={errors.shop_class}
            testId="shop-class-select"
          />
          {definitions.map((field) => (
            <SettingsFieldInput key={field.name} field={field} editing={false} input={form.getInputProps(`fields.${field.name}`)} testIdPrefix="shop-setting" secretKeepText={texts.secretKeep} />
          ))}
          <FormErrorAlerts errors={errors} shown={['shop_class', ...definitions.map((f) => `fields.${f.name}`)]} />
          <FormActions cancelLabel={texts.cancel} onCancel={close} submitLabel={texts.link} sending={link.isPending} submitTestId="shop-link-submit" />
        </Stack>
      </form>
    </Modal>
  );
}
