import { Tooltip } from '@mantine/core';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useOrganisation } from '../account/use-current-user';
import { hasActiveAddon } from '../addons/has-active-addon';
import { NavItem } from './nav-item';

/** In plain gray 7 (not bold; AA contrast, which half opacity was not) while the ANALYTICS add-on is not active; it still leads to the page that explains it. */
export function AnalyticsNavItem() {
  const organisation = useOrganisation();
  if (hasActiveAddon(organisation, 'ANALYTICS')) {
    return <NavItem to={paths.analytics} label={topBarTexts.analytics} testId="nav-analytics" />;
  }
  return (
    <Tooltip label={topBarTexts.analyticsInactive} withArrow>
      <span>
        <NavItem
          to={paths.analytics}
          label={topBarTexts.analytics}
          testId="nav-analytics"
          style={{ color: 'var(--mantine-color-gray-7)', fontWeight: 400 }}
        />
      </span>
    </Tooltip>
  );
}
