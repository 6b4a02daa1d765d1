import { useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconAddressBook, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { requiresStateProvince, statesProvinces } from '@verzendhuis/domain/countries';
import { contactTexts } from '@verzendhuis/domain/contacts-texts';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { CountrySelect } from '../../ui/country-select';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { AddressBookModal } from './address-book-modal';
import { contactToRecipient } from './contact-recipient';
import { useAddressLookup } from './use-address-lookup';
import { useSaveRecipient } from './use-save-recipient';
import type { OrderFormController } from './use-order-form';

const f = texts.fields;

/** Ontvanger: name, company, address with the postcode helper, state for CA/US/CN, contact details. */
export function RecipientSection({ ctl }: { ctl: OrderFormController }) {
  const [addressBookOpen, setAddressBookOpen] = useState(false);
  const { lookUp, notice } = useAddressLookup(ctl);
  const country = ctl.values.country;
  const countryField = ctl.bind('country');
  const { save: saveContact, linkTo } = useSaveRecipient();
  const saveRecipient = () => {
    const v = ctl.values;
    saveContact.mutate(
      {
        name: v.name,
        company_name: v.company_name,
        country: v.country,
        state_province_code: v.state_province_code,
        zipcode: v.zipcode,
        housenumber: v.housenumber,
        address_1: v.address_1,
        address_2: v.address_2,
        city: v.city,
        email: v.email,
        phone: v.phone,
      },
      {
        onSuccess: (outcome) => showSuccessToast(outcome === 'updated' ? contactTexts.updated : contactTexts.created),
        onError: () => showErrorToast(contactTexts.saveRecipientFailed),
      },
    );
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="section-recipient">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="section-recipient">
            {texts.sections.recipient}
          </Title>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconAddressBook size={16} />}
              onClick={() => setAddressBookOpen(true)}
              data-testid="open-address-book"
            >
              {texts.addressBook}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={saveRecipient}
              loading={saveContact.isPending}
              data-testid="save-recipient-contact"
            >
              {contactTexts.saveRecipient}
            </Button>
          </Group>
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.name} {...ctl.bind('name')} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.company_name} {...ctl.bind('company_name')} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={12}>
            <CountrySelect label={f.country} {...countryField} onChange={ctl.setCountry} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput label={f.zipcode} {...ctl.bind('zipcode', { onBlur: lookUp })} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={f.housenumber} {...ctl.bind('housenumber', { onBlur: lookUp })} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={f.address_1} {...ctl.bind('address_1')} autoComplete="off" />
          </Grid.Col>
          {notice ? (
            <Grid.Col span={12}>
              {/* An alert (read out when it appears); street and city stay free to type. */}
              <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs" data-testid="address-lookup-notice">
                {notice}
              </Alert>
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.address_2} placeholder={f.address_2Placeholder} {...ctl.bind('address_2')} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.city} {...ctl.bind('city')} autoComplete="off" />
          </Grid.Col>
          {requiresStateProvince(country) ? (
            <Grid.Col span={12}>
              <Select
                label={f.state_province_code}
                data={statesProvinces[country].map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
                searchable
                clearable
                nothingFoundMessage={texts.stateNotFound}
                {...ctl.bind('state_province_code')}
              />
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.email} type="email" {...ctl.bind('email')} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.phone} type="tel" {...ctl.bind('phone')} autoComplete="off" />
          </Grid.Col>
        </Grid>
      </Stack>
      <AddressBookModal
        opened={addressBookOpen}
        onClose={() => setAddressBookOpen(false)}
        onPick={(contact) => {
          ctl.fillRecipient(contactToRecipient(contact));
          linkTo(contact);
          setAddressBookOpen(false);
        }}
      />
    </Paper>
  );
}
