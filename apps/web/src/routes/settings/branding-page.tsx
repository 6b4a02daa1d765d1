import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { brandingTexts } from '@verzendhuis/domain/account-settings-texts';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { LogoField } from '../../features/account/logo-field';
import { useCurrentUser } from '../../features/account/use-current-user';
import { BrandBlock } from '../../features/tracking-mail/tracking-mail-settings';
import { useTrackingMailSettings } from '../../features/tracking-mail/use-tracking-mail';

/**
 * /settings/branding: the logo and the brand colour in one place (docs/account.md). The
 * colour is the one of the tracking e-mails (stored with their settings, PATCH tracking).
 */
export function BrandingPage() {
  const user = useCurrentUser();
  const settings = useTrackingMailSettings();
  return (
    <Stack gap="md">
      <Title order={1}>{screenTitles.branding}</Title>
      <Text size="sm">{brandingTexts.intro}</Text>
      <Paper withBorder p="md" maw={640}>
        <LogoField organisation={user.organisation} />
      </Paper>
      <Stack maw={640}>{settings.data ? <BrandBlock settings={settings.data} /> : <Loader size="sm" aria-label={brandingTexts.colourTitle} />}</Stack>
    </Stack>
  );
}
