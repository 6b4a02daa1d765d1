import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useAppConfig } from '../../app/use-app-config';
import { useOrganisation } from '../account/use-current-user';
import { hasActiveAddon } from '../addons/has-active-addon';

/** The main navigation on narrow screens: the same entries behind one button (docs/web-frame.md). */
export function CompactNavigation() {
  const config = useAppConfig();
  const analyticsActive = hasActiveAddon(useOrganisation(), 'ANALYTICS');
  return (
    <Menu position="bottom-start" width={220} withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={topBarTexts.menu} hiddenFrom="sm" data-testid="compact-navigation-button">
          <IconMenu2 size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown component="nav" aria-label={topBarTexts.mainNavigation}>
        <Menu.Item component={Link} to={paths.dashboard}>
          {topBarTexts.orders}
        </Menu.Item>
        {config.scan_enabled ? (
          <Menu.Item component={Link} to={paths.scan}>
            {topBarTexts.scan}
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={paths.analytics} c={analyticsActive ? undefined : 'gray.7'} fs={analyticsActive ? undefined : 'italic'} title={analyticsActive ? undefined : topBarTexts.analyticsInactive}>
          {topBarTexts.analytics}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
