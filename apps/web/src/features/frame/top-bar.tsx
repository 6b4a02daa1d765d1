import { AppShell, Group } from '@mantine/core';
import { CompactNavigation } from './compact-navigation';
import { LogoLink } from './logo-link';
import { MainNavigation } from './main-navigation';
import { SettingsMenu } from './settings-menu';
import { TicketReplyIndicator } from './ticket-reply-indicator';

/**
 * Orders spec §2.2: logo, ticket envelope, menu entries and the settings gear. Below the
 * sm breakpoint the menu entries move behind the Menu button, so that the envelope and the
 * gear stay on screen at every width.
 */
export function TopBar() {
  return (
    <AppShell.Header role="banner" data-testid="top-bar">
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="xl" wrap="nowrap" miw={0}>
          <Group gap="xs" wrap="nowrap">
            <CompactNavigation />
            <LogoLink />
          </Group>
          <MainNavigation />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TicketReplyIndicator />
          <SettingsMenu />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
