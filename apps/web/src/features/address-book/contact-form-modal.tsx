import { Grid, Modal, Select, Stack, TextInput } from '@mantine/core';
import { contactInputSchema, type Contact } from '@verzendhuis/contract/contact';
import { requiresStateProvince, statesProvinces } from '@verzendhuis/domain/countries';
import { contactFieldLabels as f, contactTexts as texts } from '@verzendhuis/domain/contacts-texts';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CountrySelect } from '../../ui/country-select';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { saveHandlers } from '../../ui/form/save-handlers';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { useAddressLookup } from '../order-form/use-address-lookup';
import { useContactMutations } from './use-contacts';

export interface ContactFormValues {
  name: string;
  company_name: string;
  country: string;
  state_province_code: string | null;
  zipcode: string;
  housenumber: string;
  address_1: string;
  address_2: string;
  city: string;
  email: string;
  phone: string;
}

const shownFields = ['name', 'company_name', 'country', 'state_province_code', 'zipcode', 'housenumber', 'address_1', 'address_2', 'city', 'email', 'phone'];

export function contactFormValues(contact: Contact | null): ContactFormValues {
  return {
    name: contact?.name ?? '',
    company_name: contact?.company_name ?? '',
    country: contact?.country ?? 'NL',
    state_province_code: contact?.state_province_code ?? null,
    zipcode: contact?.zipcode ?? '',
    housenumber: contact?.housenumber ?? '',
    address_1: contact?.address_1 ?? '',
    address_2: contact?.address_2 ?? '',
    city: contact?.city ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
  };
}

/**
 * "Contact aanmaken" (account spec §2 Address book), and the same form to change a
 * contact: every field of a contact, the country picker, the state/province only for
 * US, CA and CN, and the postcode helper that fills address line 1 and city.
 */
export function ContactFormModal({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { create, update } = useContactMutations();
  const form = useSchemaForm({ schema: contactInputSchema, initialValues: contactFormValues(contact) });
  const { lookUp, notice } = useAddressLookup({
    form,
    values: form.values,
    fillRecipient: (found) => form.setValues({ address_1: found.address_1, city: found.city }),
  });
  const country = form.values.country;

  const submit = form.onSubmit((body) => {
    if (contact) update.mutate({ ...body, id: contact.id }, saveHandlers(form, { saved: texts.updated, invalidInput: texts.updateFailed, onSaved: onClose }));
    else create.mutate(body, saveHandlers(form, { saved: texts.created, invalidInput: texts.createFailed, onSaved: onClose }));
  });

  const setCountry = (code: string | null) => {
    form.setFieldValue('country', code ?? '');
    if (!code || !requiresStateProvince(code)) form.setFieldValue('state_province_code', null);
  };

  return (
    <Modal opened onClose={onClose} title={contact ? texts.edit : texts.create} size="lg" closeButtonProps={{ 'aria-label': dialogTexts.close }}>
      <form onSubmit={submit} noValidate data-testid="contact-form">
        <Stack>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.name} required autoComplete="off" data-autofocus {...form.getInputProps('name')} data-testid="contact-name" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.company_name} autoComplete="off" {...form.getInputProps('company_name')} data-testid="contact-company" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CountrySelect label={f.country} required {...form.getInputProps('country')} value={country || null} onChange={setCountry} data-testid="contact-country" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={f.state_province_code}
                data={requiresStateProvince(country) ? statesProvinces[country].map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })) : []}
                disabled={!requiresStateProvince(country)}
                searchable
                clearable
                nothingFoundMessage={texts.stateNotFound}
                {...form.getInputProps('state_province_code')}
                data-testid="contact-state"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput label={f.zipcode} required autoComplete="off" {...form.getInputProps('zipcode')} onBlur={lookUp} data-testid="contact-zipcode" />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput label={f.housenumber} autoComplete="off" {...form.getInputProps('housenumber')} onBlur={lookUp} data-testid="contact-housenumber" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={f.address_1} required autoComplete="off" {...form.getInputProps('address_1')} data-testid="contact-address-1" />
            </Grid.Col>
            {notice ? (
              <Grid.Col span={12}>
                <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs" data-testid="address-lookup-notice">
                  {notice}
                </Alert>
              </Grid.Col>
            ) : null}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.address_2} placeholder={f.address_2Placeholder} autoComplete="off" {...form.getInputProps('address_2')} data-testid="contact-address-2" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.city} autoComplete="off" {...form.getInputProps('city')} data-testid="contact-city" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.email} type="email" autoComplete="off" {...form.getInputProps('email')} data-testid="contact-email" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.phone} type="tel" autoComplete="off" {...form.getInputProps('phone')} data-testid="contact-phone" />
            </Grid.Col>
          </Grid>
          <FormErrorAlerts errors={form.errors} shown={shownFields} />
          <FormActions
            cancelLabel={texts.cancel}
            onCancel={onClose}
            submitLabel={contact ? texts.submitEdit : texts.submitCreate}
            sending={create.isPending || update.isPending}
            submitTestId="contact-submit"
            stackOnPhone
          />
        </Stack>
      </form>
    </Modal>
  );
}
