import type { FocusEvent } from 'react';
import { Alert, Grid, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { requiresHousenumber } from '@verzendhuis/domain/address-rules';
import { countries, postcodeRequired } from '@verzendhuis/domain/countries';
import { organisationAddressTexts as addressTexts } from '@verzendhuis/domain/frame-texts';
import { orderFormTexts } from '@verzendhuis/domain/orders-texts';
import type { Organisation } from '@verzendhuis/contract/user';
import { useAddressLookup } from '../order-form/use-address-lookup';

export const organisationAddressFields = ['company_name', 'country', 'zipcode', 'housenumber', 'housenumber_addition', 'address_1', 'city'] as const;
export type OrganisationAddressValues = Record<(typeof organisationAddressFields)[number], string>;

const countryOptions = countries.map((c) => ({ value: c.code, label: c.name }));

/** An address as a form starts: the given one, else the organisation's name as company, in the Netherlands. */
export function organisationAddressValues(address: Organisation['address'], companyName: string): OrganisationAddressValues {
  return {
    company_name: address?.company_name ?? companyName,
    country: address?.country ?? 'NL',
    zipcode: address?.zipcode ?? '',
    housenumber: address?.housenumber ?? '',
    housenumber_addition: address?.housenumber_addition ?? '',
    address_1: address?.address_1 ?? '',
    city: address?.city ?? '',
  };
}

/**
 * The fields of an organisation's address (its own in organisation-form, the return
 * address of /settings/return), with the orders spec §2.8 helper: leaving postcode or
 * house number looks the address up and fills street and city.
 */
export function OrganisationAddressFields({
  values,
  getValues,
  setValue,
  inputProps,
}: {
  /** The address as rendered now. */
  values: OrganisationAddressValues;
  /** The address as it is at this moment (read by the lookup after a blur). */
  getValues: () => OrganisationAddressValues;
  setValue: (field: 'address_1' | 'city', value: string) => void;
  /** The form's input props of one address field. */
  inputProps: (field: (typeof organisationAddressFields)[number]) => GetInputPropsReturnType;
}) {
  const { lookUp, notice } = useAddressLookup({
    form: { getValues },
    values,
    fillRecipient: ({ address_1, city }) => {
      setValue('address_1', address_1);
      setValue('city', city);
    },
  });
  const country = values.country;
  const field = (name: (typeof organisationAddressFields)[number], options: { onBlur?: () => void } = {}) => {
    const props = inputProps(name);
    return {
      label: addressTexts[name],
      ...props,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        (props.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
        options.onBlur?.();
      },
    };
  };
  return (
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
  );
}
