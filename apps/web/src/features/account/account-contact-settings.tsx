import { Paper, Stack, Title } from '@mantine/core';
import { accountContactTexts, accountTabTitles, firstLoginTexts, screenTitles } from '@verzendhuis/domain/frame-texts';
import { showSuccessToast } from '../../ui/toasts';
import { OrganisationForm } from './organisation-form';
import { useCurrentUser } from './use-current-user';

/** /settings/account, tab account-and-contact: the organisation's name, contact and address. */
export function AccountContactSettings() {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <Title order={1}>{screenTitles.account}</Title>
      <Title order={2} size="h4" c="dimmed">
        {accountTabTitles['account-and-contact']}
      </Title>
      <Paper withBorder p="md" maw={640}>
        <OrganisationForm user={user} submitLabel={accountContactTexts.save} testId="account-contact-form" onSaved={() => showSuccessToast(firstLoginTexts.saved)} />
      </Paper>
    </Stack>
  );
}
