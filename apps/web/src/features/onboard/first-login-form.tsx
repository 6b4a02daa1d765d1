import { useNavigate } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import { organisationPatchSchema } from '@verzendhuis/contract/user';
import { firstLoginTexts } from '@verzendhuis/domain/frame-texts';
import { organisationTexts } from '@verzendhuis/domain/organisation';
import { paths } from '../../app/paths';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSnackbar } from '../../ui/toasts';
import { useCurrentUser } from '../account/use-current-user';
import { useUpdateOrganisation } from '../account/use-update-organisation';

/** PATCH user/organisation as the first login sends it: the contact e-mail and phone are required here. */
const firstLoginSchema = organisationPatchSchema.superRefine((patch, ctx) => {
  if (!patch.contact?.email) ctx.addIssue({ code: 'custom', path: ['contact', 'email'], message: firstLoginTexts.emailRequired });
  if (!patch.contact?.phone) ctx.addIssue({ code: 'custom', path: ['contact', 'phone'], message: organisationTexts.phoneRequired });
});

const shown = ['name', 'contact.email', 'contact.phone'];

/** The schema refuses absurd lengths before the domain rule runs; the form words them as that rule does. */
const tooLong: Record<string, string> = {
  name: organisationTexts.nameTooLong,
  'contact.email': organisationTexts.emailTooLong,
  'contact.phone': organisationTexts.phoneTooLong,
};

/** Completes the organisation on the first login: name, contact e-mail and phone. */
export function FirstLoginForm() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const updateOrganisation = useUpdateOrganisation();
  const organisation = user.organisation;
  const form = useSchemaForm({
    schema: firstLoginSchema,
    initialValues: {
      name: organisation.name,
      contact: { email: organisation.contact.email ?? user.email, phone: organisation.contact.phone ?? '' },
    },
    toInput: ({ name, contact }) => ({ name: name.trim(), contact: { email: contact.email.trim(), phone: contact.phone.trim() } }),
    message: (issue) => (issue.code === 'too_big' ? (tooLong[issue.path.join('.')] ?? issue.message) : issue.message),
  });

  const submit = form.onSubmit((update) =>
    updateOrganisation.mutate(update, {
      onSuccess: () => {
        showSnackbar(firstLoginTexts.saved);
        void navigate(paths.dashboard);
      },
      onError: (error) => {
        showServerErrors(form, error);
        if (error instanceof ApiError) showErrorToast(error.body.message, firstLoginTexts.saveFailed);
        else showErrorToast(firstLoginTexts.saveFailed);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="first-login-form">
      <Stack>
        <TextInput label={firstLoginTexts.name} required autoComplete="organization" {...form.getInputProps('name')} />
        <TextInput label={firstLoginTexts.email} type="email" required autoComplete="email" {...form.getInputProps('contact.email')} />
        <TextInput label={firstLoginTexts.phone} type="tel" required autoComplete="tel" {...form.getInputProps('contact.phone')} />
        <FormErrorAlerts errors={form.errors} shown={shown} />
        <Button type="submit" loading={updateOrganisation.isPending}>
          {firstLoginTexts.save}
        </Button>
      </Stack>
    </form>
  );
}
