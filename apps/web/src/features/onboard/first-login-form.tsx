import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import type { FieldErrors } from '@verzendhuis/domain/errors';
import { firstLoginTexts } from '@verzendhuis/domain/frame-texts';
import { validateOrganisationUpdate } from '@verzendhuis/domain/organisation';
import { paths } from '../../app/paths';
import { showErrorToast, showSnackbar } from '../../ui/toasts';
import { useCurrentUser } from '../account/use-current-user';
import { useUpdateOrganisation } from '../account/use-update-organisation';

function firstError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.join(' ');
}

/** Completes the organisation on the first login: name, contact e-mail and phone. */
export function FirstLoginForm() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const updateOrganisation = useUpdateOrganisation();
  const organisation = user.organisation;
  const [name, setName] = useState(organisation.name);
  const [email, setEmail] = useState(organisation.contact.email ?? user.email);
  const [phone, setPhone] = useState(organisation.contact.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const update = { name: name.trim(), contact: { email: email.trim(), phone: phone.trim() } };
    const found = validateOrganisationUpdate({ update });
    if (!update.contact.email) found['contact.email'] = [firstLoginTexts.emailRequired];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    updateOrganisation.mutate(update, {
      onSuccess: () => {
        showSnackbar(firstLoginTexts.saved);
        void navigate(paths.dashboard);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(error.body.fields);
          showErrorToast(error.body.message, firstLoginTexts.saveFailed);
        } else {
          showErrorToast(firstLoginTexts.saveFailed);
        }
      },
    });
  }

  function clearError(field: string) {
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="first-login-form">
      <Stack>
        <TextInput
          label={firstLoginTexts.name}
          required
          autoComplete="organization"
          value={name}
          error={firstError(errors, 'name')}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clearError('name');
          }}
        />
        <TextInput
          label={firstLoginTexts.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          error={firstError(errors, 'contact.email')}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            clearError('contact.email');
          }}
        />
        <TextInput
          label={firstLoginTexts.phone}
          type="tel"
          required
          autoComplete="tel"
          value={phone}
          error={firstError(errors, 'contact.phone')}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            clearError('contact.phone');
          }}
        />
        <Button type="submit" loading={updateOrganisation.isPending}>
          {firstLoginTexts.save}
        </Button>
      </Stack>
    </form>
  );
}
