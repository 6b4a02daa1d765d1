import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import { organisationPatchSchema, type OrganisationPatchResponse, type User } from '@verzendhuis/contract/user';
import { firstLoginTexts, organisationAddressTexts as addressTexts } from '@verzendhuis/domain/frame-texts';
import { organisationLimits, organisationTexts } from '@verzendhuis/domain/organisation';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast } from '../../ui/toasts';
import { OrganisationAddressFields, organisationAddressFields, organisationAddressValues } from './organisation-address-fields';
import { useUpdateOrganisation } from './use-update-organisation';

/**
 * The organisation's name, contact and address (PATCH user/organisation), as the
 * first-login page asks for them and /settings/account edits them. The contact e-mail
 * and phone are required here; the address is sent whole and checked by the contract's
 * rule (the order rules: street, house number, postcode, city).
 */
const organisationFormSchema = organisationPatchSchema.superRefine((patch, ctx) => {
  if (!patch.contact?.email) ctx.addIssue({ code: 'custom', path: ['contact', 'email'], message: firstLoginTexts.emailRequired });
  if (!patch.contact?.phone) ctx.addIssue({ code: 'custom', path: ['contact', 'phone'], message: organisationTexts.phoneRequired });
});


const shown = ['name', 'contact.email', 'contact.phone', ...organisationAddressFields.map((field) => `address.${field}`)];

/** The schema refuses absurd lengths before the domain rule runs; the form words them as that rule does. */
const tooLong: Record<string, string> = {
  name: organisationTexts.nameTooLong,
  'contact.email': organisationTexts.emailTooLong,
  'contact.phone': organisationTexts.phoneTooLong,
  'address.company_name': organisationTexts.addressTooLong(organisationLimits.companyNameMax),
  'address.address_1': organisationTexts.addressTooLong(organisationLimits.address1Max),
  'address.housenumber': organisationTexts.addressTooLong(organisationLimits.housenumberMax),
  'address.housenumber_addition': organisationTexts.addressTooLong(organisationLimits.housenumberAdditionMax),
  'address.zipcode': organisationTexts.addressTooLong(organisationLimits.zipcodeMax),
  'address.city': organisationTexts.addressTooLong(organisationLimits.cityMax),
};

export function OrganisationForm({ user, submitLabel, onSaved, testId }: { user: User; submitLabel: string; onSaved: (response: OrganisationPatchResponse) => void; testId: string }) {
  const updateOrganisation = useUpdateOrganisation();
  const { organisation } = user;
  const form = useSchemaForm({
    schema: organisationFormSchema,
    initialValues: {
      name: organisation.name,
      contact: { email: organisation.contact.email ?? user.email, phone: organisation.contact.phone ?? '' },
      address: organisationAddressValues(organisation.address, organisation.name),
    },
    toInput: ({ name, contact, address }) => ({ name: name.trim(), contact: { email: contact.email.trim(), phone: contact.phone.trim() }, address }),
    message: (issue) => (issue.code === 'too_big' ? (tooLong[issue.path.join('.')] ?? issue.message) : issue.message),
  });
  const submit = form.onSubmit((update) =>
    updateOrganisation.mutate(update, {
      onSuccess: onSaved,
      onError: (error) => {
        showServerErrors(form, error);
        if (error instanceof ApiError) showErrorToast(error.body.message, firstLoginTexts.saveFailed);
        else showErrorToast(firstLoginTexts.saveFailed);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack>
        <TextInput label={firstLoginTexts.name} required autoComplete="organization" {...form.getInputProps('name')} />
        <TextInput label={firstLoginTexts.email} type="email" required autoComplete="email" {...form.getInputProps('contact.email')} />
        <TextInput label={firstLoginTexts.phone} type="tel" required autoComplete="tel" {...form.getInputProps('contact.phone')} />
        <Stack gap={4} mt="sm">
          <Title order={2} size="h4">
            {addressTexts.title}
          </Title>
          <Text size="sm" c="dimmed">
            {addressTexts.hint}
          </Text>
        </Stack>
        <OrganisationAddressFields
          values={form.values.address}
          getValues={() => form.getValues().address}
          setValue={(name, value) => form.setFieldValue(`address.${name}`, value)}
          inputProps={(name) => form.getInputProps(`address.${name}`)}
        />
        <FormErrorAlerts errors={form.errors} shown={shown} />
        <Button type="submit" loading={updateOrganisation.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
