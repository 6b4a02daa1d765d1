import { Paper, Stack } from '@mantine/core';
import { accountContactTexts, firstLoginTexts } from '@verzendhuis/domain/frame-texts';
import { showSuccessToast } from '../../ui/toasts';
import { LogoField } from './logo-field';
import { OrganisationForm } from './organisation-form';
import { useCurrentUser } from './use-current-user';

/** /settings/account, tab account-and-contact: the organisation's name, contact and address, and its logo. */
export function AccountContactSettings() {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <Paper withBorder p="md" maw={640}>
        <OrganisationForm user={user} submitLabel={accountContactTexts.save} testId="account-contact-form" onSaved={() => showSuccessToast(firstLoginTexts.saved)} />
      </Paper>
      <Paper withBorder p="md" maw={640}>
        <LogoField organisation={user.organisation} />
      </Paper>
    </Stack>
  );
}
