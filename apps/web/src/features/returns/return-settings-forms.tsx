import { Alert, Button, Checkbox, Group, NumberInput, Paper, Radio, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import { returnSettingsPatchSchema, type ReturnSettings } from '@verzendhuis/contract/returns';
import type { Organisation } from '@verzendhuis/contract/user';
import { paymentMethodText } from '@verzendhuis/domain/label-screens-texts';
import { centsInputText, parseEuroCents, returnLimits, returnPaymentMethods, returnSettingsTexts as texts } from '@verzendhuis/domain/returns';
import { useApiClient } from '../../app/api/use-api-client';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { OrganisationAddressFields, organisationAddressFields, organisationAddressValues, type OrganisationAddressValues } from '../account/organisation-address-fields';
import { useUpdateReturnSettings } from './use-return-settings';

/** A refusal that is not about a field (the company name to go live): its message as a toast. */
function onRefused(form: Parameters<typeof showServerErrors>[0], error: unknown) {
  if (showServerErrors(form, error)) return;
  showErrorToast(error instanceof ApiError ? error.body.message : texts.saveFailed, texts.saveFailed);
}

const saved = () => showSuccessToast(texts.saved);

/** Tab address: the organisation's own address, or a return address of its own (the same fields and postcode helper). */
export function ReturnAddressForm({ settings, organisation }: { settings: ReturnSettings; organisation: Organisation }) {
  const update = useUpdateReturnSettings();
  const form = useSchemaForm({
    schema: returnSettingsPatchSchema,
    initialValues: {
      use_own: settings.address === null ? 'own' : 'other',
      address: organisationAddressValues(settings.address ?? organisation.address, organisation.name) as OrganisationAddressValues,
    },
    toInput: (values) => ({ address: values.use_own === 'own' ? null : values.address }),
  });
  const submit = form.onSubmit((patch) => update.mutate(patch, { onSuccess: saved, onError: (error) => onRefused(form, error) }));
  const own = organisation.address;
  return (
    <Paper withBorder p="md" maw={640}>
      <form onSubmit={submit} noValidate data-testid="return-address-form">
        <Stack>
          <Text size="sm">{texts.addressHint}</Text>
          <Radio.Group {...form.getInputProps('use_own')} label={texts.addressTitle}>
            <Stack gap="xs" mt="xs">
              <Radio value="own" label={texts.addressUseOwn} />
              <Radio value="other" label={texts.addressOther} />
            </Stack>
          </Radio.Group>
          {form.values.use_own === 'own' ? (
            <Text size="sm" data-testid="return-address-own">
              {own ? `${texts.addressOwnShown} ${[own.company_name, [own.address_1, own.housenumber, own.housenumber_addition].filter(Boolean).join(' '), [own.zipcode, own.city].filter(Boolean).join(' '), own.country].join(', ')}` : texts.addressOwnMissing}
            </Text>
          ) : (
            <OrganisationAddressFields
              values={form.values.address}
              getValues={() => form.getValues().address}
              setValue={(name, value) => form.setFieldValue(`address.${name}`, value)}
              inputProps={(name) => form.getInputProps(`address.${name}`)}
            />
          )}
          <FormErrorAlerts errors={form.errors} shown={['use_own', ...organisationAddressFields.map((f) => `address.${f}`)]} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Tab payment-methods: which methods the portal offers and what the consumer pays (in cents; typed in euro). */
export function ReturnPaymentForm({ settings }: { settings: ReturnSettings }) {
  const update = useUpdateReturnSettings();
  const form = useSchemaForm({
    schema: returnSettingsPatchSchema,
    initialValues: { payment_methods: settings.payment_methods as string[], consumer_price_cents: centsInputText(settings.consumer_price_cents) },
    // A price that is no amount goes as -1, which the rule words as "Vul een bedrag in euro in".
    toInput: (values) => ({ payment_methods: values.payment_methods, consumer_price_cents: parseEuroCents(values.consumer_price_cents) ?? -1 }),
  });
  const submit = form.onSubmit((patch) => update.mutate(patch, { onSuccess: saved, onError: (error) => onRefused(form, error) }));
  return (
    <Paper withBorder p="md" maw={640}>
      <form onSubmit={submit} noValidate data-testid="return-payment-form">
        <Stack>
          <Checkbox.Group label={texts.paymentTitle} description={texts.paymentHint} {...form.getInputProps('payment_methods')}>
            <Stack gap="xs" mt="xs">
              {returnPaymentMethods.map((method) => (
                <Checkbox key={method} value={method} label={paymentMethodText(method)} description={texts.paymentMethodDescriptions[method]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput label={texts.price} description={texts.priceHint} inputMode="decimal" maw={200} {...form.getInputProps('consumer_price_cents')} />
          <FormErrorAlerts errors={form.errors} shown={['payment_methods', 'consumer_price_cents']} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Tab portal: on/off, the link (copy), the slug, the welcome text, the couriers offered and the return period. */
export function ReturnPortalForm({ settings }: { settings: ReturnSettings }) {
  const update = useUpdateReturnSettings();
  const client = useApiClient();
  const couriers = useQuery({ queryKey: ['couriers', 'list'], queryFn: () => client.couriers.list() });
  const offerable = (couriers.data?.data ?? []).filter((c) => c.is_active && c.meta.supports_returns);
  const { portal } = settings;
  const form = useSchemaForm({
    schema: returnSettingsPatchSchema,
    initialValues: { portal: { enabled: portal.enabled, slug: portal.slug, intro_text: portal.intro_text ?? '', courier_ids: portal.courier_ids, return_days: portal.return_days as number | string } },
    toInput: ({ portal: p }) => ({ portal: { ...p, intro_text: p.intro_text.trim() || null, return_days: typeof p.return_days === 'number' ? p.return_days : -1 } }),
  });
  const submit = form.onSubmit((patch) =>
    update.mutate(patch, {
      onSuccess: (answer) => {
        form.setInitialValues({ ...form.getValues(), portal: { ...form.getValues().portal, slug: answer.data.portal.slug } });
        saved();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body.message_code === 'return_company_name_required') form.setFieldError('portal.enabled', error.body.message);
        else onRefused(form, error);
      },
    }),
  );
  const copy = () => {
    navigator.clipboard
      .writeText(portal.url)
      .then(() => showSuccessToast(texts.copied))
      .catch(() => showErrorToast(texts.copyFailed));
  };
  return (
    <Paper withBorder p="md" maw={640}>
      <form onSubmit={submit} noValidate data-testid="return-portal-form">
        <Stack>
          <Switch label={texts.portalEnabled} {...form.getInputProps('portal.enabled', { type: 'checkbox' })} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="return-portal-link-label">
              {texts.portalLink}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="return-portal-link" aria-labelledby="return-portal-link-label">
                {portal.url}
              </Text>
              <Button variant="default" size="xs" onClick={copy} data-testid="return-portal-copy">
                {texts.copy}
              </Button>
            </Group>
          </Stack>
          <TextInput label={texts.slug} description={texts.slugHint} required maxLength={returnLimits.slugMax} {...form.getInputProps('portal.slug')} />
          <Textarea label={texts.intro} description={texts.introHint} autosize minRows={3} maxLength={returnLimits.introMax} {...form.getInputProps('portal.intro_text')} />
          <Checkbox.Group label={texts.couriers} description={texts.couriersHint} {...form.getInputProps('portal.courier_ids')}>
            <Stack gap="xs" mt="xs">
              {offerable.length === 0 && couriers.isSuccess ? <Alert color="yellow">{texts.noCouriers}</Alert> : null}
              {offerable.map((c) => (
                <Checkbox key={c.id} value={c.id} label={c.label || c.service_name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <NumberInput label={texts.returnDays} min={returnLimits.daysMin} max={returnLimits.daysMax} allowDecimal={false} maw={200} {...form.getInputProps('portal.return_days')} />
          <FormErrorAlerts errors={form.errors} shown={['portal.enabled', 'portal.slug', 'portal.intro_text', 'portal.courier_ids', 'portal.return_days']} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
