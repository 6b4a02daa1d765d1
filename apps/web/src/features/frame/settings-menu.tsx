import { Fragment } from 'react';
import { Link, useMatch } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { settingsMenuTexts as texts, topBarTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { paths } from '../../app/paths';
import { supportInboxTexts } from '@verzendhuis/domain/tickets';
import { useCurrentUser } from '../account/use-current-user';

/** The settings pages, grouped as the gear menu shows them (docs/web-frame.md). */
const groups = [
  {
    label: texts.shipping,
    entries: [
      { to: paths.courierServices, label: texts.couriers, testId: 'settings-couriers' },
      { to: paths.shopServices, label: texts.shops, testId: 'settings-shops' },
      { to: paths.shipmentLogic, label: texts.shipmentLogic, testId: 'settings-shipment-logic' },
      { to: paths.printer, label: texts.printer, testId: 'settings-printer' },
      { to: paths.returnSettings, label: texts.returns, testId: 'settings-return' },
      { to: paths.trackingSettings, label: texts.tracking, testId: 'settings-tracking' },
    ],
  },
  {
    label: texts.account,
    entries: [
      { to: paths.settingsAccount, label: texts.accountDetails, testId: 'settings-account' },
      { to: paths.branding, label: texts.branding, testId: 'settings-branding' },
      { to: paths.addressBook, label: texts.addressBook, testId: 'settings-address-book' },
      { to: paths.apiKeys, label: texts.apiKeys, testId: 'settings-api-keys' },
      { to: paths.plans, label: texts.plans, testId: 'settings-plans' },
      { to: paths.billing, label: texts.billing, testId: 'settings-billing' },
      { to: paths.tickets, label: texts.tickets, testId: 'settings-tickets' },
    ],
  },
] as const;

function SettingsEntry({ to, label, testId }: { to: string; label: string; testId: string }) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <Menu.Item component={Link} to={to} data-testid={testId} aria-current={active ? 'page' : undefined} fw={active ? 600 : undefined}>
      {label}
    </Menu.Item>
  );
}

/** The gear: every settings page and logging out, at every width (orders spec §2.2). */
export function SettingsMenu() {
  const { logout } = useAuth();
  const { is_operator: isOperator } = useCurrentUser();
  return (
    <Menu position="bottom-end" width={220} withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={topBarTexts.settings} data-testid="settings-menu-button">
          <IconSettings size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah="calc(100dvh - 80px)" style={{ overflowY: 'auto' }}>
        {groups.map((group, index) => (
          <Fragment key={group.label}>
            {index > 0 ? <Menu.Divider /> : null}
            <Menu.Label c="gray.7">{group.label}</Menu.Label>
            {group.entries.map((entry) => (
              <SettingsEntry key={entry.to} {...entry} />
            ))}
          </Fragment>
        ))}
        {isOperator ? (
          <>
            <Menu.Divider />
            <Menu.Label c="gray.7">{supportInboxTexts.menuGroup}</Menu.Label>
            <SettingsEntry to={paths.supportInbox} label={supportInboxTexts.menuEntry} testId="settings-support-inbox" />
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()} data-testid="logout-menu-item">
          {topBarTexts.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
