import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { IconAdjustments, IconLogout, IconSettings } from '@tabler/icons-react';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { paths } from '../../app/paths';

export function SettingsMenu() {
  const { logout } = useAuth();
  return (
    <Menu position="bottom-end" width={200} withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={topBarTexts.settings} data-testid="settings-menu-button">
          <IconSettings size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.settings} leftSection={<IconAdjustments size={16} />}>
          {topBarTexts.settings}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="logout-menu-item"
        >
          {topBarTexts.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
