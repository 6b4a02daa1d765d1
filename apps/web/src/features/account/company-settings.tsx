import { Button, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import { organisationPatchSchema, type User } from '@verzendhuis/contract/user';
import { companyTabTexts as texts } from '@verzendhuis/domain/account-settings-texts';
import { companyCharacteristics } from '@verzendhuis/domain/organisation';
import { useApiClient } from '../../app/api/use-api-client';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { useCurrentUser } from './use-current-user';
import { useUpdateOrganisation } from './use-update-organisation';

const fields = ['eori_number', 'eori_number_gb', 'vat_number', 'national_phone', 'hmrc_code'] as const;
const labels: Record<(typeof fields)[number], { label: string; hint: string; autoComplete?: string }> = {
  eori_number: { label: texts.eoriNumber, hint: texts.eoriNumberHint },
  eori_number_gb: { label: texts.eoriNumberGb, hint: texts.eoriNumberGbHint },
  vat_number: { label: texts.vatNumber, hint: texts.vatNumberHint },
  national_phone: { label: texts.nationalPhone, hint: texts.nationalPhoneHint, autoComplete: 'tel-national' },
  hmrc_code: { label: texts.hmrcCode, hint: texts.hmrcCodeHint },
};
const shown = ['company.characteristics', ...fields.map((f) => `company.${f}`)];

/** The form of the company tab: characteristics and the customs identifiers (PATCH user/organisation `company`). */
export function CompanyForm({ user }: { user: User }) {
  const client = useApiClient();
  const updateOrganisation = useUpdateOrganisation();
  // should_validate_orders: the orders are checked again against the new customs identity (order/update).
  const revalidate = useMutation({ mutationFn: () => client.orders.revalidate() });
  const company = user.organisation.company;
  const form = useSchemaForm({
    schema: organisationPatchSchema,
    initialValues: {
      company: {
        characteristics: company.characteristics ?? '',
        ...Object.fromEntries(fields.map((f) => [f, company[f] ?? ''])),
      } as Record<'characteristics' | (typeof fields)[number], string>,
    },
    toInput: ({ company: values }) => ({ company: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null])) }),
  });
  const submit = form.onSubmit((update) =>
    updateOrganisation.mutate(update, {
      onSuccess: (response) => {
        showSuccessToast(texts.saved);
        if (response.should_validate_orders) revalidate.mutate();
      },
      onError: (error) => {
        showServerErrors(form, error);
        showErrorToast(error instanceof ApiError ? error.body.message : texts.saveFailed, texts.saveFailed);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack>
        <Text size="sm">{texts.intro}</Text>
        <Select
          label={texts.characteristics}
          placeholder={texts.characteristicsPlaceholder}
          data={companyCharacteristics.map((c) => ({ value: c.value, label: c.label }))}
          clearable
          {...form.getInputProps('company.characteristics')}
          onChange={(value) => form.setFieldValue('company.characteristics', value ?? '')}
          data-testid="company-characteristics"
        />
        {fields.map((field) => (
          <TextInput
            key={field}
            label={labels[field].label}
            description={labels[field].hint}
            autoComplete={labels[field].autoComplete ?? 'off'}
            {...form.getInputProps(`company.${field}`)}
            data-testid={`company-${field}`}
          />
        ))}
        <FormErrorAlerts errors={form.errors} shown={shown} />
        <Button type="submit" loading={updateOrganisation.isPending} data-testid="company-save">
          {texts.save}
        </Button>
      </Stack>
    </form>
  );
}

/** /settings/account/company. */
export function CompanySettings() {
  const user = useCurrentUser();
  return (
    <Paper withBorder p="md" maw={640}>
      <CompanyForm user={user} />
    </Paper>
  );
}
