import type { FocusEvent } from 'react';
import { Alert, Button, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import { organisationPatchSchema, type Organisation, type OrganisationPatchResponse, type User } from '@verzendhuis/contract/user';
import { requiresHousenumber } from '@verzendhuis/domain/address-rules';
import { countries, postcodeRequired } from '@verzendhuis/domain/countries';
import { firstLoginTexts, organisationAddressTexts as addressTexts } from '@verzendhuis/domain/frame-texts';
import { orderFormTexts } from '@verzendhuis/domain/orders-texts';
import { organisationLimits, organisationTexts } from '@verzendhuis/domain/organisation';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast } from '../../ui/toasts';
import { useAddressLookup } from '../order-form/use-address-lookup';
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

const addressFields = ['company_name', 'country', 'zipcode', 'housenumber', 'housenumber_addition', 'address_1', 'city'] as const;
type AddressValues = Record<(typeof addressFields)[number], string>;

const shown = ['name', 'contact.email', 'contact.phone', ...addressFields.map((field) => `address.${field}`)];

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

const countryOptions = countries.map((c) => ({ value: c.code, label: c.name }));

/** The address as the form starts: the stored one, else the organisation's name as company, in the Netherlands. */
function addressValues(organisation: Organisation): AddressValues {
  const a = organisation.address;
  return {
    company_name: a?.company_name ?? organisation.name,
    country: a?.country ?? 'NL',
    zipcode: a?.zipcode ?? '',
    housenumber: a?.housenumber ?? '',
    housenumber_addition: a?.housenumber_addition ?? '',
    address_1: a?.address_1 ?? '',
    city: a?.city ?? '',
  };
}

export function OrganisationForm({ user, submitLabel, onSaved, testId }: { user: User; submitLabel: string; onSaved: (response: OrganisationPatchResponse) => void; testId: string }) {
  const updateOrganisation = useUpdateOrganisation();
  const { organisation } = user;
  const form = useSchemaForm({
    schema: organisationFormSchema,
    initialValues: {
      name: organisation.name,
      contact: { email: organisation.contact.email ?? user.email, phone: organisation.contact.phone ?? '' },
      address: addressValues(organisation),
    },
    toInput: ({ name, contact, address }) => ({ name: name.trim(), contact: { email: contact.email.trim(), phone: contact.phone.trim() }, address }),
    message: (issue) => (issue.code === 'too_big' ? (tooLong[issue.path.join('.')] ?? issue.message) : issue.message),
  });
  // Orders spec §5 address helper, as on the order form: postcode and house number fill street and city.
  const { lookUp, notice } = useAddressLookup({
    form: { getValues: () => form.getValues().address },
    values: form.values.address,
    fillRecipient: ({ address_1, city }) => {
      form.setFieldValue('address.address_1', address_1);
      form.setFieldValue('address.city', city);
    },
  });

  const country = form.values.address.country;
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

  const field = (name: (typeof addressFields)[number], options: { onBlur?: () => void } = {}) => {
    const props = form.getInputProps(`address.${name}`);
    return {
      label: addressTexts[name],
      ...props,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        props.onBlur?.(event);
        options.onBlur?.();
      },
    };
  };

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
        <Grid gap="sm">
          <Grid.Col span={12}>
            <TextInput required autoComplete="organization" {...field('company_name')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Select required data={countryOptions} searchable nothingFoundMessage={orderFormTexts.countryNotFound} allowDeselect={false} {...field('country')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextInput required={postcodeRequired(country)} autoComplete="postal-code" {...field('zipcode', { onBlur: lookUp })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, xs: 4 }}>
            <TextInput required={requiresHousenumber(country)} {...field('housenumber', { onBlur: lookUp })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, xs: 4 }}>
            <TextInput {...field('housenumber_addition')} />
          </Grid.Col>
          {notice ? (
            <Grid.Col span={12}>
              {/* The lookup found nothing or could not ask: street and city stay free to type. */}
              <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs" data-testid="address-lookup-notice">
                {notice}
              </Alert>
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, xs: 7 }}>
            <TextInput required autoComplete="address-line1" {...field('address_1')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 5 }}>
            <TextInput required autoComplete="address-level2" {...field('city')} />
          </Grid.Col>
        </Grid>
        <FormErrorAlerts errors={form.errors} shown={shown} />
        <Button type="submit" loading={updateOrganisation.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
