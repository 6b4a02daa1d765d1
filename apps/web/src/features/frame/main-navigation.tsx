import { Group } from '@mantine/core';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useAppConfig } from '../../app/use-app-config';
import { AnalyticsNavItem } from './analytics-nav-item';
import { NavItem } from './nav-item';

export function MainNavigation() {
  const config = useAppConfig();
  return (
    <Group component="nav" aria-label={topBarTexts.mainNavigation} gap={4} wrap="nowrap" visibleFrom="sm">
      <NavItem to={paths.dashboard} label={topBarTexts.orders} testId="nav-orders" />
      {config.scan_enabled ? <NavItem to={paths.scan} label={topBarTexts.scan} testId="nav-scan" /> : null}
      <AnalyticsNavItem />
    </Group>
  );
}
